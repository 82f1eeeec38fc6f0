import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import Papa from 'papaparse'
import { cleanup, screen, within } from '@testing-library/svelte'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { auditCsv } from '../../../src/main/services/audit/audit-csv'
import { errorFromTransport } from '../../../src/main/services/access/errors'
import { adviseLostWrite } from '../../../src/main/services/access/lost-answer'
import { endpoints } from '../../../src/shared/access/endpoints'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import { AppError } from '../../../src/shared/errors'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { auditRow, renderAudit } from './audit-screen-fixture'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

const hq = { name: 'HQ', url: 'https://10.1.1.1:12445' }

/** A card delete not sent (the console refused the connection) and one whose answer was lost, as main records them. */
async function failedDeletes(): Promise<AuditRow[]> {
  const dir = await tempDir()
  const audit = new AuditService({ dir: dir.path, store: memoryStore(), activeConsole: async () => hq })
  try {
    const endpoint = endpoints.E7
    const refused = errorFromTransport(endpoint, hq.url, Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))
    const timedOut = errorFromTransport(endpoint, hq.url, Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }))
    const errors = [
      new AppError({ ...refused.toData(), details: { ...refused.details, requestWritten: false } }),
      adviseLostWrite(
        new AppError({ ...timedOut.toData(), details: { ...timedOut.details, requestWritten: true } }),
        endpoint
      )
    ]
    for (const [i, error] of errors.entries()) {
      const answered = await audit.recorder(hq).before({ endpoint, params: { token: `tok-${i}` } })
      await answered!({ ok: false, error })
    }
    return await audit.all()
  } finally {
    await audit.close()
    await dir.remove()
  }
}

/** A card deleted, named by the card main read just before (a delete names its card by its token only). */
const deleted = auditRow('deleted', {
  action: 'delete',
  endpoint: { id: 'E7', title: 'Delete NFC card' },
  target: { kind: 'NFC card', id: 'tok-9' },
  card: { token: 'tok-9', number: '100013', alias: 'Mateo desk', owner: { kind: 'visitor', name: 'Ivo Kern' } }
})

/** Main's English for these rows, which a desk in another language never reads. */
const english =
  /Could not reach|nothing answers|answer lost|connection refused|timed out|\bCard \d|\b(user|visitor)\)|Delete|Done|Not sent|To check/

/**
 * One wording for the Audit screen and its CSV export: the same row reads the same in the screen's cells
 * and the file's columns, in the desk's language — its action, target, card and owner, outcome, the
 * failure's sentence and its code in words — with none of main's English.
 */
describe('the Audit CSV export words each row as the Audit screen does, in the desk’s language', () => {
  it.each(['de', 'fr', 'es'] as const)('%s', async (language) => {
    const rows = [...(await failedDeletes()), deleted]
    deskLanguage.choose(language)
    renderAudit(rows)
    const table = await screen.findByTestId('audit-table')
    // The failures' sentences are worded once the errors catalogue is in.
    await expect
      .poll(() =>
        within(table)
          .getAllByTestId('audit-message')
          .map((m) => m.textContent ?? '')
      )
      .not.toContainEqual(expect.stringMatching(/Could not reach/))
    const lines = Papa.parse<Record<string, string>>(auditCsv(rows, 'UTC', language).replace(/^\ufeff/, ''), {
      header: false,
      skipEmptyLines: true
    }).data as unknown as string[][]
    const [header, ...cells] = lines
    // The columns by their place (the header is in the desk's language): csvHeader's order in audit-csv.ts.
    const at = { action: 5, target: 7, targetName: 9, owner: 13, outcome: 20, code: 22, message: 23 }
    const column = (line: string[], n: number) => line[n] ?? ''
    expect(cells).toHaveLength(rows.length)
    for (const row of rows) {
      const tr = table.querySelector(`#audit-row-${CSS.escape(row.id)}`) as HTMLElement
      const line = cells[rows.indexOf(row)]!
      const shown = within(tr)
      const td = tr.querySelectorAll('td')
      // Action, target's kind, outcome: the screen's words.
      expect(td[3]!.textContent!.trim()).toBe(column(line, at.action))
      expect(td[4]!.textContent).toContain(column(line, at.target))
      expect(shown.getByText(column(line, at.outcome))).toBeInTheDocument()
      const message = tr.querySelector('[data-testid="audit-message"]')?.textContent?.trim() ?? ''
      expect(column(line, at.message)).toBe(message)
      const code = tr.querySelector('[data-testid="audit-code"]')?.textContent?.trim() ?? ''
      expect(column(line, at.code)).toBe(code)
      if (row.card) {
        const card = shown.getByTestId('audit-card').textContent!
        expect(card).toContain(column(line, at.targetName))
        expect(card).toContain(column(line, at.owner))
      }
      for (const cell of line) expect(cell, `${header!.join(',')}\n${line.join(',')}`).not.toMatch(english)
    }
  })
})
