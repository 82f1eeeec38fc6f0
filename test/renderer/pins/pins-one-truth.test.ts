import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'
import type { Envelope } from '../../../src/shared/ipc/define'

afterEach(() => cleanup())

const ben = { id: 'u-ben', first_name: 'Ben', last_name: 'Ng', full_name: 'Ben Ng', user_email: 'ben@example.com' }

/** PINs with one person, Ben Ng, whose PIN main holds (`holds`); `answers` overrides a channel. */
function pinsScreen(holds: boolean, answers: Record<string, () => Envelope> = {}) {
  const state = { holds }
  const { bridge, calls } = scriptedBridge({
    'pins.generate': () => ({ ok: true, result: { pin: '52570001' } }),
    'users.search': () => ({ ok: true, result: { items: [ben], total: 1 } }),
    'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
    'pins.held': () => ({ ok: true, result: { held: state.holds } }),
    'pins.assign': () => ((state.holds = true), { ok: true, result: { assigned: true } }),
    'pins.unassign': () => ((state.holds = false), { ok: true, result: { removed: true } }),
    ...answers
  } as Parameters<typeof scriptedBridge>[0])
  setApiForTests(bridge)
  render(PinsScreen)
  return { state, calls }
}

async function pickForRemove() {
  await fireEvent.click(screen.getByText("Remove someone's PIN"))
  await fireEvent.input(screen.getByRole('searchbox', { name: 'Whose PIN' }), { target: { value: 'Ben' } })
  await fireEvent.click(await screen.findByRole('option', { name: /Ben Ng/ }, { timeout: 2000 }))
}

async function generateAndPick() {
  await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
  await fireEvent.input(await screen.findByRole('searchbox', { name: 'Find a user or visitor' }), {
    target: { value: 'Ben' }
  })
  await fireEvent.click(await screen.findByRole('option', { name: /Ben Ng/ }, { timeout: 2000 }))
  const assign = screen.getByRole('button', { name: 'Assign PIN' })
  await expect.poll(() => assign).toBeEnabled()
  return assign
}

describe('PINs: one truth on screen', () => {
  it('Remove is not offered for someone who holds no PIN: that is said', async () => {
    const { calls } = pinsScreen(false)
    await pickForRemove()
    expect(await screen.findByTestId('pin-none')).toHaveTextContent('Ben Ng has no PIN: there is nothing to remove.')
    expect(screen.queryByRole('button', { name: 'Remove PIN…' })).toBeNull()
    expect(calls.filter(([c]) => c === 'pins.unassign')).toHaveLength(0)
  })

  it('an earlier outcome goes when the next action starts: "assigned to Ben Ng" is not left beside "has no PIN any more"', async () => {
    pinsScreen(false)
    await fireEvent.click(await generateAndPick())
    expect(await screen.findByTestId('pin-assigned')).toHaveTextContent('PIN 52570001 assigned to Ben Ng')
    await pickForRemove()
    await fireEvent.click(await screen.findByRole('button', { name: 'Remove PIN…' }))
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove PIN' }))
    expect(await screen.findByTestId('pin-removed')).toHaveTextContent('Ben Ng has no PIN any more.')
    expect(screen.queryByTestId('pin-assigned')).toBeNull()
  })

  it("a failed Remove is shown in the Remove section with its Try again (not in Generate's box), the focus on it", async () => {
    pinsScreen(true, {
      'pins.unassign': () =>
        ({
          ok: false,
          error: { kind: 'network', message: 'Could not reach the console.', retryable: true }
        }) as Envelope
    })
    await pickForRemove()
    await fireEvent.click(await screen.findByRole('button', { name: 'Remove PIN…' }))
    await fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove PIN' }))
    const section = screen.getByText("Remove someone's PIN").closest('details')!
    const alert = await within(section).findByRole('alert')
    expect(alert).toHaveTextContent('Could not reach the console.')
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    await expect.poll(() => document.activeElement).toBe(alert)
  })

  it('a lost answer on Assign is shown in the Assign section, in the words main read back', async () => {
    const words =
      "Ben Ng holds a PIN now; if it is not the one shown, assign again. The console's answer was lost, so this was read back from the console; nothing was sent twice."
    pinsScreen(false, {
      'pins.assign': () =>
        ({
          ok: false,
          error: { kind: 'server', message: words, retryable: false, details: { answerLost: true, pinHeldNow: true } }
        }) as Envelope
    })
    await fireEvent.click(await generateAndPick())
    const section = screen.getByRole('region', { name: 'Assign this PIN' })
    const alert = await within(section).findByRole('alert')
    expect(alert).toHaveTextContent(words)
    await expect.poll(() => document.activeElement).toBe(alert)
  })
})
