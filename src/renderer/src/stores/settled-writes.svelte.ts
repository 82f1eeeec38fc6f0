import { SvelteMap } from 'svelte/reactivity'
import type { AppErrorData } from '../../../shared/errors'
import type { WriteSettled } from '../../../shared/audit/write-settled'
import { getApi } from '../lib/api'
import { onMainRestart } from '../lib/main-restarts'

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
 * The rows a notice shown now follows, each with how many notices follow it. Not reactive: a notice's
 * effect counts itself in it, and nothing on screen is drawn from it (only the reconnect read uses it).
 */
// eslint-disable-next-line svelte/prefer-svelte-reactivity -- deliberately not reactive (see above)
const followed = new Map<string, number>()

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
 * The one rule of every form whose write's answer was lost: once main's read-back says it was done, the
 * form never offers that write again. Its notice says it is done (ErrorNotice, as a status, not an
 * alert), and its submit turns into the next step or is off saying so (`submitOff` reason `done`),
 * never "Create" / "Save" / "Buy" again under a "done after all".
 */
export function foundDone(error: Pick<AppErrorData, 'details'> | null | undefined): boolean {
  return !!error && settledOf(error) === true
}

/**
 * Listen to main's settlements while a notice of an unsure write (its audit `row`) is shown (one
 * subscription for all of them); the returned function stops listening. Settlements heard stay known
 * for the page's life.
 */
export function followSettlements(row?: string): () => void {
  if (listeners++ === 0) off = getApi().on('audit.settled', ({ rowId, done }) => void found.set(rowId, done))
  if (row) followed.set(row, (followed.get(row) ?? 0) + 1)
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    if (row) {
      const left = (followed.get(row) ?? 1) - 1
      if (left > 0) followed.set(row, left)
      else followed.delete(row)
    }
    if (--listeners === 0) {
      off?.()
      off = undefined
    }
  }
}

/**
 * Main restarted (web mode): it reads back the writes an earlier run left Unknown as soon as the console
 * answers, possibly before this tab was connected to hear it. Each row a notice still follows is read
 * from the Audit once: one settled meanwhile is said as settled; one not yet is heard when it is.
 */
export async function settlementsAfterRestart(): Promise<void> {
  await Promise.all(
    [...followed.keys()]
      .filter((row) => !found.has(row))
      .map(async (row) => {
        // A list that fails says nothing here: the row's settlement is still heard when main says it.
        const listed = await getApi()
          .audit.list({ filter: { id: row }, limit: 1 })
          .catch(() => undefined)
        const said = listed?.items[0]?.said
        if (said?.key === 'settled' && said.done !== undefined) found.set(row, said.done)
      })
  )
}
onMainRestart('settled-writes', settlementsAfterRestart)

/** The settlements heard so far forgotten (the tests' fresh start). */
export function forgetSettlements(): void {
  found.clear()
}
