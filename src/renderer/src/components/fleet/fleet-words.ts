import type { AppErrorData } from '../../../../shared/errors'
import type { FleetConsole, FleetFound, VersionBand } from '../../../../shared/fleet/schemas'
import { missingPermission } from '../../lib/missing-permission'
import { formatCount } from '../../lib/numbers'
import { countOf } from '../../lib/plural'

/** The version band in words: "3.3.10 or newer", "3.2.20 or newer, before 3.3.10", "before 3.1.30". */
export function versionWords(band: VersionBand | null): string {
  if (!band || (!band.atLeast && !band.below)) return 'Not known'
  if (band.atLeast && !band.below) return `${band.atLeast} or newer`
  if (band.atLeast) return `${band.atLeast} or newer, before ${band.below}`
  return `before ${band.below}`
}

/** Why a count could not be read, short enough for its cell (the whole message is in the row's state). */
export function countReason(error: AppErrorData): string {
  const key = missingPermission(error)
  if (key) return `Needs ${key}`
  if (error.kind === 'permission') return 'A permission is missing'
  if (error.kind === 'unsupported') return 'Console too old'
  return 'Could not be read'
}

/** The token's keys in a few words: every one held, or which are missing (and which could not be told). */
export function keyWords(permissions: FleetConsole['permissions']): string {
  if (!permissions) return 'Not known'
  const missing = permissions.filter((p) => p.status === 'missing').map((p) => p.key)
  const unknown = permissions.filter((p) => p.status === 'unknown').length
  if (missing.length === 0 && unknown === 0) return `All ${permissions.length} held`
  const parts = []
  if (missing.length) parts.push(`Missing ${missing.join(', ')}`)
  if (unknown) parts.push(`${unknown} not known`)
  return parts.join('; ')
}

/**
 * The line a find across consoles ends with (shown, and said by its live region): what was found on the
 * consoles that were searched — only those are counted — and each console that could not be, by name
 * ("Hill Campus did not answer: not searched."). A console down is never counted as searched and found empty.
 */
export function findSummary(
  found: Readonly<Record<string, FleetFound>>,
  profiles: readonly { id: string; name: string }[]
): string {
  const answers = profiles.map((p) => found[p.id]).filter((f): f is FleetFound => f !== undefined)
  const searched = answers.filter((f) => f.ok)
  const hits = searched.reduce((n, f) => n + f.hits.length + f.more, 0)
  const parts = [
    searched.length === 0
      ? 'No console could be searched.'
      : `${hits === 0 ? 'Nothing found' : `${formatCount(hits)} found`} on ${countOf(searched.length, 'console')}${
          searched.length < profiles.length ? ' searched' : ''
        }.`
  ]
  for (const f of answers) {
    if (!f.ok)
      parts.push(`${f.name} ${f.error.kind === 'network' ? 'did not answer' : 'could not be asked'}: not searched.`)
  }
  return parts.join(' ')
}

/** A console that took this long to answer every read is said to be slow (it answered: not "Not answering"). */
export const SLOW_READ_MS = 3000

/** "Slow: answered in 12 s" for a console that answered slowly; null for one that answered quickly or not at all. */
export function slowWords(answeredInMs: number | undefined): string | null {
  if (answeredInMs === undefined || answeredInMs < SLOW_READ_MS) return null
  return `Slow: answered in ${formatCount(Math.round(answeredInMs / 1000))} s`
}
