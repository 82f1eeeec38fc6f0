import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/svelte'
import { auditRow, renderAudit } from './audit-screen-fixture'

/**
 * An import's row found by a card it sent names that card as the CSV's line of it does and as Import
 * does: by the console's number once the console holds it, else by its NFC ID. Its outcome in the
 * words of the one lost-answer rule: Not sent, To check, Not done — never Refused for those.
 */
describe("the Audit names an import's cards and says each outcome by the lost-answer rule", () => {
  it('a found card by its number (and alias and NFC ID); one not yet numbered by its NFC ID', async () => {
    renderAudit([
      auditRow('i-1', {
        action: 'import',
        endpoint: { id: 'E16', title: 'Import NFC cards' },
        target: { kind: 'NFC card' },
        importedCards: [
          { nfcId: '04A1B2C3D4E5F6', alias: 'Lobby', number: '1303689068602625' },
          { nfcId: '04A1B2C3D4E5F7' }
        ]
      })
    ])
    const table = await screen.findByTestId('audit-table')
    expect(
      within(table)
        .getAllByTestId('audit-card')
        .map((c) => c.textContent!.trim())
    ).toEqual(['Card 1303689068602625 (Lobby) · NFC ID 04A1B2C3D4E5F6', 'NFC ID 04A1B2C3D4E5F7'])
  })

  it('Not sent, To check, Not done, each its own word and filter choice', async () => {
    renderAudit([
      auditRow('n-1', { outcome: 'notSent' }),
      auditRow('u-1', { outcome: 'unknown' }),
      auditRow('d-1', { outcome: 'notDone' })
    ])
    const table = await screen.findByTestId('audit-table')
    for (const words of ['Not sent', 'To check', 'Not done']) expect(within(table).getByText(words)).toBeTruthy()
    expect(within(table).queryByText('Refused')).toBeNull()
    const options = [...screen.getByLabelText('Outcome').querySelectorAll('option')].map((o) => o.textContent)
    expect(options).toEqual(expect.arrayContaining(['Refused', 'Not sent', 'To check', 'Not done']))
  })
})
