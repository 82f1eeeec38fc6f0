import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import ResultsStep from '../../../src/renderer/src/screens/roster/ResultsStep.svelte'
import PlanRowPanel from '../../../src/renderer/src/screens/roster/PlanRowPanel.svelte'
import { rosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { ConsoleCards } from '../../../src/main/services/batches/console-cards'
import { PeopleIndex } from '../../../src/main/services/roster/person-match'
import { planRoster } from '../../../src/main/services/roster/roster-plan'
import { RosterModel } from '../../../src/main/services/roster/roster-model'
import { resultsCsv } from '../../../src/main/services/roster/roster-results'
import { rosterOptionsSchema } from '../../../src/shared/roster/sheet'
import { user } from '../../unit/roster/people'
import { nfcCardSchema } from '../../../src/shared/access/nfc-cards'
import { stepOutcome } from '../../../src/main/services/roster/step-outcome'
import { AppError } from '../../../src/shared/errors'

// The results' grid draws the rows its box has room for: jsdom lays nothing out, so the box is given a size.
const sizes = ['offsetHeight', 'offsetWidth'] as const
const saved = sizes.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const)
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 420 })
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 900 })
})
afterAll(() => {
  for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
})
afterEach(() => {
  cleanup()
  rosterStore.rows = []
  rosterStore.outcomes = {}
  void deskLanguage.choose(null)
})

/**
 * What main says of a roster's rows — who a row is or why it could not be told, a conflict and its
 * skipping, a step whose answer was lost and the fix — is kept as facts and said in the desk's
 * language, on the screen and in the results export; never main's English on a German desk.
 */
const ENGLISH =
  /No user|people are named|already has a PIN|Skipped unless|skipped, nothing|The app stopped|Run the roster again|checked with the console|Left out|named|nothing was replaced/

const at = '2026-11-29T10:00:00Z'

function planned() {
  const people = new PeopleIndex(
    [
      user('u1', { first_name: 'Ada', last_name: 'Ng', user_email: 'ada@x.io' }),
      user('u2', { first_name: 'Ada', last_name: 'Ng', user_email: 'ada.ng@x.io' }),
      user('u3', { first_name: 'Cy', last_name: 'Eng', user_email: 'cy@x.io', pin_code: { token: 'p' } }),
      user('u4', { first_name: 'Di', last_name: 'Fox', user_email: 'di@x.io' })
    ],
    []
  )
  const rows = [
    ['nobody@x.io', ''],
    ['', 'Ada Ng'],
    ['cy@x.io', ''],
    ['di@x.io', '']
  ]
  const { rows: plan } = planRoster({
    rows,
    mapping: { email: 0, fullName: 1 },
    people,
    resolved: new Map(),
    cards: new ConsoleCards([]),
    batchRows: [],
    assignablePasses: 0,
    decisions: [],
    options: rosterOptionsSchema.parse({ pin: 'all' })
  })
  // Run: Cy's PIN skipped by its conflict; Di's PIN sent when the app stopped (its answer lost).
  const model = RosterModel.replay([
    {
      t: 'create',
      v: 1,
      meta: { id: 'r', fileName: 'staff.csv', createdAt: at },
      sheet: { fileName: 'staff.csv', headers: ['email', 'name'], rowCount: 4, sample: [], notes: [] },
      rows,
      lines: [2, 3, 4, 5]
    },
    { t: 'run', at, rows: plan },
    { t: 'sending', at, rowId: plan[3]!.rowId, step: 'pin', attempt: 1 }
  ])
  return { plan, model }
}

describe('a roster planned and run on a German desk', () => {
  it('says who each row is, its conflicts, its steps and its fix in German, on the screen', async () => {
    await deskLanguage.choose('de')
    const { plan, model } = planned()
    rosterStore.rows = plan
    rosterStore.outcomes = Object.fromEntries(model.outcomes().map((o) => [o.rowId, o]))
    render(ResultsStep)
    const table = await screen.findByTestId('result-rows')
    await waitFor(() => expect(table.textContent).toContain('Kein Benutzer und kein Besucher hat die E-Mail-Adresse'))
    expect(table.textContent).toContain('2 Personen heißen Ada Ng.')
    expect(table.textContent).toContain('Cy Eng hat schon eine PIN: ausgelassen')
    expect(table.textContent).not.toMatch(ENGLISH)
    // Di's row, to check, is open beside the table: its step and its fix.
    const panel = screen.getByTestId('result-row')
    expect(panel.textContent).toContain('Die App wurde beendet')
    expect(screen.getByTestId('result-fix').textContent).toContain('Führen Sie die Liste erneut aus')
    expect(panel.textContent).not.toMatch(ENGLISH)
    expect(panel.textContent).not.toMatch(/unknown|skipped|failed/)
  })

  it('says the cause of a lost answer in German: the console’s own server error, never main’s English', async () => {
    await deskLanguage.choose('de')
    const { plan } = planned()
    // Di's PIN write answered by the console's own 500 (CODE_SYSTEM_ERROR): the step is to check.
    const lost = stepOutcome(
      new AppError({
        kind: 'server',
        code: 'CODE_SYSTEM_ERROR',
        message: 'The console reported an internal error.',
        hint: 'Try again in a moment.',
        details: { status: 500, endpoint: '§3.9' }
      }),
      'Site A'
    )
    const model = RosterModel.replay([
      {
        t: 'create',
        v: 1,
        meta: { id: 'r', fileName: 'staff.csv', createdAt: at },
        sheet: { fileName: 'staff.csv', headers: ['email', 'name'], rowCount: 4, sample: [], notes: [] },
        rows: [
          ['nobody@x.io', ''],
          ['', 'Ada Ng'],
          ['cy@x.io', ''],
          ['di@x.io', '']
        ],
        lines: [2, 3, 4, 5]
      },
      { t: 'run', at, rows: plan },
      { t: 'sending', at, rowId: plan[3]!.rowId, step: 'pin', attempt: 1 },
      { t: 'result', at, rowId: plan[3]!.rowId, step: 'pin', ...lost }
    ])
    rosterStore.rows = plan
    rosterStore.outcomes = Object.fromEntries(model.outcomes().map((o) => [o.rowId, o]))
    render(ResultsStep)
    const panel = await screen.findByTestId('result-row')
    await waitFor(() => expect(panel.textContent).toContain('Die Konsole meldet einen internen Fehler'))
    expect(panel.textContent).toContain('Die Antwort der Konsole ging verloren')
    expect(panel.textContent).not.toMatch(/internal error|Try again/)
  })

  it('says a conflict on the plan row’s panel in German', async () => {
    await deskLanguage.choose('de')
    const { plan } = planned()
    render(PlanRowPanel, { row: plan[2]! })
    const conflict = await screen.findByTestId('row-conflict-has-pin')
    await waitFor(() => expect(conflict.textContent).toContain('Cy Eng hat schon eine PIN. Ausgelassen, außer'))
    expect(conflict.textContent).not.toMatch(ENGLISH)
  })

  it('says the console check’s note on a card the console may hold without its NFC ID in German', async () => {
    await deskLanguage.choose('de')
    // One console card shows its own number (a UA card), not an NFC ID: "not on the console" is not certain.
    const ua = nfcCardSchema.parse({
      token: 't-ua',
      display_id: '100005',
      status: 'assigned',
      user_id: 'u9',
      user_type: 'USER'
    })
    const { rows } = planRoster({
      rows: [['di@x.io', '04A23B99']],
      mapping: { email: 0, card: 1 },
      people: new PeopleIndex([user('u4', { first_name: 'Di', last_name: 'Fox', user_email: 'di@x.io' })], []),
      resolved: new Map(),
      cards: new ConsoleCards([ua]),
      batchRows: [],
      assignablePasses: 0,
      decisions: [],
      options: rosterOptionsSchema.parse({})
    })
    render(PlanRowPanel, { row: rows[0]! })
    const note = await screen.findByTestId('card-unsure')
    await waitFor(() => expect(note.textContent).toContain('UA-Karten'))
    expect(note.textContent).not.toMatch(/No card|could not be compared|enrolled on a UA reader/)
  })

  it('writes the Reason column of the results export in German', () => {
    const { model } = planned()
    const lines = resultsCsv(model, 'de').text.split('\r\n')
    const body = lines.slice(1).join('\n')
    expect(body).toContain('Kein Benutzer und kein Besucher hat die E-Mail-Adresse nobody@x.io.')
    expect(body).toContain('2 Personen heißen Ada Ng.')
    expect(body).toContain('Cy Eng hat schon eine PIN: ausgelassen')
    expect(body).toContain('Führen Sie die Liste erneut aus')
    expect(body).not.toMatch(ENGLISH)
  })
})
