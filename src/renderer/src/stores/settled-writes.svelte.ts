import { SvelteMap } from 'svelte/reactivity'
import type { AppErrorData } from '../../../shared/errors'
import type { WriteSettled } from '../../../shared/audit/write-settled'
import { getApi } from '../lib/api'

/**
 * What main's read-backs found of the writes whose answer was lost, by audit row: the one place a
 * screen learns that a "may have done it" it shows is settled. Main settles an Unknown row when it reads
 * the console back (right after the lost answer, or when the console answers again: audit/settle-write)
 * and says so (`audit.settled`), as the Audit records it; the error a screen holds names its row
 * (`details.auditRow`). ErrorNotice, which every form shows its failure with, says what the read found
 * in place of the unsure words (`settledOf`), so no screen keeps saying "may have done it" once main knows.
 */
const found = new SvelteMap<string, WriteSettled['done']>()
let listeners = 0
let off: (() => void) | undefined

/**
 * The audit row of a write whose answer was lost and whose outcome the error leaves unknown, when main
 * named it. An error that already says what a read-back found (`outcome`, `readBack`: not created, a PIN
 * held) keeps its own, more precise words.
 */
export function lostWriteRow(error: Pick<AppErrorData, 'details'>): string | undefined {
  const d = error.details
  if (d?.['answerLost'] !== true || d['outcome'] !== undefined || d['readBack'] !== undefined) return undefined
  return typeof d['auditRow'] === 'string' ? d['auditRow'] : undefined
}

/** What main's read-back found of this error's write, once it settled it; undefined while it is unsure. */
export function settledOf(error: Pick<AppErrorData, 'details'>): WriteSettled['done'] | undefined {
  const row = lostWriteRow(error)
  return row === undefined ? undefined : found.get(row)
}

/**
 * Listen to main's settlements while a notice of an unsure write is shown (one subscription for all of
 * them); the returned function stops listening. Settlements heard stay known for the page's life.
 */
export function followSettlements(): () => void {
  if (listeners++ === 0) off = getApi().on('audit.settled', ({ rowId, done }) => void found.set(rowId, done))
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    if (--listeners === 0) {
      off?.()
      off = undefined
    }
  }
}

/** The settlements heard so far forgotten (the tests' fresh start). */
export function forgetSettlements(): void {
  found.clear()
}
