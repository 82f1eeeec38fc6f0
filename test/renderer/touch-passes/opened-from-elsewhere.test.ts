import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { passOf } from './pass-fixture'

const ok = (result: unknown) => ({ ok: true as const, result })
const passes = [passOf('1', 'ACTIVE', 'Front desk'), passOf('2', 'ACTIVE', 'Loading bay')]

/**
 * A pass opened from elsewhere (Find across consoles) on a Touch Passes list still searched for another
 * name: the search goes — from the list and from the search box, which say one thing — so the list and
 * the details beside it agree (the one rule of every list: RecordList.openToShow, its `clearFilters`).
 */
describe('a Touch Pass opened from elsewhere under a searched list', () => {
  beforeEach(() => {
    touchPasses.reset()
    touchPasses.status = ''
    Element.prototype.scrollIntoView = vi.fn()
    setApiForTests(
      scriptedBridge({
        'touchPasses.list': () => ok({ items: passes, total: passes.length }),
        'touchPasses.search': (input) => {
          const q = (input as { condition: string }).condition.toLowerCase()
          return ok({ items: passes.filter((p) => p.card_name.toLowerCase().includes(q)) })
        },
        'touchPasses.get': (input) => ok(passes.find((p) => p.id === (input as { id: string }).id)!),
        'touchPasses.capabilities': () => ok({ canEdit: true, canAssign: true })
      }).bridge
    )
  })
  afterEach(() => {
    cleanup()
    delete (Element.prototype as Partial<Element>).scrollIntoView
  })

  it('clears the search in the box and the list, and shows the pass in both', async () => {
    render(TouchPassesScreen)
    await screen.findByTestId('passes-table')
    const box = screen.getByRole('searchbox')
    await fireEvent.input(box, { target: { value: 'front' } })
    await fireEvent.submit(box.closest('form')!)
    await waitFor(() => expect(touchPasses.searched).toBe('front'))
    expect(within(screen.getByTestId('passes-table')).queryByText(/0002/)).toBeNull()

    // As the Consoles screen's Open does.
    await touchPasses.openToShow('2')
    const details = await screen.findByTestId('pass-details')
    expect(details).toHaveTextContent('0002')
    await waitFor(() => expect(touchPasses.searched).toBe(''))
    expect(box).toHaveValue('')
    expect(within(screen.getByTestId('passes-table')).getAllByText(/0002/).length).toBeGreaterThan(0)
  })
})
