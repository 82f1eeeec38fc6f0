import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import { tick } from 'svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'

afterEach(() => cleanup())

/**
 * Replacing someone's PIN, on every screen that can: the same words, asked first with Cancel focused
 * (the destructive button is never the default), Esc or Cancel sends nothing and gives the focus back to
 * the button that asked, and only "Replace the PIN" writes. Each screen is set up with a person who
 * holds a PIN; `writes` counts the calls that would replace it.
 */
interface Case {
  screen: string
  person: string
  /** The screen shown, the person chosen, and the button that replaces their PIN. */
  setUp(): Promise<{ opener: HTMLElement; writes: () => number; assigned: string }>
}

const ana = { id: 'u1', first_name: 'Ana', last_name: 'Ruiz', full_name: 'Ana Ruiz', user_email: 'ana@example.com' }

const start = Math.floor(Date.now() / 1000) + 3600
const rosa: Visitor = {
  id: 'v1',
  first_name: 'Rosa',
  last_name: 'Jensen',
  status: 'UPCOMING',
  visit_reason: 'Business',
  visitor_company: 'Acme',
  mobile_phone: '',
  remarks: '',
  start_time: start,
  end_time: start + 7200,
  nfc_cards: [],
  pin_code: { token: 'held-pin' },
  schedule: null,
  resources: [{ id: 'g-lobby', name: 'Lobby', type: 'door_group' }],
  license_plates: []
}

const cases: Case[] = [
  {
    screen: 'PINs',
    person: 'Ana Ruiz',
    async setUp() {
      const { bridge, calls } = scriptedBridge({
        'pins.generate': () => ({ ok: true, result: { pin: '48152637' } }),
        'users.search': () => ({ ok: true, result: { items: [ana], total: 1 } }),
        'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
        'pins.held': () => ({ ok: true, result: { held: true } }),
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
      const opener = screen.getByRole('button', { name: 'Assign PIN' })
      await expect.poll(() => opener).toBeEnabled()
      return {
        opener,
        writes: () => calls.filter(([c]) => c === 'pins.assign').length,
        assigned: 'PIN 48152637 assigned to Ana Ruiz'
      }
    }
  },
  {
    screen: 'Visitors',
    person: 'Rosa Jensen',
    async setUp() {
      const { bridge, calls } = scriptedBridge({
        'sites.topology': () => ({ ok: true, result: { groups: [] } }),
        'visitors.list': () => ({ ok: true, result: { items: [rosa], total: 1 } }),
        'visitors.get': () => ({ ok: true, result: rosa }),
        'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } }),
        'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } }),
        'visitors.assignNewPin': () => ({ ok: true, result: { pin: '123456' } })
      })
      setApiForTests(bridge)
      render(VisitorsScreen)
      const table = await screen.findByTestId('visitors-table')
      await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
      const creds = await screen.findByTestId('visitor-credentials')
      return {
        opener: within(creds).getByRole('button', { name: /^Replace with a new PIN/ }),
        writes: () => calls.filter(([c]) => c === 'visitors.assignNewPin').length,
        assigned: 'PIN assigned'
      }
    }
  }
]

/** The button clicked as a person does: it has the focus (a click gives it in Chromium; jsdom does not). */
async function press(button: HTMLElement) {
  button.focus()
  await fireEvent.click(button)
  await tick()
}

describe.each(cases)('$screen: replacing the PIN of someone who holds one', ({ person, setUp }) => {
  it('asks first in the same words, Cancel focused; Esc and Cancel send nothing and give the focus back', async () => {
    const { opener, writes, assigned } = await setUp()

    await press(opener)
    let dialog = await screen.findByRole('dialog', { name: `Replace ${person}’s PIN?` })
    expect(within(dialog).getByTestId('pin-replace-warning')).toHaveTextContent(
      `${person} already has a PIN; assigning replaces it — the old PIN stops opening doors.`
    )
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' })
    expect(document.activeElement).toBe(cancel)
    // The destructive answer comes after Cancel and is never the one Enter presses first.
    const replace = within(dialog).getByRole('button', { name: 'Replace the PIN' })
    expect(replace).toHaveClass('danger')
    expect(cancel.compareDocumentPosition(replace) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    // Esc cancels.
    await fireEvent.keyDown(dialog, { key: 'Escape' })
    await tick()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(writes()).toBe(0)
    expect(document.activeElement).toBe(opener)

    // Cancel too.
    await press(opener)
    dialog = await screen.findByRole('dialog', { name: `Replace ${person}’s PIN?` })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await tick()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(writes()).toBe(0)
    expect(document.activeElement).toBe(opener)

    // Only the destructive answer replaces it, once, and says so in the app's live region.
    await press(opener)
    dialog = await screen.findByRole('dialog', { name: `Replace ${person}’s PIN?` })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Replace the PIN' }))
    await expect.poll(() => announcer.message).toContain(assigned)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(writes()).toBe(1)
  })
})
