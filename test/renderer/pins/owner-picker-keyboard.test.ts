import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import SearchPicker from '../../../src/renderer/src/components/common/SearchPicker.svelte'
import { ownerSource } from '../../../src/renderer/src/components/common/picker-sources'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'

const user = (id: string, first: string, last: string) => ({
  id,
  first_name: first,
  last_name: last,
  full_name: `${first} ${last}`,
  user_email: `${first.toLowerCase()}@example.com`
})

describe('person picker (PINs, Cards, Enroll) with the keyboard', () => {
  it('ArrowDown goes from the search into the results, arrows move, Enter picks, Esc goes back', async () => {
    const { bridge } = scriptedBridge({
      'users.search': () => ({
        ok: true,
        result: { items: [user('u1', 'Priya', 'Ng'), user('u2', 'Pia', 'Ngata')], total: 2 }
      }),
      'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } })
    })
    setApiForTests(bridge)
    const onpick = vi.fn()
    render(SearchPicker, { source: ownerSource, onpick, label: 'Find a user or visitor' })
    const input = screen.getByRole('searchbox', { name: 'Find a user or visitor' })
    input.focus()
    await fireEvent.input(input, { target: { value: 'Ng' } })
    const options = await screen.findAllByRole('option', {}, { timeout: 2000 })
    expect(options).toHaveLength(2)

    await fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(options[0])
    await fireEvent.keyDown(options[0]!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(options[1])
    expect(options[1]).toHaveAttribute('aria-selected', 'true')
    await fireEvent.keyDown(options[1]!, { key: 'Escape' })
    expect(document.activeElement).toBe(input)
    expect(onpick).not.toHaveBeenCalled()

    await fireEvent.keyDown(input, { key: 'ArrowDown' })
    await fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    await fireEvent.keyDown(document.activeElement!, { key: 'Enter' })
    expect(onpick).toHaveBeenCalledTimes(1)
    expect(onpick.mock.calls[0]![0]).toMatchObject({ type: 'user', id: 'u2', name: 'Pia Ngata' })
  })
})
