import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import { tick } from 'svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { scriptedBridge } from '../../support/fake-bridge'

afterEach(() => cleanup())

const elif = { id: 'u7', first_name: 'Elif', last_name: 'Ng', full_name: 'Elif Ng', user_email: 'elif@example.com' }

/**
 * PINs → Generate, Elif Ng picked while she holds a PIN; what the console holds of her changes before
 * Assign is pressed (her PIN removed, or given, through the API). Assign reads her again before it asks,
 * so "Replace Elif Ng's PIN?" is asked only when she holds one then, and the write carries what was read.
 */
function pinsOn(console: { hasPin: boolean }) {
  const { bridge, calls } = scriptedBridge({
    'pins.generate': () => ({ ok: true, result: { pin: '48152637' } }),
    'users.search': () => ({ ok: true, result: { items: [elif], total: 1 } }),
    'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
    'pins.held': () => ({ ok: true, result: { held: console.hasPin } }),
    'pins.assign': () => {
      console.hasPin = true
      return { ok: true, result: { assigned: true } }
    }
  })
  setApiForTests(bridge)
  return calls
}

async function chooseElif() {
  render(PinsScreen)
  await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
  await screen.findByTestId('generated-pin')
  await fireEvent.input(screen.getByRole('searchbox', { name: 'Find a user or visitor' }), {
    target: { value: 'Elif' }
  })
  await fireEvent.click(await screen.findByRole('option', { name: /Elif Ng/ }, { timeout: 2000 }))
  const assign = screen.getByRole('button', { name: 'Assign PIN' })
  await expect.poll(() => assign).toBeEnabled()
  return assign
}

async function press(button: HTMLElement) {
  button.focus()
  await fireEvent.click(button)
  await tick()
}

describe('PINs: Assign asks about the PIN the person holds when it is pressed', () => {
  it('her PIN removed meanwhile: no Replace question, the PIN is given with what was read then', async () => {
    const console = { hasPin: true }
    const calls = pinsOn(console)
    const assign = await chooseElif()
    expect(screen.getByTestId('pin-held')).toHaveTextContent('Elif Ng already has a PIN')
    console.hasPin = false
    await press(assign)
    await expect.poll(() => announcer.message).toContain('PIN 48152637 assigned to Elif Ng')
    expect(screen.queryByRole('dialog')).toBeNull()
    const sent = calls.filter(([c]) => c === 'pins.assign').map(([, input]) => input)
    expect(sent).toMatchObject([{ pin: '48152637', owner: { type: 'user', id: 'u7' }, seen: { hasPin: false } }])
    expect(console.hasPin).toBe(true)
  })

  it('a PIN given to her meanwhile: the Replace question is asked, Cancel sends nothing', async () => {
    const console = { hasPin: false }
    const calls = pinsOn(console)
    const assign = await chooseElif()
    console.hasPin = true
    await press(assign)
    const dialog = await screen.findByRole('dialog', { name: 'Replace Elif Ng’s PIN?' })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls.filter(([c]) => c === 'pins.assign')).toHaveLength(0)
    expect(screen.getByTestId('pin-held')).toHaveTextContent('Elif Ng already has a PIN')
  })
})
