import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { control } from '../access/support'
import type { PlanRow } from '../../../src/shared/roster/sheet'

/**
 * One stray quote in a roster (line 5 of 9: `"Quinn` never closed) loses nothing: the other lines are
 * read and run, the bad line is its own row, said with what to do, and nothing is sent for it. Before,
 * the whole file was refused (ROSTER_BAD_QUOTE), or papaparse read every line after the quote into one cell.
 */
describe('a roster with a quote never closed on one line', () => {
  const app = useAppServices()

  it('plans and runs every other line; the bad line is flagged and its person and card are untouched', async () => {
    const demo = await app.services.connections.demoConsole()
    const people = ['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hal']
    const ids = new Map<string, string>()
    for (const first of people) {
      const { body } = await control<{ data: { id: string } }>(demo, 'POST', '/__demo/users', {
        first_name: first,
        last_name: 'Quote',
        email: `${first.toLowerCase()}.quote@example.com`
      })
      ids.set(first, body.data.id)
    }
    const card = (i: number) => `5A2F${(0xa000 + i).toString(16).toUpperCase()}`
    const lines = people.map((first, i) =>
      first === 'Dev'
        ? `"Dev Quote,dev.quote@example.com,${card(i)}`
        : `${first} Quote,${first.toLowerCase()}.quote@example.com,${card(i)}`
    )
    const csv = ['Name,Email,Card', ...lines].join('\n') + '\n'

    const opened = await app.call('roster.open', {
      fileName: 'quote.csv',
      data: Buffer.from(csv).toString('base64')
    })
    expect(opened.sheet.rowCount).toBe(8)
    const id: string = opened.summary.id
    const options = { cards: 'none', batchId: null, pin: 'none', touchPass: 'none' }
    const plan = await app.call('roster.plan', { id, mapping: { fullName: 0, email: 1, card: 2 }, options })
    const rows = plan.rows as PlanRow[]
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9])
    expect(rows.map((r) => r.match.state)).toEqual([
      'matched',
      'matched',
      'matched',
      'skipped',
      'matched',
      'matched',
      'matched',
      'matched'
    ])
    const bad = rows[3]!
    expect(bad.card).toEqual({ kind: 'none' })
    expect(bad.conflicts).toMatchObject([
      {
        kind: 'unreadable-line',
        step: 'row',
        overridable: false,
        message: 'Line 5 has a quote that is never closed; fix the quote in the file and open it again.'
      }
    ])
    // The lines after the bad one are read as they are written, not swallowed into its cell.
    expect(rows[4]).toMatchObject({ label: 'Eli Quote', card: { kind: 'import', nfcId: card(4) } })
    expect(plan.totals).toMatchObject({ rows: 8, matched: 7, skipped: 1, cardsImport: 7 })

    // Choosing a person for the bad line does not bring it in: its cells are not known.
    await app.call('roster.resolve', {
      id,
      rowId: 'r5',
      person: { type: 'user', id: ids.get('Dev')!, name: 'Dev Quote' }
    })
    expect(await app.call('roster.run', { id })).toEqual({ started: true })
    await app.services.rosters.idle(id)

    // The console afterwards: each good line's person holds its card; the bad line's person holds none,
    // and its card was never imported.
    const cards = (
      await control<{ data: { token: string; nfc_id: string; owner: { id: string } | null }[] }>(
        demo,
        'GET',
        '/__demo/state/cards'
      )
    ).body.data
    const held = (userId: string) => cards.filter((c) => c.owner?.id === userId)
    for (const first of people) {
      if (first === 'Dev') continue
      expect(held(ids.get(first)!), first).toHaveLength(1)
    }
    expect(held(ids.get('Dev')!)).toEqual([])
    expect(cards.filter((c) => c.nfc_id.toUpperCase() === card(3))).toEqual([])
    const detail = await app.call('roster.get', { id })
    expect(detail.summary).toMatchObject({ phase: 'finished', done: 7, failed: 0 })
  })
})
