import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'

afterEach(() => cleanup())

const ana = { id: 'u1', first_name: 'Ana', last_name: 'Ruiz', full_name: 'Ana Ruiz', user_email: 'ana@example.com' }

describe('PINs: Try again retries the action that failed', () => {
  it('a failed "Generate another" after an assignment generates again, and assigns nothing', async () => {
    let generated = 0
    const { bridge, calls } = scriptedBridge({
      'pins.generate': () =>
        ++generated === 2
          ? {
              ok: false,
              error: { kind: 'network', message: 'Could not reach the console.', retryable: true }
            }
          : { ok: true, result: { pin: `4815263${generated}` } },
      'users.search': () => ({ ok: true, result: { items: [ana], total: 1 } }),
      'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
      'pins.held': () => ({ ok: true, result: { held: false } }),
      'pins.assign': () => ({ ok: true, result: { assigned: true } })
    })
    setApiForTests(bridge)
    render(PinsScreen)
    await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
    await fireEvent.input(await screen.findByRole('searchbox', { name: 'Find a user or visitor' }), {
      target: { value: 'Ana' }
    })
    await fireEvent.click(await screen.findByRole('option', { name: /Ana Ruiz/ }, { timeout: 2000 }))
    const assign = screen.getByRole('button', { name: 'Assign PIN' })
    await expect.poll(() => assign).toBeEnabled()
    await fireEvent.click(assign)
    await screen.findByTestId('pin-assigned')

    await fireEvent.click(screen.getByRole('button', { name: 'Generate another' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByTestId('generated-pin')).toHaveTextContent('48152633')
    expect(calls.filter(([c]) => c === 'pins.generate')).toHaveLength(3)
    expect(calls.filter(([c]) => c === 'pins.assign')).toHaveLength(1)
  })
})
