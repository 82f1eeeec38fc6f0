import { afterEach, describe, expect, it, vi } from 'vitest'
import { tick } from 'svelte'
import { render } from '@testing-library/svelte'
import CardTable from '../../../src/renderer/src/components/cards/CardTable.svelte'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'

/**
 * Cards' Alias, Type and Owner columns are sized from the rows in view, measured in the table's font
 * (card-column-widths.ts). The font is read from the first table drawn and kept: a second open of the
 * screen (the held cards shown again) reads the page's style no more, which laid the page out mid-draw.
 */
const cards: NfcCard[] = Array.from({ length: 30 }, (_, i) => ({
  token: `t${i}`,
  display_id: String(77740828 + i),
  alias: `Lobby ${i}`,
  status: 'ACTIVE',
  card_type: 'UA Card',
  user_id: '',
  user_type: '',
  user_name: ''
})) as unknown as NfcCard[]

const props = {
  count: cards.length,
  rowAt: (i: number) => cards[i],
  selectedToken: null,
  selectedIndex: -1,
  sortKey: 'display_id' as const,
  sortDescending: false,
  onselect: () => undefined,
  onsort: () => undefined,
  onopen: () => undefined,
  onrange: () => undefined
}

afterEach(() => vi.restoreAllMocks())

describe('the card table’s column widths', () => {
  it('read the table’s font once for the app, not at each open', async () => {
    const style = vi.spyOn(window, 'getComputedStyle')
    const styleOfTable = () =>
      style.mock.calls.filter(([el]) => (el as Element).getAttribute?.('role') === 'grid').length

    const first = render(CardTable, { props })
    await tick()
    expect(document.querySelector('[role=grid]')).not.toBeNull()
    const read = styleOfTable()
    expect(read).toBeLessThanOrEqual(1)
    first.unmount()

    // The screen opened again (its held cards shown): drawn with the same widths, no style read.
    render(CardTable, { props })
    await tick()
    expect(document.querySelector('[role=grid]')).not.toBeNull()
    expect(styleOfTable()).toBe(read)
  })
})
