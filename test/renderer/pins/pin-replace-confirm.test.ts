import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'

const ana = { id: 'u1', first_name: 'Ana', last_name: 'Ruiz', full_name: 'Ana Ruiz', user_email: 'ana@example.com' }

afterEach(() => cleanup())

/** The PIN screen with a generated PIN, Ana Ruiz picked; `held` is what main says of her PIN now. */
async function pickAna(held: boolean) {
  const { bridge, calls } = scriptedBridge({
    'pins.generate': () => ({ ok: true, result: { pin: '48152637' } }),
    'users.search': () => ({ ok: true, result: { items: [ana], total: 1 } }),
    'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
    'pins.held': () => ({ ok: true, result: { held } }),
    'pins.assign': () => ({ ok: true, result: { assigned: true } })
  })
  setApiForTests(bridge)
  render(PinsScreen)
  await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
  await screen.findByTestId('generated-pin')
  await fireEvent.input(screen.getByRole('searchbox', { name: 'Find a user or visitor' }), {
    target: { value: 'Ana' }
  })
  await fireEvent.click(await screen.findByRole('option', { name: /Ana Ruiz/ }, { timeout: 2000 }))
  return calls
}

const assigned = (calls: [string, unknown][]) => calls.filter(([c]) => c === 'pins.assign')

describe('PINs: giving a PIN to someone who has one', () => {
  it('names that they have one, and replaces it only after a confirmation whose Cancel has the focus', async () => {
    const calls = await pickAna(true)
    expect(await screen.findByTestId('pin-held')).toHaveTextContent(
      'Ana Ruiz already has a PIN; assigning replaces it — the old PIN stops opening doors.'
    )
    expect(calls).toContainEqual(['pins.held', { owner: expect.objectContaining({ type: 'user', id: 'u1' }) }])

    await fireEvent.click(screen.getByRole('button', { name: 'Assign PIN' }))
    let dialog = await screen.findByRole('dialog', { name: 'Replace Ana Ruiz’s PIN?' })
    expect(within(dialog).getByTestId('pin-replace-warning')).toHaveTextContent('the old PIN stops opening doors')
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }))
    // Enter on the focused Cancel closes: nothing is sent.
    await fireEvent.click(document.activeElement!)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(assigned(calls)).toEqual([])

    await fireEvent.click(screen.getByRole('button', { name: 'Assign PIN' }))
    dialog = await screen.findByRole('dialog', { name: 'Replace Ana Ruiz’s PIN?' })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Replace the PIN' }))
    expect(await screen.findByText(/PIN 48152637 assigned to Ana Ruiz/)).toBeInTheDocument()
    expect(assigned(calls)).toEqual([
      [
        'pins.assign',
        {
          pin: '48152637',
          owner: expect.objectContaining({ type: 'user', id: 'u1' }),
          // What the screen showed: she holds a PIN (main compares it with her record, shared/seen).
          seen: { hasPin: true }
        }
      ]
    ])
  })

  it('assigns at once to someone without a PIN', async () => {
    const calls = await pickAna(false)
    expect(await screen.findByText('Ana Ruiz has no PIN yet.')).toBeInTheDocument()
    await fireEvent.click(screen.getByRole('button', { name: 'Assign PIN' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(await screen.findByText(/PIN 48152637 assigned to Ana Ruiz/)).toBeInTheDocument()
    expect(assigned(calls)).toHaveLength(1)
  })
})
