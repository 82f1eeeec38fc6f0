import type { VisitorStatus } from '../../../../shared/access/visitors'
import { visitStage } from '../../../../shared/visitors/visit-stage'

/**
 * A visitor's status in the desk's words. `stateWord`/`stateFilters`: in the desk's language (what
 * Visitors shows and the people picker says); `visitorStatusWords`: the English table
 * (shared/visitors/states.ts).
 */
export { visitorStateWords as visitorStatusWords, visitorStateFilters } from '../../../../shared/visitors/states'
export { stateWord, stateFilters } from '../../lib/i18n/state-words.svelte'

/**
 * A visit that can no longer be used: cancelled, or its window is over (or the console says so). The
 * one rule of a visit's stage (shared/visitors/visit-stage.ts), said as what is over.
 */
export function visitOver(
  v: { status?: VisitorStatus | undefined; end_time?: number | undefined },
  nowSeconds = Date.now() / 1000
): 'cancelled' | 'ended' | null {
  const stage = visitStage(v, nowSeconds)
  return stage === 'cancelled' || stage === 'ended' ? stage : null
}
