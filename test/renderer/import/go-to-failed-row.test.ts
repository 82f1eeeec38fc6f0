import { afterEach, describe, expect, it } from 'vitest'
import { useScrollBox } from '../../support/scroll-box'
import { cleanup, render } from '@testing-library/svelte'
import RowsTable from '../../../src/renderer/src/components/import/RowsTable.svelte'
import type { BatchRow } from '../../../src/shared/batches/schemas'

/**
 * "Go to failed row" (the installer's walk, issue 31): after "Sent 7,498: 7,497 imported, 1 failed" the one
 * failed row sat among 10,000 with no way to it but scrolling. RowsTable.reveal scrolls the virtual list to
 * a row and puts the focus on its Edit button once it is drawn. jsdom lays nothing out: the scroll box is
 * given its on-screen size and content height, and scrolling moves its scrollTop, as a browser does.
 */
// The box's content is the table's whole height (37 px a line): the virtual list may scroll that far.
useScrollBox(37 * 10_001)
afterEach(() => cleanup())

const ROWS = 10_000
const rows: BatchRow[] = Array.from({ length: ROWS }, (_, i) => ({
  id: `r${i}`,
  nfcId: `04C9${i.toString(16).toUpperCase().padStart(4, '0')}`,
  alias: `Line-${i + 1}`,
  addedAt: '',
  source: 'csv',
  status: i === 8_997 ? 'failed' : 'imported',
  ...(i === 8_997 ? { reason: 'The alias "Line-8998" is used by card 100001.' } : {})
}))

describe('the rows of a 10,000-row batch: going to a failed row', () => {
  it(
    'scrolls to the row and focuses its Edit button, far below the rows first drawn',
    { timeout: 30_000 },
    async () => {
      const { component } = render(RowsTable, {
        count: ROWS,
        rowAt: (i: number) => rows[i],
        onrange: () => undefined,
        onsave: async () => undefined,
        ondelete: () => undefined
      })
      expect(document.querySelector('tr[data-index="8997"]')).toBeNull()
      const focused = await (component as unknown as { reveal: (i: number) => Promise<HTMLElement | null> }).reveal(
        8_997
      )
      expect(focused).not.toBeNull()
      expect(document.activeElement).toBe(focused)
      expect(document.activeElement).toHaveAccessibleName('Edit row 8998')
      expect(document.activeElement?.closest('tr')).toHaveAttribute('data-status', 'failed')
    }
  )
})
