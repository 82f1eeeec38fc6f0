import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/svelte'
import CsvPreviewTable from './CsvPreviewWhole.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { loadCsvParser } from '../../../src/main/services/csv-parser'

afterEach(() => deskLanguage.choose(null))
beforeAll(() => loadCsvParser())

/**
 * An all-digit NFC ID in a CSV is read as hex and flagged with its decimal reading (shared/nfc/card-number.ts):
 * the preview's Reason column says that note in the desk's language, as the batch row does.
 */
describe('the CSV preview’s all-digit note on a Spanish desk', () => {
  it('is said in Spanish, never in main’s English', async () => {
    deskLanguage.choose('es')
    const preview = validateCsv('04000000000001,Recepción\n')
    expect(preview.rows[0]!.reading).toMatch(/^All digits: read as hex 04000000000001\./)
    render(CsvPreviewTable, { preview })
    const cell = await waitFor(
      () => {
        const why = document.querySelector('td.why')
        expect(why?.textContent).toMatch(/^Solo dígitos: leído como hex 04000000000001\./)
        return why!
      },
      { timeout: 5000 }
    )
    expect(cell.textContent).toContain('su ID NFC es')
    expect(cell.textContent).not.toMatch(/All digits|read as hex|give that instead/)
    expect(screen.queryByText(/All digits/)).toBeNull()
  })
})
