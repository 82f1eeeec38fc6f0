import { AppError } from '../../../shared/errors'
import type { ProfileRecord } from './profiles'

/**
 * The refusal of a console already saved (found by shared/same-console.ts): which profile it is, for
 * the screen to offer to open it instead (errors catalogue SAME_CONSOLE).
 */
export function sameConsole(saved: ProfileRecord): AppError {
  return new AppError({
    kind: 'validation',
    code: 'SAME_CONSOLE',
    message: `This is the console already saved as “${saved.name}”: it presents the same certificate.`,
    hint: `Open “${saved.name}” to change its name or token instead of saving it twice.`,
    details: { profileId: saved.id, name: saved.name }
  })
}
