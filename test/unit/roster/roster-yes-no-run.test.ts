import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { control } from '../access/support'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import type { RowOutcome } from '../../../src/shared/roster/run'

/**
 * A PIN column in the desk's languages, run on the console: "ja" and "Sí" get a PIN, "Nein" none,
 * and "vielleicht" nothing until the user says (the run is refused while it waits).
 */
describe('a roster whose PIN column is not in English', () => {
  const app = useAppServices()

  it('gives a PIN for "ja" and "Sí", none for "Nein", and waits for the user on "vielleicht"', async () => {
    const demo = await app.services.connections.demoConsole()
    const addUser = async (first: string, email: string) =>
      (
        await control<{ data: { id: string } }>(demo, 'POST', '/__demo/users', {
          first_name: first,
          last_name: 'Sprache',
          email
        })
      ).body.data.id
    const ids = {
      ja: await addUser('Jana', 'jana.sprache@example.com'),
      maybe: await addUser('Vito', 'vito.sprache@example.com'),
      nein: await addUser('Nina', 'nina.sprache@example.com'),
      si: await addUser('Sara', 'sara.sprache@example.com')
    }
    const pins = async () => {
      const users = (
        await control<{ data: { id: string; pin_hash: string | null }[] }>(demo, 'GET', '/__demo/state/users')
      ).body.data
      const has = (id: string) => users.find((u) => u.id === id)!.pin_hash !== null
      return { ja: has(ids.ja), maybe: has(ids.maybe), nein: has(ids.nein), si: has(ids.si) }
    }

    const csv = [
      'E-Mail,PIN',
      'jana.sprache@example.com,ja',
      'vito.sprache@example.com,vielleicht',
      'nina.sprache@example.com,Nein',
      'sara.sprache@example.com,Sí'
    ].join('\r\n')
    const opened = await app.call('roster.open', { fileName: 'neu.csv', data: Buffer.from(csv).toString('base64') })
    const id: string = opened.summary.id
    const options = { cards: 'none', batchId: null, pin: 'column', touchPass: 'none' }
    const plan = await app.call('roster.plan', { id, mapping: { email: 0, pin: 1 }, options })
    const rows = plan.rows as PlanRow[]
    expect(rows.map((r) => r.pin)).toEqual([true, true, false, true])
    expect(rows[1]!.conflicts).toMatchObject([
      { kind: 'unclear-pin-cell', decision: 'undecided', message: expect.stringContaining('“vielleicht”') }
    ])
    expect(plan.totals).toMatchObject({ undecided: 1, pins: 2 })

    // Nothing runs while a cell waits for the user: refused, and the console is untouched.
    await expect(app.call('roster.run', { id })).rejects.toMatchObject({ code: 'ROSTER_CELLS_UNCLEAR' })
    expect(await pins()).toEqual({ ja: false, maybe: false, nein: false, si: false })

    // The user says no PIN for that row.
    const decided = await app.call('roster.decide', { id, rowId: 'r3', kind: 'unclear-pin-cell', decision: 'skip' })
    expect(decided.totals).toMatchObject({ undecided: 0, pins: 2 })
    expect(await app.call('roster.run', { id })).toEqual({ started: true })
    await app.services.rosters.idle(id)

    expect(await pins()).toEqual({ ja: true, maybe: false, nein: false, si: true })
    const detail = await app.call('roster.get', { id })
    const outcome = new Map<string, RowOutcome>(detail.outcomes.map((o: RowOutcome) => [o.rowId, o]))
    expect(outcome.get('r3')).toMatchObject({
      state: 'skipped',
      steps: [
        { step: 'pin', state: 'skipped', reason: 'The PIN cell says “vielleicht”: no PIN was given, as you chose.' }
      ]
    })
    expect(detail.summary).toMatchObject({ phase: 'finished', done: 2, failed: 0 })
  })
})
