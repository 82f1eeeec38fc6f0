import type { BatchSummary } from '../../../shared/batches/schemas'
import { importWords } from '../lib/i18n/import-messages.svelte'
import { withReadBack } from '../lib/read-back'

type Counts = BatchSummary['counts']

/**
 * An upload's stop as it was said: the batch's counts then, and what the stopped upload itself had
 * sent, imported and had refused (its error's details; a stop by a restart of main knows none of them).
 */
export interface StopLeft {
  counts: Counts
  sent?: number
  imported?: number
  failed?: number
}

const COUNT_KEYS = ['total', 'pending', 'imported', 'failed', 'unknown'] as const

/** Main's `countsAtStop` when it is whole counts, else undefined (a main before it, or a malformed answer). */
function countsIn(value: unknown): Counts | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const counts = value as Record<string, unknown>
  return COUNT_KEYS.every((key) => Number.isInteger(counts[key])) ? (counts as Counts) : undefined
}

/**
 * The stop as the upload's error tells it (main's upload.ts `details`): the batch's counts when it stopped
 * (`countsAtStop`), else `counts`, as the tab read them after the answer. Main's own counts come first:
 * main may read the lost part back before the tab hears of the stop, and counts read after that would
 * leave no row to check, so the stop would never give way to what it left (a race seen on a loaded CI).
 */
export function stopLeftOf(counts: Counts, details: Record<string, unknown> | undefined): StopLeft {
  const count = (key: string) => (typeof details?.[key] === 'number' ? (details[key] as number) : undefined)
  const atStop = countsIn(details?.countsAtStop)
  const sent = count('sent')
  const imported = count('imported')
  const failed = count('failed')
  return {
    counts: atStop ?? counts,
    ...(sent !== undefined && { sent }),
    ...(imported !== undefined && { imported }),
    ...(failed !== undefined && { failed })
  }
}

/**
 * What an upload's stop says once rows it left "to check" were settled without this screen's Check
 * (main reads a lost part back by itself: right after the lost answer, when the console answers again,
 * or when the Audit reads the part back). It is the upload's outcome, said whole in one sentence: what
 * it sent and what of that is on the console, what is still to send and how — then the one read-back
 * sentence every screen says of a write whose answer was lost and was read back (lib/read-back, as
 * ErrorNotice's `doneSays`). `left`: the stop as it was said; `now`: the batch as main holds it now;
 * `fixed`: rows edited since they failed (Retry's, not Upload's). Null while the stop is still true
 * (none of its rows to check settled yet).
 */
export function stopSettledWords(left: StopLeft, now: Counts, fixed: number): string | null {
  const before = left.counts
  if (before.unknown === 0 || now.unknown >= before.unknown) return null
  const settled = before.unknown - now.unknown
  // Rows to check found on the console are imported now; the others went back to "not sent".
  const found = Math.min(settled, Math.max(0, now.imported - before.imported))
  const absent = settled - found
  // The rows Upload sends (its button's count): the ones never sent, and those the check did not find.
  const toSend = Math.max(0, now.pending - fixed)
  const outcome = importWords().t('upload.stopSettled', {
    // A stop by a restart knows only the rows it left to check: those are what it sent.
    sent: left.sent ?? before.unknown,
    onConsole: (left.imported ?? 0) + found,
    absent,
    failed: left.failed ?? 0,
    toCheck: now.unknown,
    notSent: Math.max(0, toSend - absent)
  })
  return withReadBack(outcome, true)
}

/** The stop that follows once `now` is said: the rows still to check, else none left to follow. */
export function stopLeftAfter(left: StopLeft, now: Counts): StopLeft | null {
  if (now.unknown === 0) return null
  const found = Math.max(0, now.imported - left.counts.imported)
  return { ...left, counts: now, sent: left.sent ?? left.counts.unknown, imported: (left.imported ?? 0) + found }
}
