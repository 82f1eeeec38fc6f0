import type { EndInput } from './audit-log'

/** What reading the console back found of a write whose answer was lost. */
export interface ReadBackFinding {
  done: boolean
  /** What the read found, when more than done / not done (a batch given to 2 of 3 users). */
  detail?: string
}

/**
 * The rows whose outcome a read-back may settle, by the error their write's caller got (the very
 * object the HTTP layer throws): a service that reads the console back after a lost answer says what
 * it found with `settleWrite(err, …)`, without knowing the journal. Weak: an error nobody reads back
 * is forgotten with it.
 */
const unsettled = new WeakMap<object, (finding: ReadBackFinding) => Promise<void>>()

/** A write's row, Unknown: `append` adds the line that settles it once a read-back says what happened. */
export function awaitReadBack(error: object, append: (end: EndInput) => Promise<void>): void {
  unsettled.set(error, (finding) => append(settledEnd(finding)))
}

/**
 * A write whose answer was lost (its row Unknown), settled by reading the console back: a second
 * `end` line is appended for the row (the journal stays append-only; the first line still says the
 * answer was lost), and the row reads Done or Refused with what the read found. Never throws, and
 * settles a row once; an error of no recorded write (or one settled already) is left alone.
 */
export async function settleWrite(err: unknown, finding: ReadBackFinding): Promise<void> {
  if (!err || typeof err !== 'object') return
  const settle = unsettled.get(err)
  if (!settle) return
  unsettled.delete(err)
  await settle(finding).catch(() => undefined)
}

/** The words of a settled row: what happened, and that the outcome was read, not answered. */
export function settledEnd(finding: ReadBackFinding): EndInput {
  return finding.done
    ? {
        outcome: 'ok',
        message: "Done: the console's answer was lost; reading it back shows this was done.",
        ...(finding.detail ? { detail: finding.detail } : {})
      }
    : {
        outcome: 'refused',
        message:
          "Not done: the console's answer was lost; reading it back shows this was not done (safe to try again).",
        ...(finding.detail ? { detail: finding.detail } : {})
      }
}
