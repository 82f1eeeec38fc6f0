import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'

describe('PIN screen', () => {
  it('shows the generated PIN and says it will not be shown again', async () => {
    const { bridge, calls } = scriptedBridge({ 'pins.generate': () => ({ ok: true, result: { pin: '12345678' } }) })
    setApiForTests(bridge)
    render(PinsScreen)
    expect(screen.getByText(/will not show the PIN again/)).toBeInTheDocument()
    await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
    expect(await screen.findByTestId('generated-pin')).toHaveTextContent('12345678')
    expect(calls.map((c) => c[0]).filter((c) => c !== 'pins.capabilities')).toEqual(['pins.generate'])
    expect(screen.getByRole('button', { name: 'Copy PIN' })).toBeEnabled()
  })

  it('shows the error message and its hint, with a retry for retryable errors', async () => {
    const { bridge } = scriptedBridge({
      'pins.generate': () => ({
        ok: false,
        error: { kind: 'network', message: 'Could not reach the console.', hint: 'Check the network.', retryable: true }
      })
    })
    setApiForTests(bridge)
    render(PinsScreen)
    await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Could not reach the console.')
    expect(alert).toHaveTextContent('Check the network.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(screen.queryByTestId('generated-pin')).toBeNull()
  })
})
