// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConsoleCards } from '../../../src/main/services/batches/console-cards'
import { PeopleIndex } from '../../../src/main/services/roster/person-match'
import { planRoster } from '../../../src/main/services/roster/roster-plan'
import { progressOf } from '../../../src/main/services/roster/roster-run'
import { nfcCardSchema } from '../../../src/shared/access/nfc-cards'
import { consoleCardNumber } from '../../../src/shared/nfc/card-number'
import { countPlanRows, planRowStanding } from '../../../src/shared/roster/plan-counts'
import { rosterOptionsSchema } from '../../../src/shared/roster/sheet'
import { rowIn } from '../../../src/renderer/src/screens/roster/roster-words'
import { tempDir } from '../../support/temp'
import { frozenRoster } from '../../unit/roster/harness'
import { user } from '../../unit/roster/people'
import { rosterInEnglish } from '../../support/roster-english'

rosterInEnglish()

/**
 * One count of the plan's rows for every place that shows it: the chips, "Ready to run", Run and
 * main's totals, and the run's progress total. On the first plan they once disagreed ("Ready (1)"
 * against "Ready to run 2").
 */
const ada = user('u-ada', {
  first_name: 'Ada',
  last_name: 'Ng',
  user_email: 'ada@example.com',
  pin_code: { token: 'h' }
})
const bo = user('u-bo', { first_name: 'Bo', last_name: 'Li', user_email: 'bo@example.com' })
const cy = user('u-cy', { first_name: 'Cy', last_name: 'Ro', user_email: 'cy@example.com' })
const di = user('u-di', { first_name: 'Di', last_name: 'Sa', user_email: 'di@example.com' })
const people = new PeopleIndex([ada, bo, cy, di], [])
const cards = new ConsoleCards([
  nfcCardSchema.parse({
    token: 'tok-free',
    display_id: consoleCardNumber('04A23B1C'),
    status: 'pending',
    user_id: '',
    user_type: ''
  })
])

/** A first plan: a card and a PIN conflict, a row with nothing to give, a cell not understood. */
function firstPlan() {
  return planRoster({
    rows: [
      // Ada already has a PIN (skipped by default) but gets a new card: something is sent.
      ['ada@example.com', '5A17AA00000001', 'ja'],
      // Bo: no card, "nein": nothing to send.
      ['bo@example.com', '', 'nein'],
      // Cy: the console's card, no PIN.
      ['cy@example.com', '04A23B1C', ''],
      // Di: a card, and a PIN cell nobody understands: waits for the user.
      ['di@example.com', '5A17AA00000002', 'vielleicht']
    ],
    mapping: { email: 0, card: 1, pin: 2 },
    options: rosterOptionsSchema.parse({ pin: 'column' }),
    people,
    resolved: new Map(),
    cards,
    batchRows: [],
    assignablePasses: 0,
    decisions: []
  })
}

describe('the plan counted once', () => {
  it('the "Ready" chip, "Ready to run" (main\'s totals) and the count agree on the first plan', () => {
    const { rows, totals } = firstPlan()
    expect(rows.map(planRowStanding)).toEqual(['ready', 'nothing-to-do', 'ready', 'needs-you'])
    const counts = countPlanRows(rows)
    expect(counts).toMatchObject({ rows: 4, ready: 2, needsYou: 1, nothingToDo: 1, leftOut: 0 })
    const chip = (filter: Parameters<typeof rowIn>[1]) => rows.filter((r) => rowIn(r, filter)).length
    expect(chip('ready')).toBe(counts.ready)
    const ids = (keep: (r: (typeof rows)[number]) => boolean) => rows.filter(keep).map((r) => r.rowId)
    expect(ids((r) => rowIn(r, 'ready'))).toEqual(ids((r) => planRowStanding(r) === 'ready'))
    expect(totals.ready).toBe(counts.ready)
    expect(chip('needs-you')).toBe(counts.needsYou)
    expect(chip('conflicts')).toBe(counts.conflicts)
  })

  describe('the run', () => {
    let dir: Awaited<ReturnType<typeof tempDir>>
    beforeAll(async () => {
      dir = await tempDir('plan-counts-')
    })
    afterAll(async () => {
      await dir?.remove()
    })

    it("counts as many rows as the plan's Ready", async () => {
      // Di answered: no PIN (her card still goes); everything else as planned.
      const { rows } = planRoster({
        ...{
          rows: [
            ['ada@example.com', '5A17AA00000001', 'ja'],
            ['bo@example.com', '', 'nein'],
            ['cy@example.com', '04A23B1C', ''],
            ['di@example.com', '5A17AA00000002', 'vielleicht']
          ],
          mapping: { email: 0, card: 1, pin: 2 },
          options: rosterOptionsSchema.parse({ pin: 'column' }),
          people,
          resolved: new Map(),
          cards,
          batchRows: [],
          assignablePasses: 0
        },
        decisions: [{ rowId: 'r5', kind: 'unclear-pin-cell', decision: 'skip' }]
      })
      const ready = countPlanRows(rows).ready
      expect(ready).toBe(3)
      const { store, roster } = await frozenRoster(dir.path, rows)
      expect(progressOf(roster.model, [], null).total).toBe(ready)
      await store.close()
    })
  })
})
