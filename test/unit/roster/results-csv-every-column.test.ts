import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import Papa from 'papaparse'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { PlanRow } from '../../../src/shared/roster/sheet'

/**
 * The exported results carry every row with every column the plan had: the card's NFC ID as the
 * screens name it (the file's), and a row left out (nobody found for its email, or left out at the
 * desk) keeps its email from the file, never an empty cell. The file is read as a spreadsheet would.
 */
describe('the roster results export', () => {
  const app = useAppServices()
  const demo = demoControl(app)

  it('has the NFC ID column, and the rows left out keep their email and type', async () => {
    const nfcId = `04${randomBytes(6).toString('hex').toUpperCase()}`
    await demo.addUser({ first_name: 'Lena', last_name: 'Vogt', email: 'lena.vogt@example.com' })
    await demo.addUser({ first_name: 'Omar', last_name: 'Haddad', email: 'omar.h@example.com' })
    const csv = [
      'Email,Name,Card',
      `lena.vogt@example.com,Lena Vogt,${nfcId}`,
      'nobody.here@example.com,Nils Nobody,',
      'omar.h@example.com,Omar Haddad,'
    ].join('\n')
    const opened = await app.call('roster.open', { fileName: 'staff.csv', data: Buffer.from(csv).toString('base64') })
    const id: string = opened.summary.id
    const options = { cards: 'none', batchId: null, pin: 'none', touchPass: 'none' }
    const planned = await app.call('roster.plan', { id, mapping: { email: 0, fullName: 1, card: 2 }, options })
    const omar = (planned.rows as PlanRow[]).find((r) => r.label === 'Omar Haddad')!
    // Omar Haddad is left out at the desk.
    await app.call('roster.resolve', { id, rowId: omar.rowId, person: null })
    await app.call('roster.run', { id })
    await app.services.rosters.idle(id)

    const { text } = (await app.call('roster.exportCsv', { id })) as { text: string }
    const parsed = Papa.parse<string[]>(text.replace('\ufeff', '').trim(), { skipEmptyLines: true }).data
    const [header, ...lines] = parsed
    expect(header).toEqual([
      'line',
      'person',
      'type',
      'email',
      'NFC ID',
      'card display id',
      'PIN',
      'Touch Pass',
      'state',
      'reason'
    ])
    expect(lines).toHaveLength(3)
    for (const line of lines) expect(line).toHaveLength(header!.length)
    const byName = (name: string) => lines.find((l) => l[1] === name)!
    const lena = byName('Lena Vogt')
    expect(lena.slice(2, 5)).toEqual(['user', 'lena.vogt@example.com', nfcId])
    expect(lena[5]).not.toBe('')
    expect(lena[8]).toBe('done')
    // Nobody found for the email: the file's email kept.
    expect(byName('Nils Nobody')[3]).toBe('nobody.here@example.com')
    // Left out at the desk: whom the row named kept, type and email.
    expect(byName('Omar Haddad').slice(2, 4)).toEqual(['user', 'omar.h@example.com'])
    expect(byName('Omar Haddad')[8]).toBe('skipped')

    // What the export says was done is the console's: Lena Vogt holds the card, once.
    const cards = await demo.held<{ nfc_id?: string; status?: string; owner: { id: string } | null }>('cards')
    expect(cards.filter((c) => c.nfc_id?.toUpperCase() === nfcId && c.status !== 'deleted')).toHaveLength(1)
  })
})
