import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import SearchPicker from '../../../src/renderer/src/components/common/SearchPicker.svelte'
import { ownerSource } from '../../../src/renderer/src/components/common/picker-sources'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'

const visitor = (id: string, first: string, status: string, end_time: number) => ({
  id,
  first_name: first,
  last_name: 'Hale',
  status,
  start_time: end_time - 3600,
  end_time,
  visitor_company: 'Acme'
})

describe('person picker and visits that cannot take a credential', () => {
  it('says a visit is cancelled or ended and refuses to pick it, with the reason; a current visit is picked', async () => {
    const later = Math.floor(Date.now() / 1000) + 3600
    const { bridge } = scriptedBridge({
      'users.search': () => ({ ok: true, result: { items: [], total: 0 } }),
      'visitors.list': () => ({
        ok: true,
        result: {
          items: [
            visitor('v1', 'Tessa', 'CANCELLED', later),
            visitor('v2', 'Tom', 'VISITED', later),
            visitor('v3', 'Tia', 'UPCOMING', Math.floor(Date.now() / 1000) - 60),
            visitor('v4', 'Theo', 'UPCOMING', later)
          ],
          total: 4
        }
      })
    })
    setApiForTests(bridge)
    const onpick = vi.fn()
    render(SearchPicker, { source: ownerSource, onpick, label: 'Give card 7 to' })
    const input = screen.getByRole('searchbox', { name: 'Give card 7 to' })
    input.focus()
    await fireEvent.input(input, { target: { value: 'Hale' } })
    const options = await screen.findAllByRole('option', {}, { timeout: 2000 })
    expect(options.map((o) => o.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Tessa Hale visitor · Cancelled · Acme',
      'Tom Hale visitor · Left · Acme',
      'Tia Hale visitor · Ended · Acme',
      'Theo Hale visitor · Expected · Acme'
    ])
    expect(options[0]).toHaveAttribute('aria-disabled', 'true')
    expect(options[3]).not.toHaveAttribute('aria-disabled')

    // Enter on the cancelled visit: no pick, and the reason.
    await fireEvent.keyDown(input, { key: 'ArrowDown' })
    await fireEvent.keyDown(document.activeElement!, { key: 'Enter' })
    expect(onpick).not.toHaveBeenCalled()
    expect(screen.getByRole('alert')).toHaveTextContent('Tessa Hale: the visit is cancelled')
    await fireEvent.click(options[1]!)
    await fireEvent.click(options[2]!)
    expect(onpick).not.toHaveBeenCalled()
    expect(screen.getByRole('alert')).toHaveTextContent('Tia Hale: the visit has ended')

    await fireEvent.click(options[3]!)
    expect(onpick).toHaveBeenCalledTimes(1)
    expect(onpick.mock.calls[0]![0]).toMatchObject({ type: 'visitor', id: 'v4', name: 'Theo Hale' })
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
