import type { RosterSaid } from '../../../shared/roster/roster-said'
import { AppError, type AppErrorData } from '../../../shared/errors'
import type { EnrollProgress } from '../../../shared/enroll/schemas'
import type { LineState } from '../../../shared/roster/run'
import type { PlanRow } from '../../../shared/roster/sheet'
import type { EventName } from '../../../shared/ipc/contract'
import { assignCard, unassignCard } from '../cards/card-owners'
import { EnrollmentService, type EnrollConsole } from '../enrollment/enrollment'
import type { AccessClient } from '../access/client'
import { importOneCard } from '../cards/import-one-card'
import type { ReaderCard } from '../../../shared/reader/schemas'
import type { Emit } from '../events'
import type { LoadedRoster, RosterJournal } from './roster-journal'
import { personName } from './roster-steps'
import { stepOutcome } from './step-outcome'
import { idRefusedFacts, tappedIdSaid } from '../batches/csv-nfc-id'

/** The enrollment line's console: sessions and owners, and for USB taps the card import (E16). */
export type LineConsole = EnrollConsole & { nfcCards: Pick<AccessClient['nfcCards'], 'importCsv' | 'all' | 'get'> }

export interface LineDeps {
  store: RosterJournal
  client: () => Promise<LineConsole>
  emit: Emit
  /** A row's outcome changed (the results table shows it). */
  rowChanged: (rowId: string) => void
  pollIntervalMs?: number
  timeoutMs?: number
  /** The USB reader's light and beep: a card bound ("new"), or refused ("duplicate", the other sound). */
  beep?: (reader: string, kind: 'new' | 'duplicate') => Promise<boolean>
  /** Runs a bind so the audit trail records it as an enrollment's bind, as the Enroll screen's. */
  asEnrollmentBind?: <T>(run: () => Promise<T>) => Promise<T>
}

const now = () => new Date().toISOString()
/** A session the console could not create (no answer) is asked for again after this long. */
const SESSION_RETRY_MS = 3000

/**
 * The enrollment line: the installer taps one card after another on a networked reader and each is
 * bound to the next enroll-now person of the roster, with no click in between. Each binding is
 * journaled like a run's step (`sending` before, `result` after), so a crash never binds a card twice.
 * It drives the enrollment service's own session and poll loop (E2–E4), reading its progress instead
 * of the Enroll screen; a failed or timed-out session is followed by a new one, so the line waits for
 * the next tap rather than stopping.
 */
export class EnrollmentLine {
  private readonly enrollment: EnrollmentService
  private enrollmentId: string | undefined
  private deviceId: string | null = null
  private state: LineState['state'] = 'idle'
  private error: AppErrorData | undefined
  private running = false
  private ops: Promise<unknown> = Promise.resolve()
  private retryTimer: NodeJS.Timeout | undefined
  private usb = false

  constructor(
    private readonly deps: LineDeps,
    private readonly roster: LoadedRoster
  ) {
    // The line listens to the sessions it starts; their progress is not the Enroll screen's.
    const emit = ((event: EventName, payload: unknown) => {
      if (event === 'enroll.progress') this.onProgress(payload as EnrollProgress)
    }) as Emit
    this.enrollment = new EnrollmentService({
      client: deps.client,
      emit,
      ...(deps.pollIntervalMs !== undefined ? { pollIntervalMs: deps.pollIntervalMs } : {}),
      ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {})
    })
  }

  /** Enroll-now rows still waiting for a card, in the roster's order (a failed binding waits again). */
  private waiting(): PlanRow[] {
    const model = this.roster.model
    return model.planRows().filter((row) => {
      if (row.card.kind !== 'enroll') return false
      const card = model.stepStates(row).find((s) => s.step === 'card-assign')
      return card !== undefined && (card.record.state === 'planned' || card.record.state === 'failed')
    })
  }

  view(): LineState {
    const model = this.roster.model
    const waiting = this.waiting()
    const name = (row: PlanRow | undefined) => (row ? { rowId: row.rowId, name: personName(row) } : null)
    const lastId = model.bound.at(-1)
    const lastRow = lastId ? model.planRow(lastId) : undefined
    const lastCard = lastId ? model.steps.get(lastId)?.get('card-assign')?.detail : undefined
    const state: LineState['state'] = waiting.length === 0 && this.state !== 'binding' ? 'finished' : this.state
    return {
      rosterId: model.meta.id,
      state,
      current: name(waiting[0]),
      next: name(waiting[1]),
      remaining: waiting.length,
      last: lastRow
        ? { rowId: lastRow.rowId, name: personName(lastRow), displayId: lastCard?.displayId ?? lastCard?.token ?? '' }
        : null,
      deviceId: this.deviceId,
      ...(this.error ? { error: this.error } : {})
    }
  }

  private announce(): LineState {
    const view = this.view()
    this.deps.emit('roster.line', view)
    return view
  }

  /** Line operations (taps, skip, undo, pause) one after another. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const result = this.ops.then(task, task)
    this.ops = result.catch(() => undefined)
    return result
  }

  /**
   * Start on a networked reader (its device id), or on this computer's USB reader (usb: its name):
   * third-party cards tapped there are imported (E16), then bound, with no session on the console.
   */
  start(deviceId: string, reader: 'network' | 'usb' = 'network'): Promise<LineState> {
    return this.serial(async () => {
      await this.stopSession()
      this.deviceId = deviceId
      this.running = true
      this.usb = reader === 'usb'
      this.error = undefined
      if (this.usb) this.state = 'waiting'
      else await this.nextSession()
      return this.announce()
    })
  }

  /** Whether USB reader taps are this line's (rather than the open import batch's). */
  get takesUsbTaps(): boolean {
    return this.running && this.usb
  }

  /** A card tapped on the USB reader: imported (or found on the console), then bound to the current person. */
  usbTap(card: ReaderCard): Promise<LineState> {
    return this.serial(async () => {
      if (!this.takesUsbTaps) return this.view()
      const row = this.waiting()[0]
      if (!row) return this.announce()
      if (card.problem) {
        this.state = 'failed'
        // Said as Import's preview says a line with this ID, from the reader's facts (a reader without
        // them: its own English sentence, as given).
        const tapped = card.problemSaid ? tappedIdSaid(card.uid, card.problemSaid) : undefined
        this.error = new AppError({
          kind: 'reader',
          code: 'ROSTER_LINE_BAD_UID',
          message: tapped?.english ?? card.problem,
          hint: 'Tap another card.',
          ...(tapped && { details: idRefusedFacts(tapped.said) })
        }).toData()
        this.deps.beep?.(card.reader, 'duplicate').catch(() => undefined)
        return this.announce()
      }
      const imported = await this.importTapped(row, card.uid)
      if (imported) await this.bind(imported.token, imported.displayId ?? '')
      // A courtesy of readers that can beep: never holds back or hides the outcome.
      this.deps.beep?.(card.reader, this.state === 'bound' ? 'new' : 'duplicate').catch(() => undefined)
      if (this.state === 'bound') this.state = 'waiting'
      return this.announce()
    })
  }

  skip(): Promise<LineState> {
    return this.serial(async () => {
      const current = this.waiting()[0]
      if (current) {
        await this.deps.store.commit(this.roster, { t: 'line', at: now(), rowId: current.rowId, event: 'skipped' })
        this.deps.rowChanged(current.rowId)
      }
      this.error = undefined
      // The session waiting for the skipped person goes on for the next: the reader keeps waiting.
      if (this.running && this.waiting().length === 0) await this.stopSession()
      return this.announce()
    })
  }

  undo(): Promise<LineState> {
    return this.serial(async () => {
      const model = this.roster.model
      const rowId = model.bound.at(-1)
      const row = rowId ? model.planRow(rowId) : undefined
      const token = rowId ? model.steps.get(rowId)?.get('card-assign')?.detail.token : undefined
      if (!row || !token || row.match.state !== 'matched') {
        throw new AppError({
          kind: 'conflict',
          code: 'ROSTER_LINE_NOTHING_TO_UNDO',
          message: 'No card was bound on this line yet.',
          hint: 'Tap a card first; "Undo last" takes back the card bound last.'
        })
      }
      await this.deps.store.commit(this.roster, {
        t: 'line',
        at: now(),
        rowId: row.rowId,
        event: 'undo-sending',
        token
      })
      try {
        await unassignCard(await this.deps.client(), token, row.match.person)
      } catch (err) {
        const error = AppError.from(err)
        const outcome = stepOutcome(err, this.roster.model.console?.name)
        if (outcome.state === 'failed') {
          await this.deps.store.commit(this.roster, {
            t: 'line',
            at: now(),
            rowId: row.rowId,
            event: 'undo-failed',
            token,
            reason: error.message
          })
        } else {
          // A lost answer leaves the binding unknown: the next run or line start checks it with the console.
          await this.deps.store.commit(this.roster, {
            t: 'result',
            at: now(),
            rowId: row.rowId,
            step: 'card-assign',
            state: 'unknown',
            detail: { token },
            reason: outcome.reason,
            ...(outcome.said ? { said: outcome.said } : {})
          })
        }
        this.deps.rowChanged(row.rowId)
        this.error = error.toData()
        this.announce()
        throw error
      }
      await this.deps.store.commit(this.roster, { t: 'line', at: now(), rowId: row.rowId, event: 'undone', token })
      this.deps.rowChanged(row.rowId)
      this.error = undefined
      if (this.running && !this.enrollmentId) await this.nextSession()
      return this.announce()
    })
  }

  pause(): Promise<LineState> {
    return this.serial(async () => {
      this.running = false
      this.usb = false
      await this.stopSession()
      this.state = 'paused'
      return this.announce()
    })
  }

  async close(): Promise<void> {
    this.running = false
    await this.stopSession()
    await this.enrollment.close()
  }

  private async stopSession(): Promise<void> {
    clearTimeout(this.retryTimer)
    this.retryTimer = undefined
    const id = this.enrollmentId
    this.enrollmentId = undefined
    if (id) await this.enrollment.cancel(id)
  }

  /** A session on the reader for whoever is current; none once everyone has a card. */
  private async nextSession(): Promise<void> {
    if (!this.running || !this.deviceId || this.waiting().length === 0) {
      this.enrollmentId = undefined
      if (this.waiting().length === 0) this.state = 'finished'
      return
    }
    try {
      const { enrollmentId } = await this.enrollment.start({ deviceId: this.deviceId })
      this.enrollmentId = enrollmentId
      this.state = 'waiting'
    } catch (err) {
      const error = AppError.from(err)
      this.enrollmentId = undefined
      this.state = 'failed'
      this.error = error.toData()
      if (error.retryable) {
        // The console did not answer: the line tries again shortly, and says why meanwhile.
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined
          void this.serial(async () => {
            if (!this.running || this.enrollmentId) return
            await this.nextSession()
            this.announce()
          }).catch(() => undefined)
        }, SESSION_RETRY_MS)
      } else {
        // The reader cannot be asked (offline, no permission): the line stops and says why.
        this.running = false
      }
    }
  }

  private onProgress(progress: EnrollProgress): void {
    if (progress.enrollmentId !== this.enrollmentId) return
    if (progress.state === 'waiting' || progress.state === 'hold-longer') {
      if (this.state !== progress.state) {
        this.state = progress.state
        this.announce()
      }
      return
    }
    // The session is over (its loop removes it): what follows runs after it, one operation at a time.
    this.enrollmentId = undefined
    setImmediate(() => {
      void this.serial(() => this.ended(progress)).catch(() => undefined)
    })
  }

  private async ended(progress: EnrollProgress): Promise<void> {
    if (!this.running) return
    if (progress.state === 'done' && progress.card) {
      await this.bind(progress.card.token, progress.card.cardId)
    } else if (progress.state === 'failed') {
      this.state = 'failed'
      this.error = progress.error
      this.announce()
    } else if (progress.state === 'timeout' && progress.error) {
      // Nobody tapped in time: said, while a new session waits for the same person.
      this.error = progress.error
    }
    // After a card, a failure or a timeout, a new session waits for the next tap.
    if (this.running && !this.enrollmentId) {
      const failed = this.state === 'failed'
      await this.nextSession()
      if (failed && this.state === 'waiting') this.state = 'failed'
      this.announce()
    }
  }

  /**
   * The tapped card on the console, journaled as the row's card-import step: imported now, or, when the
   * console already holds it and nobody has it (a card tapped again after a failed bind), that card.
   */
  private async importTapped(
    row: PlanRow,
    nfcId: string
  ): Promise<{ token: string; displayId?: string | undefined } | undefined> {
    const record = this.roster.model.record(row.rowId, 'card-import')
    const commit = this.deps.store.commit.bind(this.deps.store, this.roster)
    const fail = async (
      error: AppError,
      state: 'failed' | 'unknown',
      reason: string,
      code?: string,
      said?: RosterSaid
    ) => {
      await commit({
        t: 'result',
        at: now(),
        rowId: row.rowId,
        step: 'card-import',
        state,
        reason,
        ...(said ? { said } : {}),
        ...(code ? { code } : {}),
        detail: { nfcId }
      })
      this.deps.rowChanged(row.rowId)
      this.state = 'failed'
      this.error = error.toData()
      return undefined
    }
    await commit({
      t: 'sending',
      at: now(),
      rowId: row.rowId,
      step: 'card-import',
      attempt: record.attempt + 1,
      detail: { nfcId }
    })
    const imported = await importOneCard(await this.deps.client(), { nfcId, filename: this.roster.model.meta.fileName })
    if (imported.state !== 'done')
      return fail(imported.error, imported.state, imported.reason, imported.code, imported.said)
    const { token, displayId } = imported.card
    await commit({
      t: 'result',
      at: now(),
      rowId: row.rowId,
      step: 'card-import',
      state: 'done',
      detail: { nfcId, token, ...(displayId ? { displayId } : {}) }
    })
    return { token, displayId }
  }

  private async bind(token: string, displayId: string): Promise<void> {
    const row = this.waiting()[0]
    if (!row || row.match.state !== 'matched') return
    const model = this.roster.model
    const record = model.record(row.rowId, 'card-assign')
    const detail = { token, ...(displayId ? { displayId } : {}) }
    this.state = 'binding'
    this.announce()
    await this.deps.store.commit(this.roster, {
      t: 'sending',
      at: now(),
      rowId: row.rowId,
      step: 'card-assign',
      attempt: record.attempt + 1,
      detail
    })
    try {
      const client = await this.deps.client()
      const person = row.match.person
      const bindCard = () => assignCard(client, token, person)
      await (this.deps.asEnrollmentBind ? this.deps.asEnrollmentBind(bindCard) : bindCard())
    } catch (err) {
      const outcome = stepOutcome(err, this.roster.model.console?.name)
      await this.deps.store.commit(this.roster, {
        t: 'result',
        at: now(),
        rowId: row.rowId,
        step: 'card-assign',
        ...outcome,
        detail
      })
      this.deps.rowChanged(row.rowId)
      this.state = 'failed'
      this.error = AppError.from(err).toData()
      return
    }
    await this.deps.store.commit(this.roster, {
      t: 'result',
      at: now(),
      rowId: row.rowId,
      step: 'card-assign',
      state: 'done',
      detail
    })
    this.deps.rowChanged(row.rowId)
    this.state = 'bound'
    this.error = undefined
    this.announce()
  }
}
