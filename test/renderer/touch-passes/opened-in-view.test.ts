import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { passOf } from './pass-fixture'

/**
 * A pass opened from the full list: its details are drawn under the 25 rows, below the window's edge at
 * 1366×768. They are brought into view and the focus is on their heading, not left on the clicked row.
 */
/** A full first page of 25 passes (of 40), each opened by its id. */
function fullPage() {
  const rows = Array.from({ length: 25 }, (_, i) => passOf(String(i + 1), 'ACTIVE'))
  const { bridge } = scriptedBridge({
    'touchPasses.list': () => ({ ok: true, result: { items: rows, total: 40 } }),
    'touchPasses.capabilities': () => ({ ok: true, result: { canEdit: true, canAssign: true } }),
    'touchPasses.get': (input) => ({
      ok: true,
      result: rows.find((p) => p.id === (input as { id: string }).id)!
    })
  })
  setApiForTests(bridge)
  return rows
}

describe('a Touch Pass opened from the list', () => {
  const scrolled: Element[] = []
  beforeEach(() => {
    touchPasses.reset()
    touchPasses.status = ''
    scrolled.length = 0
    // jsdom has no layout: record what was brought into view.
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this)
    })
  })
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView
  })

  it('brings its details into view, with the focus on their heading', async () => {
    const rows = fullPage()
    render(TouchPassesScreen)
    await screen.findByTestId('passes-table')
    const last = rows[24]!
    const button = screen.getByRole('button', { name: last.card_id || last.id })
    button.focus()
    await fireEvent.click(button)

    const details = await screen.findByTestId('pass-details')
    await waitFor(() => expect(scrolled).toContain(details))
    expect(document.activeElement).toBe(details.querySelector('h2'))
  })

  it('opened from Find across consoles before the screen is shown: in view with the focus on it once shown', async () => {
    const rows = fullPage()
    // As the Consoles screen's Open does: the pass is opened, then its screen is shown.
    await touchPasses.openToShow(rows[24]!.id)
    render(TouchPassesScreen)
    const details = await screen.findByTestId('pass-details')
    await waitFor(() => expect(scrolled).toContain(details))
    expect(document.activeElement).toBe(details.querySelector('h2'))
    expect(touchPasses.revealOnShow).toBeNull()
  })
})
