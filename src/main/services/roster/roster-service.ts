import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import { ownedByOther, refuseOnOtherConsole, ROSTER_RECORD } from '../../../shared/console-owner'
import type {
  ColumnMapping,
  ConflictKind,
  PersonRef,
  PlanRow,
  PlanTotals,
  RosterOptions
} from '../../../shared/roster/sheet'
import type { BatchRow } from '../../../shared/batches/schemas'
import { rowUndecided } from '../../../shared/roster/sheet'
import type { LineState, RosterSummary } from '../../../shared/roster/run'
import type { ReaderCard } from '../../../shared/reader/schemas'
import type { AccessClient } from '../access/client'
import { freeToGive } from '../../../shared/access/touch-passes'
import { ConsoleCards } from '../batches/console-cards'
import { missingKeys } from '../access/permission-probe'
import { rosterKeys } from '../../../shared/roster/step-keys'
import type { Emit } from '../events'
import type { KeyValueStore } from '../storage/key-value-store'
import { readRosterFile } from './roster-file'
import { guessMapping, MappingMemory } from './column-mapping'
import { PeopleIndex } from './person-match'
import { planRoster, totalsOf } from './roster-plan'
import { RosterJournal, type LoadedRoster } from './roster-journal'
import { RosterRun, progressOf, type RunConsole } from './roster-run'
import type { RosterAudit } from './roster-audit'
import { EnrollmentLine } from './enrollment-line'
import { handoutPeople, pinsKnown, resultsCsv } from './roster-results'
import type { Language } from '../../../shared/i18n/locales'

export interface RosterServiceDeps {
  /** `<dataDir>/rosters` */
  dir: string
  /** The app's key-value store: remembered column mappings. */
  store: KeyValueStore
  client: () => Promise<AccessClient>
  emit: Emit
  /** An import batch's rows (the plan's "next unused row of a batch"). */
  batchRows: (batchId: string) => Promise<BatchRow[]>
  /** A batch row the roster imported: the batch records it, so no upload sends it again. */
  batchImported?: (batchId: string, rowId: string, card: { token: string; displayId?: string }) => Promise<void>
  /** The active console (profile id and name): a roster is bound to the one it was planned on. */
  activeConsole: () => Promise<{ profileId: string; name: string } | null>
  concurrency?: number
  /** The USB reader's feedback (light and beep) for the enrollment line's taps. */
  beep?: (reader: string, kind: 'new' | 'duplicate') => Promise<boolean>
  /** The audit trail: a step's lost answer is settled there as the roster settles the step (roster-audit.ts). */
  audit?: RosterAudit
  /** Runs a write so the audit trail records it as an enrollment's bind. */
  asEnrollmentBind?: <T>(run: () => Promise<T>) => Promise<T>
  /** The enrollment line's poll interval and session timeout (facts 6.1 by default). */
  pollIntervalMs?: number
  lineTimeoutMs?: number
}

/** What the plan reads from the console; kept per roster so resolving a row re-plans at once. */
interface ConsoleData {
  people: PeopleIndex
  cards: ConsoleCards
  batchRows: BatchRow[]
  batchId: string | null
  assignablePasses: number
}

const now = () => new Date().toISOString()

/**
 * The onboarding roster: open a file, map its columns, match its people, plan, run the plan against
 * the console and follow it on the enrollment line, then export the results. Every choice and every
 * step is journaled (roster-journal.ts), so a roster continues after a restart exactly where it was.
 */
export class RosterService {
  private readonly store: RosterJournal
  private readonly mappings: MappingMemory
  private readonly runs = new Map<string, { run: RosterRun; done: Promise<void> }>()
  private readonly lines = new Map<string, EnrollmentLine>()
  /** PINs generated in this app session, per roster and row: memory only, for the PIN slips. */
  private readonly pins = new Map<string, Map<string, string>>()
  private readonly data = new Map<string, ConsoleData>()
  private readonly starting = new Set<string>()

  constructor(private readonly deps: RosterServiceDeps) {
    this.store = new RosterJournal(deps.dir)
    this.mappings = new MappingMemory(deps.store)
  }

  async list(): Promise<{ rosters: RosterSummary[]; unreadable: { file: string; message: string }[] }> {
    const { rosters, unreadable } = await this.store.all()
    const summaries = rosters.map((r) => r.model.summary())
    summaries.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    return { rosters: summaries, unreadable }
  }

  async open(input: { fileName: string; data: string }) {
    const file = await readRosterFile(input.fileName, Buffer.from(input.data, 'base64'))
    const id = randomUUID()
    const roster = await this.store.create({
      t: 'create',
      v: 1,
      meta: { id, fileName: input.fileName, createdAt: now() },
      sheet: file.sheet,
      rows: file.rows,
      lines: file.lines,
      ...(file.unreadable.length > 0 && { unreadable: file.unreadable })
    })
    const remembered = this.mappings.recall(file.sheet.headers)
    return {
      summary: roster.model.summary(),
      sheet: file.sheet,
      mapping: remembered ?? guessMapping(file.sheet.headers),
      remembered: remembered !== undefined
    }
  }

  async get(id: string) {
    const roster = await this.loaded(id)
    const model = roster.model
    // After a restart the plan is not in memory: it is made again from the console when it can be
    // (its own console only: another console's people would re-match its rows there).
    const elsewhere = ownedByOther(model.console, (await this.deps.activeConsole())?.profileId)
    if (!elsewhere && !model.frozen && !model.plan && Object.keys(model.mapping).length > 0) {
      await this.replan(roster, true).catch(() => undefined)
    }
    const rows = this.rowsOf(roster)
    return {
      summary: model.summary(),
      sheet: model.sheet,
      mapping: model.mapping,
      options: model.options,
      rows,
      totals: this.totals(roster, rows),
      outcomes: model.outcomes()
    }
  }

  async plan(input: { id: string; mapping: ColumnMapping; options: RosterOptions }) {
    const roster = await this.loaded(input.id)
    // The plan matches the active console's people: the roster is bound to that console from here on.
    await this.requireConsole(roster)
    await this.store.exclusive(roster, () =>
      this.store.commit(roster, { t: 'mapping', at: now(), mapping: input.mapping, options: input.options })
    )
    this.mappings.remember(roster.model.sheet.headers, input.mapping)
    await this.replan(roster, true)
    const rows = this.rowsOf(roster)
    return { rows, totals: this.totals(roster, rows) }
  }

  async resolve(input: { id: string; rowId: string; person: PersonRef | null }) {
    const roster = await this.loaded(input.id)
    await this.requireConsole(roster)
    this.refuseSent(roster, input.rowId)
    await this.store.exclusive(roster, () =>
      this.store.commit(roster, { t: 'resolve', at: now(), rowId: input.rowId, person: input.person })
    )
    await this.replan(roster, false)
    const rows = this.rowsOf(roster)
    const row = rows.find((r) => r.rowId === input.rowId)
    if (!row) throw rowNotFound(input.rowId)
    return { row, rows, totals: this.totals(roster, rows) }
  }

  async decide(input: { id: string; rowId: string | null; kind: ConflictKind; decision: 'skip' | 'go-ahead' }) {
    const roster = await this.loaded(input.id)
    await this.requireConsole(roster)
    if (input.rowId) this.refuseSent(roster, input.rowId)
    await this.store.exclusive(roster, () =>
      this.store.commit(roster, {
        t: 'decide',
        at: now(),
        rowId: input.rowId,
        kind: input.kind,
        decision: input.decision
      })
    )
    await this.replan(roster, false)
    const rows = this.rowsOf(roster)
    return { rows, totals: this.totals(roster, rows) }
  }

  run(id: string): Promise<{ started: boolean }> {
    return this.startRun(id, false)
  }

  retryFailed(id: string): Promise<{ started: boolean }> {
    return this.startRun(id, true)
  }

  async pause(id: string): Promise<{ paused: boolean }> {
    const active = this.runs.get(id)
    if (!active) return { paused: false }
    active.run.pause()
    await active.done
    return { paused: true }
  }

  /** Resolves when the roster's run (if any) has stopped: tests and shutdown wait on it. */
  async idle(id: string): Promise<void> {
    await this.runs.get(id)?.done
  }

  async lineStart(input: { id: string; deviceId: string; reader?: 'network' | 'usb' }): Promise<LineState> {
    const roster = await this.loaded(input.id)
    await this.requireConsole(roster)
    await this.freeze(roster)
    // A bind (or an undo) whose answer was lost: settled with the console before anyone is named.
    if (!this.runs.has(input.id) && !this.starting.has(input.id)) await this.runner(roster).check()
    // One line takes the USB reader's taps at a time.
    if (input.reader === 'usb')
      for (const [id, line] of this.lines) if (id !== input.id && line.takesUsbTaps) await line.pause()
    return this.line(roster).start(input.deviceId, input.reader ?? 'network')
  }

  /** A USB reader tap: the enrollment line's when one runs on the USB reader (true), else not taken. */
  usbTap(card: ReaderCard): boolean {
    for (const line of this.lines.values()) {
      if (!line.takesUsbTaps) continue
      void line.usbTap(card).catch(() => undefined)
      return true
    }
    return false
  }

  async lineSkip(id: string): Promise<LineState> {
    const roster = await this.loaded(id)
    await this.requireConsole(roster)
    return this.line(roster).skip()
  }

  async lineUndo(id: string): Promise<LineState> {
    const roster = await this.loaded(id)
    await this.requireConsole(roster)
    return this.line(roster).undo()
  }

  /** Pausing sends nothing: allowed on any console (a line left going must be stoppable). */
  async linePause(id: string): Promise<LineState> {
    return this.line(await this.loaded(id)).pause()
  }

  async exportCsv(id: string, language?: Language) {
    return resultsCsv((await this.loaded(id)).model, language)
  }

  async handout(input: { id: string; pinSlips?: boolean }) {
    const roster = await this.loaded(input.id)
    return handoutPeople(roster.model, this.pinsOf(input.id), input.pinSlips ?? false)
  }

  /** Whose PINs from this roster main still holds, and whose it no longer does (given before a restart). */
  async pinsKnown(id: string) {
    return pinsKnown((await this.loaded(id)).model, this.pinsOf(id))
  }

  /** The keys a run may need that the token lacks (the screen turns Run and Retry off for those its plan needs). */
  async capabilities(): Promise<{ missingPermissions: string[] }> {
    return { missingPermissions: await missingKeys(await this.deps.client(), rosterKeys) }
  }

  async delete(id: string): Promise<{ deleted: true }> {
    await this.pause(id)
    await this.lines.get(id)?.close()
    this.lines.delete(id)
    await this.store.remove(id)
    this.pins.delete(id)
    this.data.delete(id)
    return { deleted: true }
  }

  async close(): Promise<void> {
    for (const { run } of this.runs.values()) run.pause()
    await Promise.allSettled([...this.runs.values()].map((r) => r.done))
    await Promise.allSettled([...this.lines.values()].map((l) => l.close()))
    await this.store.close()
  }

  /** A roster as the journal holds it, its rows' PINs read by the digits this session holds (pin-standing.ts). */
  private async loaded(id: string): Promise<LoadedRoster> {
    const roster = await this.store.get(id)
    roster.model.pinDigits = this.pinsOf(id)
    return roster
  }

  private pinsOf(id: string): Map<string, string> {
    let pins = this.pins.get(id)
    if (!pins) this.pins.set(id, (pins = new Map()))
    return pins
  }

  private line(roster: LoadedRoster): EnrollmentLine {
    const id = roster.model.meta.id
    let line = this.lines.get(id)
    if (!line) {
      line = new EnrollmentLine(
        {
          store: this.store,
          client: this.deps.client,
          emit: this.deps.emit,
          rowChanged: (rowId) => this.rowChanged(roster, rowId),
          ...(this.deps.pollIntervalMs !== undefined ? { pollIntervalMs: this.deps.pollIntervalMs } : {}),
          ...(this.deps.lineTimeoutMs !== undefined ? { timeoutMs: this.deps.lineTimeoutMs } : {}),
          ...(this.deps.asEnrollmentBind ? { asEnrollmentBind: this.deps.asEnrollmentBind } : {}),
          ...(this.deps.beep ? { beep: this.deps.beep } : {})
        },
        roster
      )
      this.lines.set(id, line)
    }
    return line
  }

  private rowChanged(roster: LoadedRoster, rowId: string): void {
    const row = roster.model.planRow(rowId)
    if (!row) return
    this.deps.emit('roster.progress', progressOf(roster.model, [roster.model.outcome(row)], null))
    this.deps.emit('cards.stale', { what: 'rosterEnrollment', at: Date.now() })
  }

  private async startRun(id: string, retryFailed: boolean): Promise<{ started: boolean }> {
    // Checked and claimed before any await: two runs of one roster at once could send a step twice.
    if (this.runs.has(id) || this.starting.has(id)) return { started: false }
    this.starting.add(id)
    let run: RosterRun
    try {
      const roster = await this.loaded(id)
      await this.requireConsole(roster)
      await this.freeze(roster)
      run = this.runner(roster)
    } finally {
      this.starting.delete(id)
    }
    const done = run.run({ retryFailed }).finally(() => {
      this.runs.delete(id)
      this.deps.emit('cards.stale', { what: 'rosterRun', at: Date.now() })
    })
    this.runs.set(id, { run, done })
    return { started: true }
  }

  private runner(roster: LoadedRoster): RosterRun {
    const id = roster.model.meta.id
    return new RosterRun(
      {
        store: this.store,
        client: this.deps.client as () => Promise<RunConsole>,
        emit: this.deps.emit,
        pins: this.pinsOf(id),
        ...(this.deps.audit ? { audit: this.deps.audit } : {}),
        batches: {
          alias: async (batchId, rowId) =>
            (await this.deps.batchRows(batchId)).find((r) => r.id === rowId)?.alias ?? '',
          imported: (batchId, rowId, card) => this.deps.batchImported?.(batchId, rowId, card) ?? Promise.resolve()
        },
        ...(this.deps.concurrency ? { concurrency: this.deps.concurrency } : {})
      },
      roster
    )
  }

  /**
   * A roster belongs to the console it was planned on: its people were matched there and its results
   * say what that console holds. Any change of it (plan, resolve, decide, run, retry, the line) while
   * another console is active is refused, never done silently; the first plan binds it.
   */
  private async requireConsole(roster: LoadedRoster): Promise<void> {
    const active = await this.deps.activeConsole()
    const bound = roster.model.console
    refuseOnOtherConsole(ROSTER_RECORD, bound, active)
    if (!bound && active) {
      await this.store.exclusive(roster, () => this.store.commit(roster, { t: 'console', at: now(), console: active }))
    }
  }

  /**
   * The plan a run follows is stored with the roster. Rows nothing was sent for yet take the newest
   * plan (a row resolved since the first run); rows already under way keep the plan they started with.
   */
  private async freeze(roster: LoadedRoster): Promise<void> {
    const model = roster.model
    if (!model.plan) {
      if (model.frozen) return
      if (Object.keys(model.mapping).length > 0) await this.replan(roster, true)
      if (!model.plan) {
        throw new AppError({
          kind: 'validation',
          code: 'ROSTER_NOT_PLANNED',
          message: 'This roster has no plan yet.',
          hint: 'Map the columns and make the plan first.'
        })
      }
    }
    const planned = model.plan.rows
    const rows = model.frozen
      ? planned.map((row) => (this.started(roster, row.rowId) ? (model.planRow(row.rowId) ?? row) : row))
      : planned
    // A cell the user has not said yes or no to would be given or skipped silently: nothing runs until they say.
    const undecided = rows.filter((row) => !this.started(roster, row.rowId) && rowUndecided(row))
    if (undecided.length > 0) {
      const lines = undecided.map((row) => row.line)
      throw new AppError({
        kind: 'validation',
        code: 'ROSTER_CELLS_UNCLEAR',
        message: `${undecided.length === 1 ? 'Line' : 'Lines'} ${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', …' : ''} of the file ${undecided.length === 1 ? 'has a PIN or Touch Pass cell' : 'have PIN or Touch Pass cells'} that say neither yes nor no.`,
        hint: 'Open each row under “Needs you” and say whether it gets one, or fix the file and open it again.',
        details: {
          count: undecided.length,
          lines: lines.slice(0, 10).join(', '),
          more: lines.length > 10 ? 'yes' : 'no'
        }
      })
    }
    if (model.frozen && sameRows(model.frozen, rows)) return
    await this.store.exclusive(roster, () => this.store.commit(roster, { t: 'run', at: now(), rows }))
  }

  /** Whether anything of the row was sent (or decided on the line). */
  private started(roster: LoadedRoster, rowId: string): boolean {
    const steps = roster.model.steps.get(rowId)
    return steps !== undefined && [...steps.values()].some((s) => s.state !== 'planned')
  }

  private refuseSent(roster: LoadedRoster, rowId: string): void {
    if (!this.started(roster, rowId)) return
    throw new AppError({
      kind: 'conflict',
      code: 'ROSTER_ROW_UNDER_WAY',
      message: 'Something was already sent for this row; its person and choices can no longer change.',
      hint: 'Use Retry failed for its failed steps, or give the person what is missing on the PINs, Cards or Touch Passes screen.'
    })
  }

  /** The plan from the console's people and cards (fetched again when `fresh`, else the ones kept). */
  private async replan(roster: LoadedRoster, fresh: boolean): Promise<void> {
    const model = roster.model
    const data = await this.consoleData(roster, fresh)
    model.plan = planRoster({
      rows: model.rows,
      lines: model.lines,
      unreadable: model.unreadable,
      mapping: model.mapping,
      options: model.options,
      people: data.people,
      resolved: model.resolved,
      cards: data.cards,
      batchRows: data.batchRows,
      assignablePasses: data.assignablePasses,
      decisions: model.decisions
    })
  }

  private async consoleData(roster: LoadedRoster, fresh: boolean): Promise<ConsoleData> {
    const id = roster.model.meta.id
    const batchId = roster.model.options.cards === 'batch' ? roster.model.options.batchId : null
    const kept = this.data.get(id)
    if (!fresh && kept && kept.batchId === batchId) return kept
    const client = await this.deps.client()
    const [users, visitors, cards, batchRows, passes] = await Promise.all([
      client.users.all(),
      client.visitors.all(),
      client.nfcCards.all(),
      batchId ? this.deps.batchRows(batchId) : Promise.resolve([]),
      // Without the permission to list passes, the plan says none are available.
      client.touchPasses.assignable().catch(() => [])
    ])
    const data: ConsoleData = {
      people: new PeopleIndex(users, visitors),
      cards: new ConsoleCards(cards),
      batchRows,
      batchId,
      // Only passes nobody holds: a suspended pass is listed as assignable while its holder keeps it.
      assignablePasses: passes.filter(freeToGive).length
    }
    this.data.set(id, data)
    return data
  }

  /** The rows the screen shows: the plan as it will run (untouched rows newly planned, the rest as run). */
  private rowsOf(roster: LoadedRoster): PlanRow[] {
    const model = roster.model
    if (!model.frozen) return model.plan?.rows ?? []
    if (!model.plan) return model.frozen
    return model.plan.rows.map((row) => (this.started(roster, row.rowId) ? (model.planRow(row.rowId) ?? row) : row))
  }

  private totals(roster: LoadedRoster, rows: PlanRow[]): PlanTotals {
    const plan = roster.model.plan
    if (plan && plan.rows === rows) return plan.totals
    return totalsOf(rows, plan?.totals.passesAvailable ?? this.data.get(roster.model.meta.id)?.assignablePasses ?? 0)
  }
}

function sameRows(a: PlanRow[], b: PlanRow[]): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b)
}

function rowNotFound(rowId: string): AppError {
  return new AppError({
    kind: 'not-found',
    code: 'ROSTER_ROW_NOT_FOUND',
    message: `The roster has no row ${rowId}.`,
    hint: 'Reload the roster.',
    details: { rowId }
  })
}
