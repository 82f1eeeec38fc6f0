import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { scriptedBridge } from '../../support/fake-bridge'

afterEach(() => cleanup())

const ana = { id: 'u1', first_name: 'Ana', last_name: 'Ruiz', full_name: 'Ana Ruiz', user_email: 'ana@example.com' }

/** The PINs screen, main answering every step; Ana Ruiz holds no PIN until she is given one. */
function pinsScreen() {
  let holds = false
  const { bridge } = scriptedBridge({
    'pins.generate': () => ({ ok: true, result: { pin: '48152637' } }),
    'users.search': () => ({ ok: true, result: { items: [ana], total: 1 } }),
    'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
    'pins.held': () => ({ ok: true, result: { held: holds } }),
    'pins.assign': () => ((holds = true), { ok: true, result: { assigned: true } }),
    'pins.unassign': () => ((holds = false), { ok: true, result: { unassigned: true } })
  })
  setApiForTests(bridge)
  return render(PinsScreen)
}

/** Clicked as a person does: the button has the focus (Chromium gives it on a click; jsdom does not). */
async function press(button: HTMLElement) {
  button.focus()
  await fireEvent.click(button)
}

describe('PINs: each outcome is said in the app’s one live region, the focus on the next step', () => {
  it('Generate → the person search; picked → Assign PIN; Assign → the result; Remove → its result', async () => {
    const { container } = pinsScreen()

    await press(screen.getByRole('button', { name: 'Generate PIN' }))
    await expect.poll(() => announcer.message).toBe('PIN 48152637 generated')
    const search = screen.getByRole('searchbox', { name: 'Find a user or visitor' })
    expect(document.activeElement).toBe(search)

    await fireEvent.input(search, { target: { value: 'Ana' } })
    await fireEvent.click(await screen.findByRole('option', { name: /Ana Ruiz/ }, { timeout: 2000 }))
    await expect.poll(() => announcer.message).toBe('Ana Ruiz has no PIN yet.')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Assign PIN' }))

    await press(screen.getByRole('button', { name: 'Assign PIN' }))
    const said = 'PIN 48152637 assigned to Ana Ruiz. The console will not show it again: copy it now if they need it.'
    await expect.poll(() => announcer.message).toBe(said)
    // The words stay on screen, to be read again; the focus is on them.
    expect(document.activeElement).toBe(screen.getByTestId('pin-assigned'))
    expect(screen.getByTestId('pin-assigned')).toHaveTextContent(said)

    await fireEvent.click(screen.getByText("Remove someone's PIN"))
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Whose PIN' }), { target: { value: 'Ana' } })
    await fireEvent.click(await screen.findByRole('option', { name: /Ana Ruiz/ }, { timeout: 2000 }))
    // Asked first (the app's one confirmation), then removed.
    await press(await screen.findByRole('button', { name: 'Remove PIN…' }))
    await press(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove PIN' }))
    await expect.poll(() => announcer.message).toBe('Ana Ruiz has no PIN any more.')
    expect(document.activeElement).toBe(screen.getByTestId('pin-removed'))

    // No second live region: the screen's own lines are not status regions (Copy PIN's "Copied" is said
    // by the app's one region too).
    expect([...container.querySelectorAll('[role="status"], [aria-live]')]).toEqual([])
  })
})
