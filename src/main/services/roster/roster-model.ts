import type { ColumnMapping, ConflictKind, PersonRef, PlanRow, RosterSheet } from '../../../shared/roster/sheet'
import { defaultRosterOptions } from '../../../shared/roster/sheet'
import type { RosterPlan } from './roster-plan'
import type { RosterPhase, RosterStep, RosterSummary, RowOutcome, StepState } from '../../../shared/roster/run'
import type { RosterCreate, RosterEntry, StepDetail } from './roster-entries'
import { personName, stepsOf } from './roster-steps'
import type { RosterSaid } from '../../../shared/roster/roster-said'
import { saidOfKept, tell } from './roster-english'
import { resultCounts } from '../../../shared/roster/result-standing'
import { pinStanding } from '../../../shared/roster/pin-standing'
import { withSampleNotRead } from './sample-not-read'

/** A step as the journal left it. `sending` in memory means "in flight in this process". */
export interface StepRecord {
  state: StepState
  attempt: number
  detail: StepDetail
  reason?: string
  /** The reason as facts (roster-said.ts). */
  said?: RosterSaid
  code?: string
  /** A lost answer the console was asked about that still needs the user (a PIN that was probably set). */
  checked?: boolean
  /** When the last try's `sending` line was written: its Audit row is found from it (roster-audit.ts). */
  sentAt?: string
  /**
   * In memory only: a step in flight when the app stopped (a `sending` with no `result` on disk). The run
   * was stopped mid-run, so the roster is paused until it is checked; a lost answer the run itself was
   * given (a 500, a cut connection) is only a row to check once the run went on to its end.
   */
  appStopped?: boolean
}

export interface Decision {
  rowId: string | null
  kind: ConflictKind
  decision: 'skip' | 'go-ahead'
}

const SKIPPED_ON_LINE = tell('skippedOnLine')
export const STOPPED_BEFORE_ANSWER = tell('stoppedBeforeAnswer')

/**
 * A roster in memory, rebuilt from its journal. Only `apply` changes it, and only with entries
 * already on disk, so memory never claims more than the file holds.
 */
export class RosterModel {
  meta: RosterCreate['meta']
  sheet: RosterSheet
  rows: string[][]
  lines: number[]
  /** The lines the file could not read (a quote never closed): the plan flags them and sends nothing. */
  unreadable: readonly number[]
  mapping: ColumnMapping = {}
  options = defaultRosterOptions()
  /** The user's word on ambiguous or missing rows (null: leave the row out). */
  readonly resolved = new Map<string, PersonRef | null>()
  decisions: Decision[] = []
  console: RosterSummary['console'] = null
  /** The plan last computed (not stored: it is recomputed from the console after a restart). */
  plan: RosterPlan | null = null
  /** The plan as run (stored at the first run). */
  frozen: PlanRow[] | null = null
  readonly steps = new Map<string, Map<RosterStep, StepRecord>>()
  /** Rows the line bound, in order: "Undo last" takes the last one back. */
  bound: string[] = []
  /** This process is running the roster. */
  runningNow = false
  /**
   * The rows whose PIN digits this app session holds (roster-service.ts keeps them, in memory only):
   * a row's PIN reads known or digits-lost by it (shared/roster/pin-standing.ts).
   */
  pinDigits: ReadonlyMap<string, string> = new Map()
  updatedAt: string

  constructor(create: RosterCreate) {
    this.meta = create.meta
    this.sheet = withSampleNotRead(create.sheet, create.lines, create.unreadable)
    this.rows = create.rows
    this.lines = create.lines
    this.unreadable = create.unreadable ?? []
    this.updatedAt = create.meta.createdAt
  }

  static replay(entries: RosterEntry[]): RosterModel {
    const first = entries[0]
    if (!first || first.t !== 'create') throw new Error('the journal does not start a roster')
    const model = new RosterModel(first)
    for (const entry of entries.slice(1)) model.apply(entry)
    // A step sent when the app stopped: its answer is lost.
    for (const steps of model.steps.values())
      for (const record of steps.values())
        if (record.state === 'sending') {
          record.state = 'unknown'
          record.appStopped = true
          Object.assign(record, STOPPED_BEFORE_ANSWER)
        }
    return model
  }

  apply(entry: RosterEntry): void {
    if ('at' in entry) this.updatedAt = entry.at
    switch (entry.t) {
      case 'create':
        return
      case 'mapping':
        this.mapping = entry.mapping
        this.options = entry.options
        return
      case 'resolve':
        this.resolved.set(entry.rowId, entry.person)
        return
      case 'decide':
        // A choice for every row replaces the earlier choices for single rows of that kind.
        this.decisions = this.decisions.filter(
          (d) => d.kind !== entry.kind || (entry.rowId !== null && d.rowId !== entry.rowId)
        )
        this.decisions.push({ rowId: entry.rowId, kind: entry.kind, decision: entry.decision })
        return
      case 'console':
        this.console = entry.console
        return
      case 'run':
        this.frozen = entry.rows
        return
      case 'sending': {
        const record = this.record(entry.rowId, entry.step)
        record.state = 'sending'
        record.attempt = entry.attempt
        record.sentAt = entry.at
        // What a PIN's earlier try read before it is not this try's.
        if (entry.step === 'pin') delete record.detail.pinBefore
        record.detail = { ...record.detail, ...entry.detail }
        delete record.reason
        delete record.said
        delete record.code
        delete record.checked
        delete record.appStopped
        return
      }
      case 'result': {
        const record = this.record(entry.rowId, entry.step)
        record.state = entry.state
        delete record.appStopped
        record.detail = { ...record.detail, ...entry.detail }
        if (entry.reason) record.reason = entry.reason
        else delete record.reason
        // A reason kept before facts is read as its facts when it is one of today's sentences (roster-english.ts).
        const said = entry.said ?? (entry.reason ? saidOfKept(entry.reason) : undefined)
        if (said) record.said = said
        else delete record.said
        if (entry.code) record.code = entry.code
        else delete record.code
        if (entry.checked) record.checked = true
        else delete record.checked
        if (entry.step === 'card-assign' && this.isEnroll(entry.rowId)) {
          // Only a card the person holds can be taken back by "Undo last".
          this.bound = this.bound.filter((r) => r !== entry.rowId)
          if (entry.state === 'done') this.bound.push(entry.rowId)
        }
        return
      }
      case 'line': {
        const record = this.record(entry.rowId, 'card-assign')
        if (entry.event === 'skipped') {
          record.state = 'skipped'
          Object.assign(record, SKIPPED_ON_LINE)
        } else if (entry.event === 'undo-sending') {
          record.state = 'sending'
        } else if (entry.event === 'undone') {
          record.state = 'planned'
          record.detail = {}
          delete record.reason
          delete record.said
          this.bound = this.bound.filter((r) => r !== entry.rowId)
        } else {
          // The console refused to take the card back: it is still bound.
          record.state = 'done'
        }
        return
      }
    }
  }

  private isEnroll(rowId: string): boolean {
    return this.planRow(rowId)?.card.kind === 'enroll'
  }

  record(rowId: string, step: RosterStep): StepRecord {
    let steps = this.steps.get(rowId)
    if (!steps) this.steps.set(rowId, (steps = new Map()))
    let record = steps.get(step)
    if (!record) steps.set(step, (record = { state: 'planned', attempt: 0, detail: {} }))
    return record
  }

  /** The plan rows that drive a run: the frozen plan once run, else the last plan computed. */
  planRows(): PlanRow[] {
    return this.frozen ?? this.plan?.rows ?? []
  }

  private rowIndex: { rows: PlanRow[]; byId: Map<string, PlanRow> } | undefined
  planRow(rowId: string): PlanRow | undefined {
    const rows = this.planRows()
    if (this.rowIndex?.rows !== rows) this.rowIndex = { rows, byId: new Map(rows.map((r) => [r.rowId, r])) }
    return this.rowIndex.byId.get(rowId)
  }

  /** Each planned step of the row with its state (a step the plan skips reads skipped, with why). */
  stepStates(row: PlanRow): { step: RosterStep; record: StepRecord }[] {
    const planned = stepsOf(row)
    // An enroll-now card tapped on the USB reader was imported first: that step is the row's too.
    if (row.card.kind === 'enroll' && this.steps.get(row.rowId)?.has('card-import')) {
      const assign = planned.findIndex((s) => s.step === 'card-assign')
      if (assign >= 0)
        planned.splice(assign, 0, {
          step: 'card-import',
          ...(planned[assign]!.skip ? { skip: planned[assign]!.skip } : {})
        })
    }
    return planned.map(({ step, skip }) => {
      const stored = this.steps.get(row.rowId)?.get(step)
      if (stored && stored.state !== 'planned') return { step, record: stored }
      if (skip) return { step, record: { state: 'skipped', attempt: 0, detail: {}, ...skip } }
      return { step, record: stored ?? { state: 'planned', attempt: 0, detail: {} } }
    })
  }

  outcome(row: PlanRow): RowOutcome {
    const steps = this.stepStates(row)
    const out: RowOutcome = {
      rowId: row.rowId,
      state: 'planned',
      steps: steps.map(({ step, record }) => ({
        step,
        state: record.state,
        ...(record.reason ? { reason: record.reason } : {}),
        ...(record.said ? { said: record.said } : {}),
        ...(record.code ? { code: record.code } : {})
      })),
      pinAssigned: false,
      passAssigned: false
    }
    const byStep = new Map(steps.map((s) => [s.step, s.record]))
    const imported = byStep.get('card-import')
    const assigned = byStep.get('card-assign')
    const token = assigned?.detail.token ?? imported?.detail.token
    const displayId = assigned?.detail.displayId ?? imported?.detail.displayId
    if (assigned?.state === 'done') {
      if (displayId) out.cardDisplayId = displayId
      if (token) out.cardToken = token
    }
    out.pinAssigned = byStep.get('pin')?.state === 'done'
    const pin = pinStanding(byStep.get('pin'), this.pinDigits.has(row.rowId))
    if (pin) out.pin = pin
    out.passAssigned = byStep.get('pass')?.state === 'done'

    const states = steps.map((s) => s.record.state)
    const name = personName(row)
    // A step the run itself skipped (a PIN given by another desk after the plan: roster-run.ts) leaves the
    // row one of the run's rows, ended: done, its part skipped with why — never gone from the run's count
    // and said "not started" in its place. The enrollment line's own skip of a card keeps its row skipped.
    const skippedInRun = steps.some(
      ({ step, record }) =>
        record.state === 'skipped' && step !== 'card-assign' && this.steps.get(row.rowId)?.get(step) === record
    )
    if (steps.length === 0 || (states.every((s) => s === 'skipped') && !skippedInRun)) out.state = 'skipped'
    else if (states.includes('sending')) out.state = 'running'
    else if (states.includes('unknown')) {
      out.state = 'to-check'
      const pin = byStep.get('pin')
      const fix = pin?.state === 'unknown' && pin.checked ? pin : tell('runAgain')
      if (fix.reason) out.fix = fix.reason
      if (fix.said) out.fixSaid = fix.said
    } else if (imported?.state === 'done' && assigned && assigned.state !== 'done' && this.frozen) {
      // Half done: the card is on the console, nobody holds it.
      out.state = assigned.state === 'planned' && this.runningNow ? 'running' : 'to-check'
      if (token) out.cardToken = token
      if (displayId) out.cardDisplayId = displayId
      const fix = tell('assignImported', { card: displayId ?? token ?? '', name })
      out.fix = fix.reason
      out.fixSaid = fix.said
    } else if (states.includes('failed')) out.state = 'failed'
    else if (row.card.kind === 'enroll' && assigned?.state === 'planned') {
      // The card comes from the line; the row waits for it once its other steps are through.
      const others = steps
        .filter((s) => s.step !== 'card-assign' && s.step !== 'card-import')
        .map((s) => s.record.state)
      out.state = others.includes('planned') ? 'planned' : 'waiting-card'
    } else if (states.every((s) => s === 'done' || s === 'skipped')) out.state = 'done'
    else out.state = 'planned'
    return out
  }

  outcomes(): RowOutcome[] {
    if (!this.frozen) return []
    return this.frozen.map((row) => this.outcome(row))
  }

  /**
   * Where the roster stands. Paused while a run has something left to send: a planned step (the
   * enrollment line's cards aside) or a step in flight when the app stopped, not yet checked. A row
   * that failed, whose answer the run was given as lost (a 500, a cut connection: the run went on to
   * its end, nobody stopped it) or that waits for the user (a PIN probably set) is not that: a roster
   * whose rows all ended, some of them failed or to check, is finished (the summary's counts say how it
   * ended; "Check and retry" checks the rows to check).
   */
  phase(): RosterPhase {
    if (this.runningNow) return 'running'
    if (!this.frozen) return this.plan || Object.keys(this.mapping).length > 0 ? 'planned' : 'mapping'
    const pending = this.frozen.some((row) => {
      const steps = this.stepStates(row)
      // The run assigns an imported card only once its import is done: after a failed import it waits for a retry.
      const importFailed = steps.some(
        ({ step, record }) => step === 'card-import' && (record.state === 'failed' || record.state === 'skipped')
      )
      return steps.some(
        ({ step, record }) =>
          (record.state === 'planned' &&
            !(step.startsWith('card-') && row.card.kind === 'enroll') &&
            !(step === 'card-assign' && importFailed)) ||
          (record.state === 'unknown' && !record.checked && record.appStopped === true)
      )
    })
    return pending ? 'paused' : 'finished'
  }

  summary(): RosterSummary {
    const outcomes = this.outcomes()
    const count = (state: RowOutcome['state']) => outcomes.filter((o) => o.state === state).length
    // Each row once, as the results' chips count them (result-standing.ts).
    const counts = resultCounts(outcomes)
    return {
      id: this.meta.id,
      fileName: this.meta.fileName,
      createdAt: this.meta.createdAt,
      updatedAt: this.updatedAt,
      phase: this.phase(),
      rows: this.rows.length,
      done: counts.done,
      failed: counts.failed,
      toCheck: counts['to-check'],
      waitingCard: count('waiting-card'),
      console: this.console
    }
  }
}
