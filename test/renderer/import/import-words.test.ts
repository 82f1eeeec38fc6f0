import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/svelte'
import CsvPreviewTable from './CsvPreviewWhole.svelte'
import UploadPanel from './UploadPanelWhole.svelte'
import type { BatchSummary, CsvPreview, CsvPreviewRow } from '../../../src/shared/batches/schemas'
import { formatCount } from '../../../src/renderer/src/lib/numbers'

/** Import's words as the walk of issue 31 read them: counts written as counts, no leftover progress. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()

describe("the CSV preview's counts", () => {
  it('are written as the desk writes counts, one " · " between each, the all-digit note agreeing with its count', () => {
    const rows: CsvPreviewRow[] = Array.from({ length: 3000 }, (_, i) => ({
      line: i + 1,
      nfcId: (10_000_000 + i).toString(),
      alias: '',
      status: 'ok',
      messages: [],
      ...(i < 12 ? { reading: 'decimal' } : {})
    })) as CsvPreviewRow[]
    const preview: CsvPreview = { notes: [], counts: { ok: 3000, repaired: 0, refused: 0, duplicate: 0 }, rows }
    render(CsvPreviewTable, { preview })
    expect(text(screen.getByTestId('csv-counts'))).toBe(
      `${formatCount(3000)} ok · 0 repaired · 0 refused · 0 duplicate · 12 all-digit IDs read as hex: check`
    )
  })
})

describe('the upload panel after an upload', () => {
  const batch: BatchSummary = {
    id: 'b1',
    name: 'Floor 2',
    aliasPattern: null,
    byteOrder: 'as-read',
    nextNumber: 1,
    createdAt: '',
    updatedAt: '',
    state: 'draft',
    console: null,
    counts: { total: 3, pending: 3, imported: 0, failed: 0, unknown: 0 }
  }

  it('shows no "0 of 3 answered" once the upload ended, even when its summary is gone (a check since, a console switch)', () => {
    render(UploadPanel, {
      batch,
      rows: [],
      uploading: false,
      // main's last progress event of an upload refused before any answer
      progress: {
        batchId: 'b1',
        uploadId: 'u1',
        done: 0,
        total: 3,
        chunk: 1,
        chunks: 1,
        imported: 0,
        failed: 0,
        unknown: 0,
        finished: true
      },
      result: null,
      error: null,
      checking: false,
      checkResult: null,
      checkError: null,
      reach: { state: 'ok' },
      otherConsole: null,
      activeConsoleName: 'Site A',
      onupload: vi.fn(),
      oncheck: vi.fn(),
      ontest: vi.fn(),
      onexportfailed: vi.fn()
    })
    expect(screen.queryByText(/answered/)).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
  })
})
