/**
 * The tab's state of the bridge, announced on `window` as a DOM event (the renderer shows a banner
 * from it; in the desktop app there is no bridge and the event never fires).
 */
export const BRIDGE_STATUS_EVENT = 'access-desk:bridge-status'
/** `no-key`: the address was opened without its key (`#k=…`), so the tab never tries to connect. */
export type BridgeStatus = 'connected' | 'lost' | 'refused' | 'no-key'

/**
 * The code of a call's error when the tab could not reach the service (lost, or restarted at another
 * address): such an error is about the link, not the call, and is no longer shown once the link is
 * back (the renderer's ErrorNotice drops it then, on every screen).
 */
export const SERVICE_LOST_CODE = 'SERVICE_LOST'

const RESTART_HINT = 'Restart it with npm start (or npm run web) and open the address it prints.'
const NO_KEY_HINT =
  'Open the full address that npm run web (or npm start) printed when it started: it ends with #k= and its key.'

/**
 * What a call (or a chunk of the app's code) fails with while the tab cannot reach the service, as the
 * bridge is `status`: the link's error, not the call's (SERVICE_LOST_CODE). These are the tab's own
 * words, in English; the renderer says them in the desk's language from its common words
 * (lib/i18n/error-words `serviceLinkSaid`), which `details` chooses between.
 */
export function serviceLinkError(status: BridgeStatus | undefined): {
  kind: 'network'
  code: string
  message: string
  hint: string
  retryable: true
  details: { restarted: boolean; noKey?: true }
} {
  const link = { kind: 'network', code: SERVICE_LOST_CODE, retryable: true } as const
  if (status === 'no-key')
    return {
      ...link,
      message: 'This address lacks its key (#k=…), so this page cannot reach Access Desk.',
      hint: NO_KEY_HINT,
      details: { restarted: false, noKey: true }
    }
  return status === 'refused'
    ? {
        ...link,
        message: 'This page is no longer connected to Access Desk: the service was restarted.',
        hint: RESTART_HINT,
        details: { restarted: true }
      }
    : {
        ...link,
        message: "The connection to Access Desk's local service is lost.",
        hint: RESTART_HINT,
        details: { restarted: false }
      }
}
