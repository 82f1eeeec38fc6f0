import { describe, expect, it } from 'vitest'
import writeExcelFile from 'write-excel-file/node'
import { useAppServices } from '../../support/app-services'
import { control } from '../access/support'
import type { PlanRow } from '../../../src/shared/roster/sheet'

/**
 * A card cell of digits only reads two ways: hex (the console's format, how Import reads it) or the
 * decimal number the reader panel shows. The roster reads it as Import does (shared/nfc/card-number.ts
 * writtenDigits): as hex, flagged with the decimal reading named, and no card is given unless the user
 * says so — never a silent "New card 77740828" nor a card 12345678 made from a decimal number.
 */
describe('a roster card cell of digits only', () => {
  const app = useAppServices()

  it('is flagged with both readings; run as planned, the console gives no card and imports none', async () => {
    const demo = await app.services.connections.demoConsole()
    const client = await app.services.connections.client()
    const person = async (first: string) =>
      (
        await control<{ data: { id: string } }>(demo, 'POST', '/__demo/users', {
          first_name: first,
          last_name: 'Ziffern',
          email: `${first.toLowerCase()}.ziffern@example.com`
        })
      ).body.data.id
    const ximena = await person('Ximena')
    const yusuf = await person('Yusuf')
    // The card the reader panel shows as decimal 77740828 is on the console, nobody's.
    await client.nfcCards.importCsv('04A23B1C\n')
    const cardsBefore = (await client.nfcCards.all()).length

    const bytes = await writeExcelFile([
      ['Email', 'Card'],
      ['ximena.ziffern@example.com', 12345678],
      ['yusuf.ziffern@example.com', '77740828']
    ]).toBuffer()
    const opened = await app.call('roster.open', { fileName: 'people.xlsx', data: bytes.toString('base64') })
    const id: string = opened.summary.id
    const options = { cards: 'none', batchId: null, pin: 'none', touchPass: 'none' }
    const plan = await app.call('roster.plan', { id, mapping: { email: 0, card: 1 }, options })
    const [x, y] = plan.rows as PlanRow[]

    const flag = (row: PlanRow) => row.conflicts.find((c) => c.kind === 'digits-card-cell')
    expect(flag(x!)).toMatchObject({ step: 'card', overridable: true, decision: 'skip' })
    expect(flag(x!)!.message).toContain('12345678')
    expect(flag(x!)!.message).toContain('00BC614E')
    expect(flag(y!)).toMatchObject({ step: 'card', overridable: true, decision: 'skip' })
    // The decimal reading is the card the console holds: said, with what to write instead.
    expect(flag(y!)!.message).toContain('04A23B1C')
    expect(flag(y!)!.message).toMatch(/console holds/)

    expect(await app.call('roster.run', { id })).toEqual({ started: true })
    await app.services.rosters.idle(id)

    // The console: nobody was given a card, and no card 12345678 or 77740828 was imported.
    expect((await client.users.get(ximena)).nfc_cards).toEqual([])
    expect((await client.users.get(yusuf)).nfc_cards).toEqual([])
    expect((await client.nfcCards.all()).length).toBe(cardsBefore)
  })
})
