import { router } from '../../stores/router.svelte'

/**
 * "Open Settings → Connections" (an error whose remedy is there: a refused token, a changed certificate)
 * leads to the connection to fix: Settings opens with the focus on the active connection (else the
 * Connections heading), where Change token… and the certificate are. The request is kept until the
 * Connections section is shown (Settings may load a moment later) and honoured once.
 */
class ConnectionsFocus {
  wanted = $state(false)
}
export const connectionsFocus = new ConnectionsFocus()

export function openConnections(): void {
  connectionsFocus.wanted = true
  router.go('settings')
}
