import { afterEach, describe, expect, it } from 'vitest'
import Papa from 'papaparse'
import { screen, within } from '@testing-library/svelte'
import { renderAudit, demoConsole } from './audit-screen-fixture'
import { AuditLog } from '../../../src/main/services/audit/audit-log'
import { auditCsv } from '../../../src/main/services/audit/audit-csv'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { tempDir } from '../../support/temp'

let dir: Awaited<ReturnType<typeof tempDir>> | undefined
afterEach(async () => {
  deskLanguage.choose('en')
  await dir?.remove()
  dir = undefined
})

const tess = { kind: 'user', id: 'u-2', name: 'Tess Ng' } as const
const head = { console: demoConsole, desk: { user: 'ana', host: 'desk-7' }, action: 'assign' as const, target: tess }

/**
 * Rows as the journal holds them: a card given with force_add to Tess Ng, read before the write as Uma
 * Ng's; a suspended pass Uma Ng held, given to Tess Ng (its answer names the new holder). The screen's
 * row says who it was taken from, in the desk's language, and so does its CSV line.
 */
async function journalRows() {
  dir = await tempDir()
  const log = new AuditLog(dir.path, { retentionDays: () => 365 })
  const card = await log.begin({
    ...head,
    endpoint: { id: '§3.7', title: 'Assign NFC card to user' },
    card: { token: 'tok-21', number: '100021', owner: { kind: 'user', name: 'Uma Ng' } },
    facts: [{ kind: 'takenOver' }]
  })
  await log.end(card, { outcome: 'ok' })
  const pass = { id: 'p-1', cardId: '057B-D703-0001' }
  const given = await log.begin({
    ...head,
    endpoint: { id: '§3.25', title: 'Assign a Touch Pass' },
    touchPass: { ...pass, holder: 'Uma Ng' }
  })
  await log.end(given, { outcome: 'ok', touchPass: { ...pass, holder: 'Tess Ng' } })
  await log.close()
  // A journal read again (a restart) says the same.
  const again = new AuditLog(dir.path, { retentionDays: () => 365 })
  const { items } = await again.page({}, 0, 10)
  await again.close()
  return items
}

describe('the Audit names the person a card or pass was taken from', () => {
  it('on the row, beside the person given it, and in its CSV line', async () => {
    const rows = await journalRows()
    renderAudit(rows)
    const table = within(await screen.findByTestId('audit-table'))
    expect(table.getAllByTestId('audit-detail').map((cell) => cell.textContent!.trim())).toEqual([
      'taken over from Uma Ng',
      'taken over from Uma Ng'
    ])
    expect(table.getByTestId('audit-card').textContent).toContain('Tess Ng (user)')
    expect(table.getByTestId('audit-pass').textContent).toContain('Tess Ng')

    const lines = Papa.parse<Record<string, string>>(auditCsv(rows, 'UTC').replace(/^\ufeff/, ''), {
      header: true,
      skipEmptyLines: true
    }).data
    expect(lines.map((l) => [l['card owner'] || l['Touch Pass holder'], l.detail])).toEqual([
      ['Tess Ng', 'taken over from Uma Ng'],
      ['Tess Ng (user)', 'taken over from Uma Ng']
    ])
  })

  it("in the desk's language", async () => {
    deskLanguage.choose('de')
    renderAudit(await journalRows())
    const details = async () => (await screen.findAllByTestId('audit-detail')).map((c) => c.textContent!.trim())
    await expect.poll(details, { timeout: 10_000 }).toEqual(['von Uma Ng übernommen', 'von Uma Ng übernommen'])
  })
})
