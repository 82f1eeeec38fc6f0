import { AppError } from '../../../shared/errors'
import type { ProfileRecord } from './profiles'

/**
 * Whether two console addresses are one: scheme, host (any case), port (443 when none is written) and
 * path (trailing slashes dropped). An address that does not parse is no other's.
 */
export function sameAddress(a: string, b: string): boolean {
  const parts = (url: string) => {
    try {
      const u = new URL(url)
      const port = u.port || (u.protocol === 'https:' ? '443' : u.protocol === 'http:' ? '80' : '')
      return `${u.protocol}//${u.hostname.toLowerCase()}:${port}${u.pathname.replace(/\/+$/, '')}`
    } catch {
      return null
    }
  }
  const left = parts(a)
  return left !== null && left === parts(b)
}

/**
 * One console is one console: the saved profile (other than `exceptId`, the one being edited) with the
 * same address and the same pinned certificate, or undefined. A second profile of it would be taken for
 * another console (its batches and rosters read-only under the first's name, a find across consoles
 * answered twice). The built-in demo console has no stored address and is never matched.
 */
export function savedAs(
  profiles: readonly ProfileRecord[],
  url: string,
  fingerprint256: string,
  exceptId?: string
): ProfileRecord | undefined {
  return profiles.find(
    (p) => !p.demo && p.id !== exceptId && p.fingerprint256 === fingerprint256 && sameAddress(p.url, url)
  )
}

/** The refusal: which profile it is, for the screen to offer to open it instead (errors catalogue SAME_CONSOLE). */
export function sameConsole(saved: ProfileRecord): AppError {
  return new AppError({
    kind: 'validation',
    code: 'SAME_CONSOLE',
    message: `This is the console already saved as “${saved.name}”: the same address and the same certificate.`,
    hint: `Open “${saved.name}” to change its name or token instead of saving it twice.`,
    details: { profileId: saved.id, name: saved.name }
  })
}
