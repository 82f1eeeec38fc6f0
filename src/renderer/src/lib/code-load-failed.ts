import { AppError } from '../../../shared/errors'

/**
 * A chunk of the app's own code that could not be loaded (a screen, the walk-in form), said alike
 * wherever code is loaded on demand: most often the files were updated under a running page.
 * `what` names it as the sentence starts ("This screen", "The walk-in form").
 */
export function codeLoadFailed(what: string, err: unknown): AppError {
  return new AppError({
    kind: 'storage',
    message: `${what} could not be loaded (${err instanceof Error ? err.message : String(err)}).`,
    hint: 'Try again; if it fails again, reload the window (Ctrl+R): the app was probably updated while it ran.',
    retryable: true
  })
}
