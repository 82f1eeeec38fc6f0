import type { LineState, RosterProgress, RosterSummary, RowOutcome } from '../../../src/shared/roster/run'
import type { PlanRow, PlanTotals, RosterSheet } from '../../../src/shared/roster/sheet'
import { pinStanding } from '../../../src/shared/roster/pin-standing'
import { rosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { eventBridge, ok } from '../enroll/event-bridge'

/** A roster of five people as the screen's tests see it: one of each kind of row. */
export const sheet: RosterSheet = {
  fileName: 'staff.csv',
  headers: ['Name', 'Mail', 'Badge', 'PIN'],
  rowCount: 5,
  sample: [
    ['Ada Ng', 'ada@example.com', '04A1B2C3D4E5F6', 'yes'],
    ['Bo Dahl', 'bo@example.com', 'enroll', 'no']
  ],
  notes: ['Read as UTF-8 with a byte-order mark.']
}

export const summary = (fields: Partial<RosterSummary> = {}): RosterSummary => ({
  id: 'r1',
  fileName: 'staff.csv',
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:05:00.000Z',
  phase: 'planned',
  rows: 5,
  done: 0,
  failed: 0,
  toCheck: 0,
  console: null,
  ...fields
})

const ada = { type: 'user' as const, id: 'u1', name: 'Ada Ng', email: 'ada@example.com' }
const adaToo = { type: 'user' as const, id: 'u2', name: 'Ada Ng', email: 'ada.ng@example.org', employeeNumber: '0042' }

export const rows: PlanRow[] = [
  {
    rowId: 'row-2',
    line: 2,
    label: 'Ada Ng',
    match: { state: 'ambiguous', candidates: [ada, adaToo], reason: '2 people are named Ada Ng' },
    card: { kind: 'import', nfcId: '04A1B2C3D4E5F6' },
    pin: true,
    touchPass: false,
    conflicts: []
  },
  {
    rowId: 'row-3',
    line: 3,
    label: 'Cy Eng',
    match: { state: 'matched', by: 'email', person: { type: 'user', id: 'u3', name: 'Cy Eng' } },
    card: { kind: 'existing', nfcId: '0499', token: 'tok-9', displayId: '100099' },
    pin: false,
    touchPass: false,
    conflicts: [
      {
        kind: 'card-owned',
        step: 'card',
        message: 'Card 100099 belongs to Di Fox.',
        overridable: true,
        decision: 'skip'
      }
    ]
  },
  {
    rowId: 'row-4',
    line: 4,
    label: 'Bo Dahl',
    match: { state: 'matched', by: 'email', person: { type: 'user', id: 'u4', name: 'Bo Dahl' } },
    card: { kind: 'enroll' },
    pin: false,
    touchPass: false,
    conflicts: []
  }
]

export const totals = (fields: Partial<PlanTotals> = {}): PlanTotals => ({
  rows: 3,
  matched: 2,
  ambiguous: 1,
  missing: 0,
  skipped: 0,
  cardsExisting: 1,
  cardsImport: 1,
  cardsBatch: 0,
  cardsEnroll: 1,
  pins: 1,
  passes: 0,
  passesAvailable: 4,
  conflicts: 1,
  undecided: 0,
  ready: 2,
  ...fields
})

/** A row's outcome as main sends it; its PIN's standing, unless given, as main reads it with the digits held. */
export const outcome = (rowId: string, fields: Partial<RowOutcome> = {}): RowOutcome => {
  const steps = fields.steps ?? [{ step: 'card-assign', state: 'done' }]
  const pin = pinStanding(
    steps.find((s) => s.step === 'pin'),
    true
  )
  return {
    rowId,
    state: 'done',
    steps,
    pinAssigned: false,
    passAssigned: false,
    ...(pin ? { pin } : {}),
    ...fields
  }
}

/**
 * A progress event as main sends it. Unless given, the rows not counted are not started (none in
 * flight, none on the line), and the phase is main's for those counts: running while it runs, else
 * finished when every row ended and paused when some are not started.
 */
export const progress = (fields: Partial<RosterProgress> = {}): RosterProgress => {
  const total = fields.total ?? 300
  const ended = (fields.done ?? 0) + (fields.failed ?? 0) + (fields.toCheck ?? 0)
  const notStarted =
    fields.notStarted ?? Math.max(0, total - ended - (fields.inFlight ?? 0) - (fields.waitingCard ?? 0))
  const running = fields.running ?? true
  return {
    rosterId: 'r1',
    total,
    done: 0,
    failed: 0,
    toCheck: 0,
    inFlight: 0,
    waitingCard: 0,
    notStarted,
    phase: running ? 'running' : notStarted > 0 ? 'paused' : 'finished',
    running,
    etaSeconds: null,
    rows: [],
    ...fields
  }
}

export const line = (fields: Partial<LineState> = {}): LineState => ({
  rosterId: 'r1',
  state: 'waiting',
  current: { rowId: 'row-4', name: 'Bo Dahl' },
  next: { rowId: 'row-5', name: 'Eva Lind' },
  remaining: 5,
  last: null,
  deviceId: 'dev-1',
  ...fields
})

/** A roster as roster.get answers it, with the given phase, rows and outcomes. */
export function detail(phase: RosterSummary['phase'], planRows = rows, outcomes: RowOutcome[] = []) {
  return {
    summary: summary({ phase }),
    sheet,
    mapping: { fullName: 0, email: 1 },
    options: { cards: 'none' as const, batchId: null, pin: 'none' as const, touchPass: 'none' as const },
    rows: planRows,
    totals: totals(),
    outcomes
  }
}

/**
 * A scripted bridge installed for the renderer, and the roster opened through it (the store is the
 * app's one instance: it is reset to the list first).
 */
export async function openRoster(
  phase: RosterSummary['phase'],
  answers: Parameters<typeof eventBridge>[0] = {},
  planRows = rows,
  outcomes: RowOutcome[] = []
) {
  const bridge = eventBridge({
    'roster.list': () => ok({ rosters: [summary({ phase })], unreadable: [] }),
    'roster.get': () => ok(detail(phase, planRows, outcomes)),
    ...answers
  })
  setApiForTests(bridge.bridge)
  rosterStore.close()
  if (phase !== 'mapping') await rosterStore.open('r1')
  return bridge
}

/** The inputs sent on one channel, in order. */
export const sent = (calls: [string, unknown][], channel: string) =>
  calls.filter(([c]) => c === channel).map(([, i]) => i)
