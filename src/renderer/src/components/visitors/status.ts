import type { VisitorStatus } from '../../../../shared/access/visitors'

/**
 * A visitor's status in the desk's words. `stateWord`/`stateFilters`: in the desk's language (what
 * Visitors shows and the people picker says); `visitorStatusWords`: the English table
 * (shared/visitors/states.ts).
 */
export { visitorStateWords as visitorStatusWords, visitorStateFilters } from '../../../../shared/visitors/states'
export { stateWord, stateFilters } from '../../lib/i18n/state-words.svelte'

/** A visit that can no longer be used: cancelled, or its window is over (or the console says so). */
export function visitOver(
  v: { status?: VisitorStatus | undefined; end_time?: number | undefined },
  nowSeconds = Date.now() / 1000
): 'cancelled' | 'ended' | null {
  if (v.status === 'CANCELLED') return 'cancelled'
  if (v.status === 'VISITED' || v.status === 'NO_VISIT') return 'ended'
  if (v.end_time !== undefined && v.end_time > 0 && v.end_time <= nowSeconds) return 'ended'
  return null
}
