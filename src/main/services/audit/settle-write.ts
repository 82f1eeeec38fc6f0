import type { EndInput } from './audit-log'
import type { AuditFact } from '../../../shared/audit/detail-facts'
import { settledOutcome } from './write-outcome'
import type { ImportedCardNumbers } from '../../../shared/audit/schemas'
import type { WriteSettled } from '../../../shared/audit/write-settled'
import { AppError } from '../../../shared/errors'

/** What reading the console back found of a write whose answer was lost. */
export interface ReadBackFinding {
  /** `'partly'`: some of what one request sent is there, some not (an import found 3 of its 7 cards). */
  done: boolean | 'partly'
  /** What the read found, when more than done / not done (a batch given to 2 of 3 users), as facts. */
  fact?: AuditFact
  /** Read when the console answered again, not right after the lost answer (see settleLater). */
  later?: true
  /** Not read: taken from the answer the app had recorded elsewhere before it stopped (an upload's batch). */
  recorded?: true
  /** An import's cards found, by NFC ID → the console's number: each card's line names it. */
  numbers?: ImportedCardNumbers
}

/**
 * The rows whose outcome a read-back may settle, by the error their write's caller got (the very
 * object the HTTP layer throws): a service that reads the console back after a lost answer says what
 * it found with `settleWrite(err, …)`, without knowing the journal. Weak: an error nobody reads back
 * is forgotten with it.
 */
const unsettled = new WeakMap<object, { rowId?: string; settle: (finding: ReadBackFinding) => Promise<void> }>()

/**
 * The rows of one run of the app (one audit trail, AuditService) still Unknown, by row id: what
 * settles them, and the check of those whose write can be read back by its kind alone. Held for this
 * run only, never beside another run's (a restart, or a second service graph on the same data folder
 * in one process): a row this run did not write is settled through the journal (`keptOnDisk`).
 */
export class RowsToSettle {
  /**
   * An upload whose answer was lost is checked long after its error is gone ("Check with the
   * console"): only its batch journal, which keeps the row id (auditRowOf), links the two.
   */
  private readonly unsettledRows = new Map<string, (finding: ReadBackFinding) => Promise<void>>()
  /**
   * Rows whose write can be read back by its kind alone (later-checks.ts): the read right after the
   * lost answer failed too (the console went down), so they are read when it answers again.
   */
  private readonly checkLater = new Map<string, () => Promise<ReadBackFinding | undefined>>()
  private checking: Promise<void> | undefined
  private checkAgain = false

  /**
   * `keptOnDisk` settles a row the journal still holds as Unknown and leaves any other alone
   * (AuditLog.settleUnknown).
   */
  constructor(
    private readonly keptOnDisk: (rowId: string, end: EndInput) => Promise<unknown>,
    /** A row of this run settled: said to the screens still showing its write's lost answer. */
    private readonly settled: (settled: WriteSettled) => void = () => undefined
  ) {}

  /**
   * A write's row, Unknown: `append` adds the line that settles it once a read-back says what happened,
   * once whichever read comes first (the service's own read right after, `later` when the console
   * answers again, or a check by the row's id).
   */
  awaitReadBack(
    error: object,
    append: (end: EndInput) => Promise<void>,
    rowId?: string,
    later?: () => Promise<ReadBackFinding | undefined>
  ): void {
    let settled = false
    const settle = async (finding: ReadBackFinding) => {
      if (settled) return
      settled = true
      if (rowId) {
        this.unsettledRows.delete(rowId)
        this.checkLater.delete(rowId)
      }
      await append(settledEnd(finding))
      if (rowId) this.settled({ rowId, done: finding.done })
    }
    unsettled.set(error, { settle, ...(rowId ? { rowId } : {}) })
    // The error the caller gets names its row: a screen showing it follows the row's settlement.
    if (rowId && error instanceof AppError && error.details) error.details['auditRow'] = rowId
    if (rowId) this.unsettledRows.set(rowId, settle)
    if (rowId && later) this.checkLater.set(rowId, later)
  }

  /**
   * The console answers again: every row still Unknown with a later check is read back now, by its
   * write's kind, and settled with what the console holds, said as checked later. A check whose read
   * fails stays for the next time; one that cannot tell (a PIN held, nothing known of before) is not
   * asked again. Calls while checks run are folded into one more round after them. Never throws.
   */
  settleLater(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true
      return this.checking
    }
    this.checking = (async () => {
      do {
        this.checkAgain = false
        for (const [rowId, check] of [...this.checkLater]) {
          const finding = await check().catch(() => null)
          if (finding === null) continue
          this.checkLater.delete(rowId)
          const settle = this.unsettledRows.get(rowId)
          if (finding && settle) await settle({ ...finding, later: true }).catch(() => undefined)
        }
      } while (this.checkAgain)
    })().finally(() => (this.checking = undefined))
    return this.checking
  }

  /**
   * settleWrite by the row's id, for a read-back made once the error is gone (an upload's "Check with
   * the console"). The same rules: never throws, settles once, leaves an unknown id alone. A row this run
   * did not write (the app restarted since the upload's answer was lost) is settled on disk, only while
   * the journal still holds it as Unknown.
   */
  async settleRow(rowId: string, finding: ReadBackFinding): Promise<void> {
    const settle = this.unsettledRows.get(rowId)
    if (!settle) {
      // Said to the screens too: a tab kept across the restart may still show the write's lost answer.
      const written = await this.keptOnDisk(rowId, settledEnd(finding)).catch(() => false)
      if (written === true) this.settled({ rowId, done: finding.done })
      return
    }
    await settle(finding).catch(() => undefined)
  }

  /** Whether this run holds the row to settle (its write was made in this run and is still Unknown). */
  holds(rowId: string): boolean {
    return this.unsettledRows.has(rowId)
  }
}

/** The audit row of the write that failed with `err`, while it awaits a read-back (see settleRow). */
export function auditRowOf(err: unknown): string | undefined {
  return err && typeof err === 'object' ? unsettled.get(err)?.rowId : undefined
}

/**
 * A write whose answer was lost (its row Unknown), settled by reading the console back: a second
 * `end` line is appended for the row (the journal stays append-only; the first line still says the
 * answer was lost), and the row reads Done or Refused with what the read found. Never throws, and
 * settles a row once; an error of no recorded write (or one settled already) is left alone.
 */
export async function settleWrite(err: unknown, finding: ReadBackFinding): Promise<void> {
  if (!err || typeof err !== 'object') return
  const held = unsettled.get(err)
  if (!held) return
  unsettled.delete(err)
  await held.settle(finding).catch(() => undefined)
}

/**
 * A settled row's end: what happened, and that the outcome was read, not answered (`said`: the screen
 * words it, the journal's English is made from it), said as checked later when it was.
 */
function settledEnd(finding: ReadBackFinding): EndInput {
  // Partly done is done as far as the console went: the fact says how far ("2 of 3 found").
  return {
    outcome: settledOutcome(finding.done),
    said: {
      key: 'settled',
      done: finding.done,
      ...(finding.later ? { later: true as const } : {}),
      ...(finding.recorded ? { recorded: true as const } : {})
    },
    ...(finding.fact ? { facts: [finding.fact] } : {}),
    ...(finding.numbers?.length ? { cardNumbers: finding.numbers } : {})
  }
}

/**
 * Rows whose write was done but whose answer named less than was done (a purchase of 2 answered with
 * 1 pass, facts E14), by the object the caller got (the answer's data): the caller's own read of the
 * console names the rest with `nameWrite`, and the row says it. Weak, as `unsettled`.
 */
const unnamed = new WeakMap<object, (fact: AuditFact) => Promise<void>>()

export function awaitNames(answer: object, append: (fact: AuditFact) => Promise<void>): void {
  unnamed.set(answer, append)
}

/** What a read-back found of a write whose answer named less (see awaitNames); once, never throws. */
export async function nameWrite(answer: unknown, fact: AuditFact): Promise<void> {
  if (!answer || typeof answer !== 'object') return
  const append = unnamed.get(answer)
  if (!append) return
  unnamed.delete(answer)
  await append(fact).catch(() => undefined)
}
