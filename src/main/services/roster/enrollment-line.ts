import { AppError, type AppErrorData } from '../../../shared/errors'
import type { EnrollProgress } from '../../../shared/enroll/schemas'
import type { LineState } from '../../../shared/roster/run'
import type { PlanRow } from '../../../shared/roster/sheet'
import type { EventName } from '../../../shared/ipc/contract'
import { assignCard, unassignCard } from '../cards/card-owners'
import { EnrollmentService, type EnrollConsole } from '../enrollment/enrollment'
import type { Emit } from '../events'
import type { LoadedRoster, RosterStore } from './roster-store'
import { personName } from './roster-steps'
import { stepOutcome } from './step-outcome'

export interface LineDeps {
  store: RosterStore
  client: () => Promise<EnrollConsole>
  emit: Emit
  /** A row's outcome changed (the results table shows it). */
  rowChanged: (rowId: string) => void
  pollIntervalMs?: number
  timeoutMs?: number
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

  start(deviceId: string): Promise<LineState> {
    return this.serial(async () => {
      await this.stopSession()
      this.deviceId = deviceId
      this.running = true
      this.error = undefined
      await this.nextSession()
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
        const outcome = stepOutcome(err)
        if (outcome.state === 'failed') {
          await this.deps.store.commit(this.roster, {
            t: 'line',
            at: now(),
            rowId: row.rowId,
            event: 'undo-failed',
            token,
            reason: error.message
          })
        }
        // A lost answer leaves the binding unknown: a run checks it with the console.
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
      const outcome = stepOutcome(err)
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
