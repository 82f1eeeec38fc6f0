import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import ExitDialog from '../../../src/renderer/src/components/kiosk/ExitDialog.svelte'
import { kioskEnglish } from '../../../src/shared/kiosk/kiosk-english'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'

beforeEach(() => {
  vi.useFakeTimers()
  // jsdom has no modal dialogs: opening one is all the dialog needs here.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true
  }
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const locked = (seconds: number) => ({
  ok: false as const,
  error: {
    kind: 'rate-limited' as const,
    code: 'KIOSK_PIN_LOCKED',
    message: `Too many wrong PINs: wait ${seconds} seconds before trying again.`,
    hint: 'Each further wrong PIN makes the wait longer.',
    retryable: true,
    details: { waitSeconds: seconds }
  }
})

async function typeAndLeave(pin: string) {
  await fireEvent.input(screen.getByLabelText('Kiosk PIN'), { target: { value: pin } })
  await fireEvent.submit(screen.getByTestId('kiosk-exit').querySelector('form')!)
  await vi.advanceTimersByTimeAsync(0)
}

describe('the kiosk exit PIN lockout', () => {
  it('counts the wait down to 0, second by second, and then lets the PIN be tried again', async () => {
    const answers = [locked(3), { ok: true as const, result: { mode: 'route', path: '/' } }]
    const { bridge, calls } = scriptedBridge({ 'kiosk.exit': () => answers.shift()! })
    setApiForTests(bridge)
    const onleft = vi.fn()
    render(ExitDialog, { words: kioskEnglish(), onclose: () => undefined, onleft })

    await typeAndLeave('1111')
    const leave = screen.getByRole('button', { name: 'Leave kiosk mode' })
    expect(screen.getByTestId('kiosk-exit-wait')).toHaveTextContent('try again in 3 seconds.')
    expect(leave).toBeDisabled()
    await vi.advanceTimersByTimeAsync(1000)
    expect(screen.getByTestId('kiosk-exit-wait')).toHaveTextContent('try again in 2 seconds.')
    await vi.advanceTimersByTimeAsync(1000)
    expect(screen.getByTestId('kiosk-exit-wait')).toHaveTextContent('try again in 1 second.')
    // Still locked: Enter sends nothing.
    await typeAndLeave('582046')
    expect(calls.filter(([channel]) => channel === 'kiosk.exit')).toHaveLength(1)

    await vi.advanceTimersByTimeAsync(1000)
    expect(screen.getByTestId('kiosk-exit-wait')).toHaveTextContent('You can try the PIN again now.')
    expect(leave).toBeEnabled()
    expect(document.activeElement).toBe(screen.getByLabelText('Kiosk PIN'))

    await typeAndLeave('582046')
    expect(calls.filter(([channel]) => channel === 'kiosk.exit').map(([, input]) => input)).toEqual([
      { pin: '1111' },
      { pin: '582046' }
    ])
    expect(onleft).toHaveBeenCalledWith({ mode: 'route', path: '/' })
  })

  it('reopened after closing mid-lockout (the idle timeout), shows the wait still running, read from main', async () => {
    const { bridge } = scriptedBridge({
      'kiosk.exitWait': () => ({ ok: true, result: { waitSeconds: 3 } }),
      'kiosk.exit': () => locked(3)
    })
    setApiForTests(bridge)
    render(ExitDialog, { words: kioskEnglish(), onclose: () => undefined, onleft: vi.fn() })
    await vi.advanceTimersByTimeAsync(0)
    expect(screen.getByTestId('kiosk-exit-wait')).toHaveTextContent('try again in 3 seconds.')
    expect(screen.getByRole('button', { name: 'Leave kiosk mode' })).toBeDisabled()
    await vi.advanceTimersByTimeAsync(1000)
    expect(screen.getByTestId('kiosk-exit-wait')).toHaveTextContent('try again in 2 seconds.')
  })
})
