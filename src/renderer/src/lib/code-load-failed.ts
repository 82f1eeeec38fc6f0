import { AppError } from '../../../shared/errors'
import { serviceLinkError } from '../../../web/bridge-status'
import { serviceLink } from '../stores/connection-service.svelte'

/**
 * A chunk of the app's own code that could not be loaded (a screen, the walk-in form), said alike
 * wherever code is loaded on demand: most often the files were updated under a running page.
 * `what` names it as the sentence starts ("This screen", "The walk-in form").
 *
 * While the tab cannot reach web mode's service (serviceLink.down), that is why: the failure is the
 * link's (web/bridge-status `serviceLinkError`), said in the desk's language and withdrawn once the
 * service is back, when what failed is loaded again — never "reload the window", which would lose what
 * was typed on the page.
 */
export function codeLoadFailed(what: string, err: unknown): AppError {
  if (serviceLink.down) return new AppError(serviceLinkError(serviceLink.status))
  return new AppError({
    kind: 'storage',
    message: `${what} could not be loaded (${err instanceof Error ? err.message : String(err)}).`,
    hint: 'Try again; if it fails again, reload the window (Ctrl+R): the app was probably updated while it ran.',
    retryable: true
  })
}
