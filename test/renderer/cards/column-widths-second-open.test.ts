import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { tick } from 'svelte'
import { render } from '@testing-library/svelte'
import CardTable from '../../../src/renderer/src/components/cards/CardTable.svelte'
import { DESK_FONT_FAMILY } from '../../../src/renderer/src/lib/desk-font'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'

/**
 * Cards' Alias, Type and Owner columns are sized from the rows in view, measured on a canvas in the
 * desk's font (card-column-widths.ts). The font is known by name (lib/desk-font.ts), never read from
 * the page's style: a style read as the table mounts makes the browser work out the new screen's
 * style before its first rows are drawn, on the first open as on every later one.
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
  it('read no style of the page, on the first open nor on the next', async () => {
    const style = vi.spyOn(window, 'getComputedStyle')

    const first = render(CardTable, { props })
    await tick()
    expect(document.querySelector('[role=grid]')).not.toBeNull()
    expect(style).not.toHaveBeenCalled()
    first.unmount()

    // The screen opened again (its held cards shown): drawn with the same widths, still no style read.
    render(CardTable, { props })
    await tick()
    expect(document.querySelector('[role=grid]')).not.toBeNull()
    expect(style).not.toHaveBeenCalled()
  })

  it('are measured in the font the stylesheet gives the desk', () => {
    const css = readFileSync('src/renderer/src/app.css', 'utf8')
    const root = /:root\s*{[^}]*?font-family:([^;]+);/.exec(css)?.[1]
    const words = (family: string) => family.replace(/\s+/g, ' ').trim()
    expect(root, 'app.css sets the font on :root').toBeDefined()
    expect(words(root!)).toBe(words(DESK_FONT_FAMILY))
  })
})
