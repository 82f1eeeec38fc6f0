import type { AppErrorData } from '../../../../shared/errors'
import type { FleetConsole, FleetFound, VersionBand } from '../../../../shared/fleet/schemas'
import { missingPermission } from '../../lib/missing-permission'
import { formatCount } from '../../lib/numbers'
import { consolesWords } from '../../lib/i18n/consoles-messages.svelte'
import { tokenLacks } from '../../lib/i18n/permission-words.svelte'
import { consoleName } from '../../lib/i18n/console-name.svelte'

/** The version band in words: "3.3.10 or newer", "3.2.20 or newer, before 3.3.10", "before 3.1.30". */
export function versionWords(band: VersionBand | null): string {
  const m = consolesWords()
  if (!band || (!band.atLeast && !band.below)) return m.t('version.unknown')
  if (band.atLeast && !band.below) return m.t('version.atLeast', { key: band.atLeast })
  if (band.atLeast) return m.t('version.between', { key: band.atLeast, until: band.below! })
  return m.t('version.below', { until: band.below! })
}

/** Why a count could not be read, short enough for its cell (the whole message is in the row's state). */
export function countReason(error: AppErrorData): string {
  const m = consolesWords()
  const key = missingPermission(error)
  if (key) return m.t('reason.needs', { key })
  if (error.kind === 'permission') return m.t('reason.permission')
  if (error.kind === 'unsupported') return m.t('reason.tooOld')
  return m.t('reason.unread')
}

/** The token's keys in a few words: every one held, or which are missing (and which could not be told). */
export function keyWords(permissions: FleetConsole['permissions']): string {
  const m = consolesWords()
  if (!permissions) return m.t('keys.unknown')
  const missing = permissions.filter((p) => p.status === 'missing').map((p) => p.key)
  const unknown = permissions.filter((p) => p.status === 'unknown').length
  if (missing.length === 0 && unknown === 0) return m.t('keys.all', { count: permissions.length })
  const untold = unknown ? m.t('keys.untold', { count: unknown }) : null
  // The token's whole list in the sidebar's words (one rule: lib/i18n/permission-words), a sentence of its own.
  if (!missing.length) return untold!
  return [tokenLacks(missing), untold].filter(Boolean).join(' ')
}

/**
 * The line a find across consoles ends with (shown, and said by its live region): what was found on the
 * consoles that were searched — only those are counted — and each console that could not be, by name as
 * the desk says it (lib/i18n/console-name: "Hill Campus did not answer: not searched."). A console down is never counted as searched and found empty.
 */
export function findSummary(
  found: Readonly<Record<string, FleetFound>>,
  profiles: readonly { id: string; name: string }[]
): string {
  const answers = profiles.map((p) => found[p.id]).filter((f): f is FleetFound => f !== undefined)
  const searched = answers.filter((f) => f.ok)
  const hits = searched.reduce((n, f) => n + f.hits.length + f.more, 0)
  const m = consolesWords()
  const counted = { total: hits, n: formatCount(hits), count: searched.length }
  const parts = [
    searched.length === 0
      ? m.t('summary.none')
      : m.t(searched.length < profiles.length ? 'summary.foundSome' : 'summary.found', counted)
  ]
  for (const f of answers) {
    if (!f.ok)
      parts.push(
        m.t(f.error.kind === 'network' ? 'summary.noAnswer' : 'summary.notAsked', { name: consoleName(f.name) })
      )
  }
  return parts.join(' ')
}

/** A console that took this long to answer every read is said to be slow (it answered: not "Not answering"). */
export const SLOW_READ_MS = 3000

/** "Slow: answered in 12 s" for a console that answered slowly; null for one that answered quickly or not at all. */
export function slowWords(answeredInMs: number | undefined): string | null {
  if (answeredInMs === undefined || answeredInMs < SLOW_READ_MS) return null
  return consolesWords().t('slow', { seconds: formatCount(Math.round(answeredInMs / 1000)) })
}
