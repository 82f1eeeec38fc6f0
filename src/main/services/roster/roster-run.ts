import { AppError, type AppErrorData } from '../../../shared/errors'
import type { PlanRow } from '../../../shared/roster/sheet'
import type { RosterProgress, RosterStep, RowOutcome } from '../../../shared/roster/run'
import type { AccessClient } from '../access/client'
import { freeToGive } from '../../../shared/access/touch-passes'
import { assignCard } from '../cards/card-owners'
import { ConsoleCards } from '../batches/console-cards'
import { importOneCard } from '../cards/import-one-card'
import type { Emit } from '../events'
import type { ResultEntry, StepDetail } from './roster-entries'
import type { RosterAudit } from './roster-audit'
import type { StepRecord } from './roster-model'
import type { LoadedRoster, RosterJournal } from './roster-journal'
import { forceCard, plannedCard } from './roster-steps'
import { stepOutcome, stopsTheRun } from './step-outcome'
import { answerLost, safeToRepeat } from '../access/lost-answer'
import { pinGiven } from '../access/read-back-rules'
import { pinDigest } from '../audit/kept-write'
import { tell } from './roster-english'
import { settleEarlierTry, type StepTry } from './roster-audit'
import { runCounts } from '../../../shared/roster/run-standing'
import { stepRetried } from '../../../shared/roster/step-way-on'

/** What a run needs from the access client. */
export type RunConsole = {
  users: Pick<AccessClient['users'], 'get' | 'assignNfc' | 'unassignNfc' | 'assignPin' | 'assignTouchPass'>
  visitors: Pick<AccessClient['visitors'], 'get' | 'assignNfc' | 'unassignNfc' | 'assignPin'>
  nfcCards: Pick<AccessClient['nfcCards'], 'importCsv' | 'all' | 'get'>
  pinCodes: Pick<AccessClient['pinCodes'], 'generate'>
  touchPasses: Pick<AccessClient['touchPasses'], 'assignable'>
}

export const DEFAULT_CONCURRENCY = 4
const PROGRESS_MS = 200
/** The ETA is drawn from the pace of the last rows, once a few are through. */
const PACE_WINDOW = 50
const PACE_MIN_ROWS = 5
/** A PIN the console already holds for someone else: another one is generated, a few times at most. */
const PIN_ATTEMPTS = 3
const PIN_TAKEN = 'CODE_CREDS_PIN_CODE_CREDS_ALREADY_EXIST'

const PIN_PROBABLY_SET_TOLD = tell('pinProbablySet')
const NO_PINS_CHECKED = { digitsLost: 0, sentAgain: 0, toCheck: 0 }
export const PIN_PROBABLY_SET = PIN_PROBABLY_SET_TOLD.reason

export interface RunDeps {
  store: RosterJournal
  client: () => Promise<RunConsole>
  emit: Emit
  /** PINs generated in this app session, by row: memory only, for the PIN slips. */
  pins: Map<string, string>
  concurrency?: number
  progressMs?: number
  /** Import batches: a batch row's alias for its import, and the batch told once the row is imported. */
  batches?: BatchPort
  /** The audit trail: a step's try whose answer was lost is settled there as the roster settles it. */
  audit?: RosterAudit
}

export interface BatchPort {
  alias(batchId: string, rowId: string): Promise<string>
  imported(batchId: string, rowId: string, card: { token: string; displayId?: string }): Promise<void>
}

const now = () => new Date().toISOString()

/**
 * One run of a roster's frozen plan: rows a few at a time (bounded concurrency), the steps of a row
 * in order. Each step's `sending` is on disk before its request leaves and its `result` after the
 * answer, so a crash leaves at most the steps in flight `unknown`. Steps whose answer was lost are
 * checked with the console first: nothing is ever assigned twice.
 */
export class RosterRun {
  private pausing = false
  private stopped: AppError | undefined
  private readonly changed = new Set<string>()
  private timer: NodeJS.Timeout | undefined
  /** When each row of this run finished: the pace the ETA is drawn from. */
  private readonly finishedAt: number[] = []
  private passes: string[] = []
  private retry = false

  constructor(
    private readonly deps: RunDeps,
    private readonly roster: LoadedRoster
  ) {}

  get concurrency(): number {
    return this.deps.concurrency ?? DEFAULT_CONCURRENCY
  }

  /** Stop after the steps in flight. */
  pause(): void {
    this.pausing = true
  }

  async run(options: { retryFailed?: boolean } = {}): Promise<void> {
    const model = this.roster.model
    this.retry = options.retryFailed ?? false
    model.runningNow = true
    this.timer = setInterval(() => this.flush(), this.deps.progressMs ?? PROGRESS_MS)
    try {
      const client = await this.deps.client()
      await this.checkUnknown(client)
      const rows = model.planRows().filter((row) => this.runnable(row).length > 0)
      if (rows.some((row) => this.runnable(row).includes('pass'))) await this.loadPasses(client)
      let next = 0
      const worker = async () => {
        while (!this.pausing && !this.stopped && next < rows.length) {
          const row = rows[next++]!
          try {
            await this.runRow(client, row)
          } catch (err) {
            // A step that could not be journaled was not sent: the run stops, the other rows' steps in flight end first.
            this.stopped ??= AppError.from(err)
          }
          this.finishedAt.push(Date.now())
        }
      }
      await Promise.all(Array.from({ length: Math.min(this.concurrency, rows.length) }, worker))
    } catch (err) {
      this.stopped = AppError.from(err)
    } finally {
      clearInterval(this.timer)
      model.runningNow = false
      this.flush(true)
    }
  }

  /** The steps of a row this run may send, in order. */
  private runnable(row: PlanRow): RosterStep[] {
    return this.roster.model
      .stepStates(row)
      .filter(({ step, record }) => this.sendable(row, step, record))
      .map((s) => s.step)
  }

  private sendable(row: PlanRow, step: RosterStep, record: StepRecord): boolean {
    // An enroll-now card comes from the enrollment line (its import too, on the USB reader), never from the run.
    if ((step === 'card-assign' || step === 'card-import') && row.card.kind === 'enroll') return false
    if (record.state === 'planned') return true
    if (!this.retry) return false
    // A refusal the console would give again (a card it holds for someone, a value it refused) is not
    // sent again: what can change it is another card or value (shared/roster/step-way-on.ts).
    return stepRetried(record) || (record.state === 'unknown' && record.checked === true)
  }

  private async runRow(client: RunConsole, row: PlanRow): Promise<void> {
    const person = row.match.state === 'matched' ? row.match.person : undefined
    if (!person) return
    for (const step of this.runnable(row)) {
      if (this.stopped) return
      if (step === 'card-assign') {
        // The card must be on the console first.
        const imported = this.roster.model.steps.get(row.rowId)?.get('card-import')
        const needsImport = row.card.kind === 'import' || (row.card.kind === 'batch' && !row.card.token)
        if (needsImport && imported?.state !== 'done') continue
      }
      await this.runStep(client, row, step)
    }
  }

  /**
   * A step sent again while its earlier try is still unknown (a PIN the check could not read back, sent
   * again by "Check and retry"): once the retry is done, the earlier try's Audit row is settled as
   * replaced by it (roster-audit.ts), so nothing stays To check while the roster says Done.
   */
  private async runStep(client: RunConsole, row: PlanRow, step: RosterStep): Promise<void> {
    const before = this.roster.model.record(row.rowId, step)
    const earlier = before.state === 'unknown' ? tryOf(row, step, before) : undefined
    await this.sendStep(client, row, step)
    const after = this.roster.model.record(row.rowId, step)
    if (earlier && after.state === 'done')
      await settleEarlierTry(this.deps.audit, earlier, { replacedBy: tryOf(row, step, after)! })
  }

  private async sendStep(client: RunConsole, row: PlanRow, step: RosterStep): Promise<void> {
    const model = this.roster.model
    const record = model.record(row.rowId, step)
    const person = (row.match as Extract<PlanRow['match'], { state: 'matched' }>).person
    // Every write's audit row names the person, as the plan read them, when the journal cannot read them in time.
    const named = person.name ? { readBefore: { personName: person.name } } : {}
    const attempt = record.attempt + 1
    const send = (detail?: StepDetail, n = attempt) =>
      this.commit({ t: 'sending', at: now(), rowId: row.rowId, step, attempt: n, ...(detail ? { detail } : {}) })
    const result = (entry: Omit<ResultEntry, 't' | 'at' | 'rowId' | 'step'>) =>
      this.commit({ t: 'result', at: now(), rowId: row.rowId, step, ...entry })
    const lost = async (err: unknown, detail?: StepDetail) => {
      const outcome = stepOutcome(err, model.console?.name)
      await result({ ...outcome, ...(detail ? { detail } : {}) })
      if (stopsTheRun(err)) this.stopped = AppError.from(err)
    }

    if (step === 'card-import') {
      const nfcId = plannedCard(row).nfcId!
      const card = row.card
      // A batch row keeps its alias (Floor2-001) on the console, as an upload would have given it.
      const alias =
        card.kind === 'batch' && this.deps.batches
          ? await this.deps.batches.alias(card.batchId, card.rowId).catch(() => '')
          : ''
      await send({ nfcId })
      const imported = await importOneCard(client, { nfcId, alias, filename: model.meta.fileName })
      if (imported.state !== 'done') {
        await result({
          state: imported.state,
          reason: imported.reason,
          ...(imported.said ? { said: imported.said } : {}),
          ...(imported.code ? { code: imported.code } : {}),
          detail: { nfcId }
        })
        if (stopsTheRun(imported.error)) this.stopped = imported.error
        return
      }
      const { token, displayId } = imported.card
      await result({ state: 'done', detail: { nfcId, token, ...(displayId ? { displayId } : {}) } })
      if (card.kind === 'batch') {
        // Best effort: the roster holds the card either way; the batch then never uploads it again.
        await this.deps.batches
          ?.imported(card.batchId, card.rowId, { token, ...(displayId ? { displayId } : {}) })
          .catch(() => undefined)
      }
      return
    }

    if (step === 'card-assign') {
      const imported = model.steps.get(row.rowId)?.get('card-import')?.detail
      const planned = plannedCard(row)
      const token = imported?.token ?? planned.token
      const displayId = imported?.displayId ?? planned.displayId
      if (!token) return result({ state: 'failed', ...tell('notOnConsoleYet') })
      const detail = { token, ...(displayId ? { displayId } : {}) }
      await send(detail)
      try {
        await assignCard(client, token, person, forceCard(row))
      } catch (err) {
        return lost(err, detail)
      }
      return result({ state: 'done', detail })
    }

    if (step === 'pin') {
      // The PIN held before, as its digest: a lost answer is then told by the one held after (checkUnknown).
      const pinBefore = await this.pinHeld(client, person).catch(() => undefined)
      // A PIN given since the plan was made (another desk, the console's own page), where the plan saw none:
      // the plan's "already has a PIN" asked anew, so it is kept, never replaced unasked. Only on the
      // step's first send: after one, the PIN held may be this roster's own (a lost answer).
      const planSawPin = row.conflicts.some((c) => c.kind === 'has-pin')
      if (pinBefore && !planSawPin && record.attempt === 0)
        return result({ state: 'skipped', ...tell('pinGivenSincePlan', { name: person.name || row.label }) })
      const before = pinBefore === undefined ? undefined : { pinBefore }
      for (let n = 0; n < PIN_ATTEMPTS; n++) {
        let pin: string
        try {
          pin = await client.pinCodes.generate()
        } catch (err) {
          // Generate PIN code is declared to change nothing (`changesNothing`): its answer lost, another
          // PIN is asked for; out of attempts, the step failed with nothing to check (stepOutcome).
          const error = AppError.from(err)
          if (answerLost(error) && safeToRepeat(error) && n + 1 < PIN_ATTEMPTS) continue
          return lost(err)
        }
        await send(before, attempt + n)
        try {
          if (person.type === 'user') await client.users.assignPin(person.id, pin, named)
          else await client.visitors.assignPin(person.id, pin, named)
        } catch (err) {
          if (AppError.from(err).code === PIN_TAKEN && n + 1 < PIN_ATTEMPTS) continue
          return lost(err)
        }
        this.deps.pins.set(row.rowId, pin)
        return result({ state: 'done' })
      }
      return
    }

    // pass
    if (person.type !== 'user') {
      return result({ state: 'failed', ...tell('passUsersOnly') })
    }
    const passId = this.passes.shift()
    if (!passId) {
      return result({ state: 'failed', ...tell('noPassOnConsole') })
    }
    await send({ passId })
    try {
      await client.users.assignTouchPass(person.id, passId, named)
    } catch (err) {
      return lost(err, { passId })
    }
    return result({ state: 'done', detail: { passId } })
  }

  /** The digest of the console's token of the PIN the person holds now (null: none); a failed read throws. */
  private async pinHeld(client: RunConsole, person: { type: 'user' | 'visitor'; id: string }): Promise<string | null> {
    const read = person.type === 'user' ? await client.users.get(person.id) : await client.visitors.get(person.id)
    return pinDigest(read.pin_code?.token ?? null)
  }

  /** The console's passes nobody holds, not already used by this roster (each pass goes to one person). */
  private async loadPasses(client: RunConsole): Promise<void> {
    const used = new Set<string>()
    for (const steps of this.roster.model.steps.values()) {
      // A pass whose assignment was refused was not given: it may be picked again.
      const pass = steps.get('pass')
      if (pass?.detail.passId && pass.state !== 'failed' && pass.state !== 'planned') used.add(pass.detail.passId)
    }
    const assignable = (await client.touchPasses.assignable()).filter(freeToGive)
    this.passes = assignable.map((p) => p.id).filter((id) => !used.has(id))
  }

  /**
   * Every step whose answer was lost is looked up on the console: done if the console shows its
   * effect, sent again if it shows it was not done. A PIN's digits cannot be read back, but whether
   * this try gave it can: the token held now against the one read before it was sent (its digest on
   * the `sending` line). Given, it is done with its digits not known (a new PIN is needed for a slip);
   * nothing read before (a journal written before that, or a read that failed): left to the user.
   */
  /** The checks alone (the enrollment line runs them before naming anyone: a bind cut off by a crash). */
  async check(): Promise<void> {
    await this.checkUnknown(await this.deps.client())
  }

  private async checkUnknown(client: RunConsole): Promise<void> {
    const model = this.roster.model
    const unknown: { row: PlanRow; step: RosterStep; record: StepRecord }[] = []
    for (const row of model.planRows())
      for (const { step, record } of model.stepStates(row))
        if (record.state === 'unknown' && !record.checked) unknown.push({ row, step, record })
    if (unknown.length === 0) return

    let cards: ConsoleCards | undefined
    const people = new Map<string, Promise<{ cards: string[]; pin: string | null; passId?: string }>>()
    const personOf = (row: PlanRow) => {
      const person = (row.match as Extract<PlanRow['match'], { state: 'matched' }>).person
      const key = `${person.type}:${person.id}`
      let found = people.get(key)
      if (!found) {
        found = (async () => {
          if (person.type === 'user') {
            const user = await client.users.get(person.id)
            return {
              cards: user.nfc_cards.map((c) => c.token),
              pin: pinDigest(user.pin_code?.token ?? null),
              ...(user.touch_pass?.id ? { passId: user.touch_pass.id } : {})
            }
          }
          const visitor = await client.visitors.get(person.id)
          return { cards: visitor.nfc_cards.map((c) => c.token), pin: pinDigest(visitor.pin_code?.token ?? null) }
        })()
        people.set(key, found)
      }
      return found
    }

    for (const { row, step, record } of unknown) {
      const sent = tryOf(row, step, record)
      const result = async (state: ResultEntry['state'], extra: Partial<ResultEntry> = {}) => {
        await this.commit({ t: 'result', at: now(), rowId: row.rowId, step, state, detail: record.detail, ...extra })
        // What the check read settles the try's Audit row too: found Done, not there Not done (roster-audit.ts).
        if (state === 'done' || state === 'planned')
          await settleEarlierTry(this.deps.audit, sent, { found: state === 'done' })
      }
      if (step === 'card-import') {
        cards ??= new ConsoleCards(await client.nfcCards.all())
        // The one lookup of Import, the plan and importOneCard (either byte order).
        const card = record.detail.nfcId ? cards.lookup(record.detail.nfcId).card : undefined
        if (card) await result('done', { detail: { ...record.detail, token: card.token, displayId: card.display_id } })
        else await result('planned')
      } else if (step === 'card-assign') {
        const held = await personOf(row)
        const token = record.detail.token
        await result(token && held.cards.includes(token) ? 'done' : 'planned')
      } else if (step === 'pin') {
        // The one rule of the audit's later check (read-back-rules.ts pinGiven): the PIN held now against the
        // one held before this try. Given: done, its digits never journalled (no slip: pin-standing.ts).
        const given = pinGiven(record.detail.pinBefore, (await personOf(row)).pin)
        const found = given === true ? 'digitsLost' : given === false ? 'sentAgain' : 'toCheck'
        this.pinsChecked ??= { ...NO_PINS_CHECKED }
        this.pinsChecked[found]++
        if (given === true) await result('done')
        else if (given === false) await result('planned')
        else await result('unknown', { ...PIN_PROBABLY_SET_TOLD, checked: true })
      } else {
        const held = await personOf(row)
        await result(record.detail.passId && held.passId === record.detail.passId ? 'done' : 'planned')
      }
    }
  }

  private async commit(entry: Parameters<RosterJournal['commit']>[1]): Promise<void> {
    await this.deps.store.commit(this.roster, entry)
    if ('rowId' in entry && entry.rowId) this.changed.add(entry.rowId)
    if (entry.t === 'result' && entry.state !== 'planned') this.changedSince = true
  }

  private changedSince = false
  /** What this run's check of lost PIN answers found (none checked: undefined), said with its progress. */
  private pinsChecked: NonNullable<RosterProgress['pinsChecked']> | undefined

  /** The progress event: counts over every row, the rows changed since the last one, and an ETA. */
  flush(final = false): void {
    if (!final && this.changed.size === 0 && !this.changedSince) return
    this.changedSince = false
    const model = this.roster.model
    const rows: RowOutcome[] = []
    for (const rowId of this.changed) {
      const row = model.planRow(rowId)
      if (row) rows.push(model.outcome(row))
    }
    this.changed.clear()
    const progress = progressOf(model, rows, this.eta(), this.concurrency, this.stopped?.toData())
    this.deps.emit('roster.progress', this.pinsChecked ? { ...progress, pinsChecked: this.pinsChecked } : progress)
  }

  private eta(): number | null {
    const times = this.finishedAt
    if (!this.roster.model.runningNow || times.length < PACE_MIN_ROWS) return null
    const model = this.roster.model
    const left = model
      .planRows()
      .filter((row) =>
        model.stepStates(row).some(({ step, record }) => this.sendable(row, step, record) || record.state === 'sending')
      ).length
    // The pace of the last rows (the first ones also paid for the checks and the pass list).
    const from = Math.max(0, times.length - PACE_WINDOW)
    const perRow = (times.at(-1)! - times[from]!) / (times.length - 1 - from)
    return Math.round((left * perRow) / 1000)
  }
}

/** A step's last try as the audit finds its row: its person, when it was sent, the card an import sent. */
function tryOf(row: PlanRow, step: RosterStep, record: StepRecord): StepTry | undefined {
  if (row.match.state !== 'matched' || !record.sentAt) return undefined
  return { step, person: row.match.person, sentAt: record.sentAt, nfcId: record.detail.nfcId }
}

/** Counts over every row of the roster as the progress bar shows them. */
export function progressOf(
  model: LoadedRoster['model'],
  rows: RowOutcome[],
  etaSeconds: number | null,
  concurrency?: number,
  stopped?: AppErrorData
): RosterProgress {
  // Each of the run's rows in one part, by the rule the screens count with (shared/roster/run-standing.ts).
  const counts = runCounts(model.outcomes(), { running: model.runningNow })
  return {
    rosterId: model.meta.id,
    total: counts.rows,
    done: counts.done,
    failed: counts.failed,
    toCheck: counts.toCheck,
    inFlight: counts.inFlight,
    waitingCard: counts.waitingCard,
    partlyDone: counts.partlyDone,
    notStarted: counts.notStarted,
    phase: model.phase(),
    running: model.runningNow,
    etaSeconds,
    rows,
    ...(concurrency ? { concurrency } : {}),
    ...(stopped ? { stopped } : {})
  }
}
