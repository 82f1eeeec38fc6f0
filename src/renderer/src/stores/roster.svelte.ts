import type { BatchSummary } from '../../../shared/batches/schemas'
import { AppError } from '../../../shared/errors'
import { ROSTER_FILE_MAX_BYTES } from '../../../shared/ipc/channels/roster'
import type {
  ForgottenPin,
  HandoutPerson,
  LineState,
  RosterProgress,
  RosterSummary,
  RowOutcome
} from '../../../shared/roster/run'
import type {
  ColumnMapping,
  ConflictKind,
  PersonRef,
  PlanRow,
  PlanTotals,
  RosterOptions,
  RosterSheet
} from '../../../shared/roster/sheet'
import { defaultRosterOptions } from '../../../shared/roster/sheet'
import { getApi } from '../lib/api'
import { deskLanguage } from '../lib/i18n/desk-language.svelte'
import { languageOf } from '../../../shared/i18n/locales'
import { saveBlob } from '../lib/download'
import { readerChoices, type ReaderChoice } from './enroll.svelte'
import { readPreference, writePreference } from '../lib/preferences'
import { onMainRestart } from '../lib/main-restarts'
import { onConsoleSwitch } from './console-scope'
import { connection } from './connection.svelte'
import { ownedByOther } from '../../../shared/console-owner'
import { rosterWords } from '../lib/i18n/roster-messages.svelte'
import { missingKeysReason } from '../../../shared/roster/step-keys'
import { runCounts, runStanding, type RunCounts } from '../../../shared/roster/run-standing'
import type { PermissionKey } from '../../../shared/access/endpoints'

/** The steps of a roster as the screen walks them. */
export type RosterView = 'list' | 'mapping' | 'plan' | 'run' | 'results'

const LAST_READER_KEY = 'access-desk.roster.reader'

/** A file's bytes as base64, in chunks (a 16 MB file as one argument list would overflow the stack). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  const CHUNK = 0x8000
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK))
  }
  return btoa(binary)
}

/** The step a roster opens on: where its phase says the work stands. */
export function viewForPhase(phase: RosterSummary['phase']): RosterView {
  if (phase === 'mapping') return 'mapping'
  if (phase === 'planned') return 'plan'
  if (phase === 'finished') return 'results'
  return 'run'
}

/**
 * The Roster screen's state: the rosters on this desk, the one open (its sheet, mapping, plan and
 * outcomes), the run's progress and the enrollment line. Progress and line events are followed for
 * the app's lifetime, so a run outlives a visit to another screen.
 */
/** The Columns step as the person left it (RosterStore.columnEdits). */
export interface ColumnEdits {
  mapping: ColumnMapping
  options: RosterOptions
  chosen: ('pin' | 'touchPass')[]
}

export class RosterStore {
  rosters = $state.raw<RosterSummary[]>([])
  /** Roster files on disk that could not be read, with why. */
  unreadable = $state.raw<{ file: string; message: string }[]>([])
  listed = $state(false)

  view = $state<RosterView>('list')
  id = $state<string | null>(null)
  summary = $state.raw<RosterSummary | null>(null)
  sheet = $state.raw<RosterSheet | null>(null)
  mapping = $state.raw<ColumnMapping>({})
  options = $state.raw<RosterOptions>(defaultRosterOptions())
  /**
   * The Columns step's edits not yet planned (mapping, "For every row" options, the options the person
   * picked): the open roster's, so another screen visited meanwhile loses none of them. Gone with a plan
   * made from them, or with the roster closed.
   */
  columnEdits = $state.raw<ColumnEdits | null>(null)
  /** The mapping was used for a file with these headers before. */
  remembered = $state(false)
  rows = $state.raw<PlanRow[]>([])
  totals = $state.raw<PlanTotals | null>(null)
  /** Row id → its outcome, patched by progress events. */
  outcomes = $state.raw<Readonly<Record<string, RowOutcome>>>({})
  progress = $state.raw<RosterProgress | null>(null)
  line = $state.raw<LineState | null>(null)

  batches = $state.raw<BatchSummary[]>([])
  readers = $state.raw<ReaderChoice[]>([])
  deviceId = $state<string | null>(null)

  /** The keys a roster run may need that the token lacks (main probes them: roster.capabilities). */
  missingPermissions = $state.raw<string[]>([])

  /**
   * The console the open roster was planned on, when another one is active: the roster is read-only
   * then (main refuses every change: shared/console-owner.ts, the rule import batches follow too).
   */
  otherConsole = $derived(ownedByOther(this.summary?.console, connection.activeId))
  /**
   * What the screen says of a roster of another console, in the desk's language: whose it is and how
   * to switch back (main refuses a change in its own English: shared/console-owner.ts refuseOnOtherConsole).
   */
  readOnly = $derived(
    this.otherConsole ? rosterReadOnly(this.otherConsole.name, connection.active?.name ?? null) : null
  )

  /** The bridge the events are followed on (a test installs a new one). */
  private listeningTo: object | null = null

  /** The phase as the newest event says it (the summary is read when the roster opens). */
  running = $derived(this.progress?.rosterId === this.id ? this.progress.running : this.summary?.phase === 'running')

  /**
   * The open roster's run: its rows counted each once, from the newest progress event, or before one
   * (a roster reopened after a restart) from the rows' outcomes; and where it stands, from the phase
   * main keeps. One rule (shared/roster/run-standing.ts) for the Run step, the results and the badge.
   */
  runCounts = $derived.by((): RunCounts => {
    const p = this.progress
    if (p && p.rosterId === this.id) {
      const { total: rows, done, failed, toCheck, inFlight, waitingCard, notStarted } = p
      return { rows, done, failed, toCheck, inFlight, waitingCard, partlyDone: p.partlyDone ?? 0, notStarted }
    }
    return runCounts(Object.values(this.outcomes), { running: this.running, expected: this.totals?.ready })
  })
  standing = $derived(runStanding(this.summary?.phase ?? 'planned', this.runCounts))

  /**
   * Why an action that sends the plan's steps (Run, Resume, Retry) is off: the roster is another
   * console's, or the token lacks a key those steps need (`keys`: step-keys.ts); null when it may go.
   */
  sendOff(keys: readonly PermissionKey[]): string | null {
    return this.readOnly ?? missingKeysReason(keys, this.missingPermissions)
  }

  /** Asks main which keys the token lacks; when it cannot tell, nothing is turned off (a refusal says why). */
  async loadCapabilities(): Promise<void> {
    this.missingPermissions = await getApi()
      .roster.capabilities()
      .then((c) => c.missingPermissions)
      .catch(() => [])
  }

  async loadList(): Promise<void> {
    const { rosters, unreadable } = await getApi().roster.list()
    this.rosters = rosters
    this.unreadable = unreadable
    this.listed = true
  }

  /** Read a roster file the user picked; its bytes go to main, which keeps the rows. */
  async openFile(file: File): Promise<void> {
    if (file.size > ROSTER_FILE_MAX_BYTES) {
      throw new AppError({
        kind: 'validation',
        code: 'ROSTER_TOO_LARGE',
        message: `${file.name} is larger than 16 MB.`,
        hint: 'Split the roster into several files, or save it as CSV without formatting.'
      })
    }
    const data = bytesToBase64(new Uint8Array(await file.arrayBuffer()))
    const opened = await getApi().roster.open({ fileName: file.name, data })
    this.clear()
    this.id = opened.summary.id
    this.summary = opened.summary
    this.sheet = opened.sheet
    this.mapping = opened.mapping
    this.remembered = opened.remembered
    this.view = 'mapping'
    void this.loadList().catch(() => undefined)
  }

  /** Open a roster of the list on the step its phase stands at ("Resume" for one stopped mid-run). */
  async open(id: string): Promise<void> {
    const detail = await getApi().roster.get({ id })
    this.clear()
    this.id = id
    this.sheet = detail.sheet
    this.mapping = detail.mapping
    this.options = detail.options
    this.takeRun(detail)
    this.view = viewForPhase(detail.summary.phase)
  }

  /** What a read of the roster says of its run: opening it and reading it again (refresh) take it alike. */
  private takeRun(detail: {
    summary: RosterSummary
    rows: PlanRow[]
    totals: PlanTotals
    outcomes: RowOutcome[]
  }): void {
    this.summary = detail.summary
    this.rows = detail.rows
    this.totals = detail.totals
    this.outcomes = Object.fromEntries(detail.outcomes.map((o) => [o.rowId, o]))
  }

  /** Back to the list; a run goes on in main. */
  close(): void {
    this.clear()
    this.view = 'list'
    void this.loadList().catch(() => undefined)
  }

  private clear(): void {
    this.id = null
    this.summary = null
    this.sheet = null
    this.mapping = {}
    this.options = defaultRosterOptions()
    this.columnEdits = null
    this.remembered = false
    this.rows = []
    this.totals = null
    this.outcomes = {}
    this.progress = null
    this.line = null
  }

  private need(): string {
    if (!this.id) {
      throw new AppError({ kind: 'validation', message: 'No roster is open.', hint: 'Open a roster from the list.' })
    }
    return this.id
  }

  /** Import batches, for "cards from a batch". */
  async loadBatches(): Promise<void> {
    const { batches } = await getApi().batches.list()
    this.batches = batches
  }

  /** Map the columns and plan every row; nothing is sent to the console. */
  async plan(mapping: ColumnMapping, options: RosterOptions): Promise<void> {
    const id = this.need()
    const planned = await getApi().roster.plan({ id, mapping, options })
    this.mapping = mapping
    this.options = options
    this.columnEdits = null
    this.rows = planned.rows
    this.totals = planned.totals
    this.setPhase('planned')
    this.view = 'plan'
    // The first plan bound the roster to the active console (main: requireConsole): read the summary
    // that says so, or a console switch while it is open leaves it looking editable (walk C) until it
    // is opened again from the list (the read-only rule, shared/console-owner.ts, goes by it).
    await this.readSummary(id).catch(() => undefined)
  }

  /** The open roster's summary as main holds it now (its phase, counts and console). */
  private async readSummary(id: string): Promise<void> {
    const { summary } = await getApi().roster.get({ id })
    if (this.id === id) this.summary = summary
  }

  /** Who an ambiguous or missing row is; null leaves the row out. */
  async resolve(rowId: string, person: PersonRef | null): Promise<void> {
    const id = this.need()
    // Every row: choosing someone already on a later line makes that line a duplicate.
    const { rows, totals } = await getApi().roster.resolve({ id, rowId, person })
    this.rows = rows
    this.totals = totals
  }

  /** Skip a conflicting step or do it anyway, for one row (rowId) or every row with that conflict (null). */
  async decide(rowId: string | null, kind: ConflictKind, decision: 'skip' | 'go-ahead'): Promise<void> {
    const id = this.need()
    const decided = await getApi().roster.decide({ id, rowId, kind, decision })
    this.rows = decided.rows
    this.totals = decided.totals
  }

  async run(): Promise<void> {
    const id = this.need()
    await getApi().roster.run({ id })
    this.setPhase('running')
    this.view = 'run'
    void this.refresh().catch(() => undefined)
  }

  /**
   * Read the roster's rows and outcomes again (progress events carry only the rows that changed:
   * enroll-now rows waiting for their card from the start are in none).
   */
  async refresh(): Promise<void> {
    const id = this.id
    if (!id) return
    const detail = await getApi().roster.get({ id })
    if (this.id !== id) return
    this.takeRun(detail)
  }

  /**
   * After a restart of main (lib/main-restarts.ts): a run and its enrollment line stopped with the
   * old main (its roster says "stopped mid-run"), so the last progress and line heard are not
   * main's: drop them (a run still going sends its next event) and read the roster and list again.
   */
  async reestablish(): Promise<void> {
    this.progress = null
    this.line = null
    await Promise.allSettled([this.listed ? this.loadList() : undefined, this.refresh()])
  }

  async pause(): Promise<void> {
    await getApi().roster.pause({ id: this.need() })
  }

  async retryFailed(): Promise<void> {
    await getApi().roster.retryFailed({ id: this.need() })
    this.setPhase('running')
    this.view = 'run'
    void this.refresh().catch(() => undefined)
  }

  // The enrollment line.

  async loadReaders(): Promise<void> {
    const api = getApi()
    const [devices, doors] = await Promise.all([api.sites.devices(), api.sites.doors().catch(() => ({ items: [] }))])
    this.readers = readerChoices(devices.items, doors.items)
    const remembered = readPreference(LAST_READER_KEY)
    const keep = this.readers.find((r) => r.id === (this.deviceId ?? remembered) && r.online)
    this.deviceId = keep?.id ?? this.readers.find((r) => r.online)?.id ?? null
  }

  /** Another console: its readers are not this one's (rosters are the desk's and stay). */
  resetReaders(): void {
    this.missingPermissions = []
    this.readers = []
    this.deviceId = null
    this.batches = []
  }

  chooseReader(id: string): void {
    this.deviceId = id
    writePreference(LAST_READER_KEY, id)
  }

  async lineStart(): Promise<void> {
    const id = this.need()
    if (!this.deviceId) {
      throw new AppError({
        kind: 'validation',
        message: 'No reader is chosen.',
        hint: 'Pick the networked reader the cards will be tapped on.'
      })
    }
    this.line = await getApi().roster.lineStart({ id, deviceId: this.deviceId })
  }

  async lineSkip(): Promise<void> {
    this.line = await getApi().roster.lineSkip({ id: this.need() })
  }

  async lineUndo(): Promise<void> {
    this.line = await getApi().roster.lineUndo({ id: this.need() })
  }

  async linePause(): Promise<void> {
    this.line = await getApi().roster.linePause({ id: this.need() })
  }

  // Results.

  /** The results as a CSV file (never a PIN). Returns what was saved. */
  /** Saves the results as CSV; answers what was saved, for the screen to say in the desk's words. */
  async exportCsv(): Promise<{ filename: string; rows: number }> {
    // Its header and yes/no cells in the desk's language (read back by the roster's guess).
    const language = languageOf(deskLanguage.locale)
    const { filename, text, rows } = await getApi().roster.exportCsv({ id: this.need(), language })
    saveBlob(new Blob([text], { type: 'text/csv' }), filename)
    return { filename, rows }
  }

  /** The people for the hand-out sheet; with pinSlips, the PINs this app session still holds. */
  async handout(pinSlips: boolean): Promise<{ people: HandoutPerson[]; pinsForgotten: ForgottenPin[] }> {
    const answer = await getApi().roster.handout({ id: this.need(), pinSlips })
    // A PIN is only ever shown on a slip that was asked for.
    return {
      people: pinSlips ? answer.people : answer.people.map(({ pin: _pin, ...person }) => person),
      pinsForgotten: answer.pinsForgotten
    }
  }

  async remove(id: string): Promise<void> {
    await getApi().roster.delete({ id })
    this.rosters = this.rosters.filter((r) => r.id !== id)
    if (this.id === id) this.close()
  }

  // Events.

  listen(): void {
    const api = getApi()
    if (this.listeningTo === api) return
    this.listeningTo = api
    api.on('roster.progress', (p) => this.onProgress(p))
    api.on('roster.line', (l) => this.onLine(l))
  }

  onProgress(p: RosterProgress): void {
    this.rosters = this.rosters.map((r) =>
      r.id === p.rosterId
        ? { ...r, done: p.done, failed: p.failed, toCheck: p.toCheck, waitingCard: p.waitingCard, phase: p.phase }
        : r
    )
    if (p.rosterId !== this.id) return
    const wasRunning = this.running
    this.progress = p
    // The phase main keeps, never guessed from the counts here: a run that went through every row, some
    // answers lost, is finished with rows to check; one the app stopped with rows in flight is stopped
    // mid-run (roster-model.ts phase, shared/roster/run-standing.ts).
    this.setPhase(p.phase)
    // The run stopped or ended: the rows it did not report (the line's, the skipped) are read again.
    if (!p.running && wasRunning) void this.refresh().catch(() => undefined)
    if (p.rows.length) {
      const next = { ...this.outcomes }
      for (const row of p.rows) next[row.rowId] = row
      this.outcomes = next
    }
  }

  /** The phase as this desk last heard it (the list is read again when the screen goes back to it). */
  private setPhase(phase: RosterSummary['phase']): void {
    if (this.summary && this.summary.phase !== phase) this.summary = { ...this.summary, phase }
  }

  onLine(l: LineState): void {
    if (l.rosterId !== this.id) return
    this.line = l
  }
}

export const rosterStore = new RosterStore()
onConsoleSwitch('roster', () => {
  rosterStore.resetReaders()
  // The keys a run needs are the new console's token's: asked again at once for the roster open.
  void rosterStore.loadCapabilities()
})
onMainRestart('roster', () => rosterStore.reestablish())

/** A roster of `owner` read while `active` is the console: read-only, and what to do instead. */
function rosterReadOnly(owner: string, active: string | null): string {
  const m = rosterWords()
  return m.t('readOnly', { owner, active: active ?? m.t('readOnlyAnother'), here: active ?? m.t('readOnlyThis') })
}
