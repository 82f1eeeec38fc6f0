import type { TokenCheck } from '../../../../shared/connections'
import { settingsWords } from '../../lib/i18n/settings-messages.svelte'
import { formatCount } from '../../lib/numbers'
import { permissionUse } from './permission-use'
import { tokenLacks } from '../../lib/i18n/permission-words.svelte'
import type { CheckShown } from './keys-now'

/** Whether a test proved everything it asked: no key left untold because its probe met an error. */
export function checkTold(check: TokenCheck): boolean {
  return check.permissions.every((p) => p.status !== 'unknown')
}

/**
 * One sentence for screen readers and the eye: what works, which keys are missing, and which keys
 * the console could not be asked about (an error answered their probe): those are never called held.
 */
export function checkSummary(check: CheckShown): string {
  const m = settingsWords()
  const keysWith = (status: string) => check.permissions.filter((p) => p.status === status)
  const missing = keysWith('missing')
  // A key not known since the check (keys-now.ts: the state no longer names it) met no error: the line
  // under the summary says why; it is never counted held either.
  const unknown = keysWith('unknown').filter((p) => !p.since)
  const since = check.permissions.some((p) => p.since)
  // The keys are the console's names (never translated); what each is needed for is the desk's words.
  const untold = unknown.map((p) => p.key).join(', ')
  const reached = { url: check.url, ms: formatCount(check.latencyMs) }
  if (unknown.length > 0 && unknown.length === check.permissions.length) {
    return m.t('check.allErrors', { url: check.url, list: untold })
  }
  if (check.permissions.length > 0 && missing.length === check.permissions.length) {
    // A token the console accepts but that holds no key works for nothing: never said to "work".
    return m.t('check.noKeys', { ...reached, list: missing.map((p) => p.key).join(', ') })
  }
  const parts = [m.t('check.connected', reached)]
  if (missing.length > 0) {
    // The token's whole list in the sidebar's words (one rule: lib/i18n/permission-words).
    const lacks = tokenLacks(missing.map((p) => p.key))
    parts.push(m.t('check.missing', { uses: missing.map(permissionUse).join('; '), lacks, count: missing.length }))
  }
  if (unknown.length > 0) parts.push(m.t('check.untold', { list: untold }))
  else if (missing.length === 0 && !since) parts.push(m.t('check.allHeld'))
  return parts.join(' ')
}
