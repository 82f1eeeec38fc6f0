import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'
import { render, screen, within } from '@testing-library/svelte'
import CsvPreviewTable from '../../../src/renderer/src/components/import/CsvPreviewTable.svelte'
import { BatchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { CsvPreview } from '../../../src/shared/batches/schemas'
import type { ReaderCard } from '../../../src/shared/ipc/channels/reader'
import { eventBridge, ok } from '../enroll/event-bridge'

const preview: CsvPreview = {
  notes: ['Windows line endings (CRLF) were replaced by LF.'],
  counts: { ok: 1, repaired: 1, refused: 1, duplicate: 1 },
  rows: [
    { line: 1, nfcId: '04A1B2C3', alias: 'Desk-01', status: 'ok', messages: [] },
    { line: 2, alias: 'Sci', status: 'refused', messages: ['"4.21E+13" is a number in scientific notation.'] },
    { line: 3, nfcId: '04A1B2C3', alias: 'Again', status: 'duplicate', messages: ['Same NFC ID as line 1'] },
    {
      line: 5,
      nfcId: '04A1B2C5',
      alias: 'Desk-02',
      status: 'repaired',
      messages: ['Separators removed', 'Lowercase hex made uppercase']
    }
  ]
}

const card = (hex: string, extra: Partial<ReaderCard> = {}): ReaderCard => ({
  reader: 'Virtual PCD 00 00',
  uid: hex,
  atr: '3B00',
  standard: 'TAG_ISO_14443_3',
  formats: { hex, reversed: hex.match(/../g)!.reverse().join(''), decimal: BigInt(`0x${hex}`).toString() },
  randomUid: false,
  at: 1,
  ...extra
})

describe('CSV preview table', () => {
  it('shows every line with its file line number, result and reasons, and the whole-file notes', () => {
    render(CsvPreviewTable, { preview })
    expect(screen.getByTestId('csv-counts')).toHaveTextContent('1 ok · 1 repaired · 1 refused · 1 duplicate')
    expect(screen.getByText(/CRLF/)).toBeInTheDocument()
    const rows = within(screen.getByTestId('csv-preview')).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['ok', 'refused', 'duplicate', 'repaired'])
    expect(rows[1]).toHaveTextContent(/^2—Sci.*refused.*scientific notation/)
    expect(rows[3]).toHaveTextContent('5')
    expect(rows[3]).toHaveTextContent('Separators removed; Lowercase hex made uppercase')
  })
})

describe('taps into a batch', () => {
  it('sends taps as read (main applies the byte order), answers duplicates with duplicate feedback, refuses random UIDs unsent', async () => {
    // Main's real batch service answers addScan: it applies the byte order and recognises the duplicate.
    const dir = await tempDir()
    const service = new BatchService({ dir: join(dir.path, 'batches') })
    const batch = await service.create({ name: 'Floor 2', aliasPattern: 'F-{n:3}', byteOrder: 'reversed' })
    const { bridge, calls } = eventBridge({
      'batches.addScan': async (input) => {
        const { batchId, uid, source } = input as { batchId: string; uid: string; source: 'scan' }
        return ok(await service.addScan(batchId, uid, undefined, source))
      },
      'reader.feedback': () => ok({ played: true })
    })
    setApiForTests(bridge)
    const store = new BatchesStore()
    expect(await store.scan(card('04A23B1C'))).toEqual({ kind: 'no-batch' })

    store.selectedId = batch.id
    expect(await store.scan(card('04A23B1C'))).toEqual({ kind: 'added', alias: 'F-001', nfcId: '1C3BA204' })
    expect(await store.scan(card('04A23B1C'))).toEqual({ kind: 'duplicate', alias: 'F-001', nfcId: '1C3BA204' })
    expect((await service.get(batch.id)).rows.map((r) => r.nfcId)).toEqual(['1C3BA204'])
    expect(await store.scan(card('08ABCDEF', { randomUid: true }))).toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(/Random UID/)
    })
    await new Promise((r) => setTimeout(r, 0))
    expect(calls.filter(([c]) => c === 'batches.addScan').map(([, i]) => i)).toEqual([
      { batchId: batch.id, uid: '04A23B1C', source: 'scan' },
      { batchId: batch.id, uid: '04A23B1C', source: 'scan' }
    ])
    expect(calls.filter(([c]) => c === 'reader.feedback').map(([, i]) => (i as { kind: string }).kind)).toEqual([
      'new',
      'duplicate'
    ])
    await service.close()
    await dir.remove()
  })
})
