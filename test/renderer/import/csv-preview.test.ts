import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/svelte'
import CsvPreviewTable from './CsvPreviewWhole.svelte'
import { BatchesStore, startTapRouting } from '../../../src/renderer/src/stores/batches.svelte'
import { ReaderStore } from '../../../src/renderer/src/stores/reader.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { CsvPreview } from '../../../src/shared/batches/schemas'
import type { ReaderCard } from '../../../src/shared/reader/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

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
  it('tells main which batch taps go into, and shows the outcome main sends for each tap (the rules run in main)', async () => {
    const { bridge, calls, emit } = eventBridge({ 'batches.scanInto': (input) => ok(input) })
    setApiForTests(bridge)
    const store = new BatchesStore()
    const reader = new ReaderStore()
    const stop = startTapRouting(store, reader)
    try {
      emit('reader.card', card('04A23B1C'))
      emit('batches.tap', {
        reader: 'Virtual PCD 00 00',
        uid: '04A23B1C',
        at: 1,
        batchId: null,
        outcome: { kind: 'no-batch' }
      })
      expect(reader.taps[0]?.outcome).toEqual({ kind: 'no-batch' })

      store.selectedId = 'b1'
      emit('reader.card', card('08ABCDEF', { randomUid: true, at: 2 }))
      emit('reader.card', card('04A23B1C', { at: 3 }))
      const refused = {
        kind: 'refused' as const,
        message: 'Random UID: this card (or phone) shows a new ID at every tap.'
      }
      const added = { kind: 'added' as const, alias: 'F-001', nfcId: '04A23B1C' }
      emit('batches.tap', { reader: 'Virtual PCD 00 00', uid: '04A23B1C', at: 3, batchId: 'b1', outcome: added })
      emit('batches.tap', { reader: 'Virtual PCD 00 00', uid: '08ABCDEF', at: 2, batchId: 'b1', outcome: refused })
      expect(reader.taps.map((t) => t.outcome)).toEqual([added, refused, { kind: 'no-batch' }])

      store.selectedId = null
      await new Promise((r) => setTimeout(r, 0))
      expect(calls.filter(([c]) => c === 'batches.scanInto').map(([, i]) => i)).toEqual([
        { batchId: null },
        { batchId: 'b1' },
        { batchId: null }
      ])
      // The renderer adds nothing itself, and leaves the beep to main.
      expect(calls.filter(([c]) => c === 'batches.addScan' || c === 'reader.feedback')).toEqual([])
    } finally {
      stop()
    }
  })
})
