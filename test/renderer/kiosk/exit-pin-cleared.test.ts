import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import ExitDialog from '../../../src/renderer/src/components/kiosk/ExitDialog.svelte'
import { kioskEnglish } from '../../../src/shared/kiosk/kiosk-english'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'

beforeEach(() => {
  vi.useFakeTimers()
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true
  }
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const wrong = (left: number) => ({
  ok: false as const,
  error: {
    kind: 'validation' as const,
    code: 'KIOSK_PIN_WRONG',
    message: 'That is not the kiosk PIN.',
    hint: `Type the PIN set in Settings → Kiosk. ${left} tries left before the kiosk makes you wait.`,
    retryable: false,
    details: { triesLeft: left }
  }
})

describe('a wrong exit PIN', () => {
  it('is cleared from the field every time, the second and third as the first', async () => {
    const answers = [wrong(2), wrong(1), wrong(0)]
    const { bridge } = scriptedBridge({ 'kiosk.exit': () => answers.shift()! })
    setApiForTests(bridge)
    render(ExitDialog, { words: kioskEnglish(), onclose: () => undefined, onleft: vi.fn() })
    const field = screen.getByLabelText<HTMLInputElement>('Kiosk PIN')
    for (const pin of ['1111', '2222', '2222']) {
      // Typed key by key, as a person types it.
      for (let n = 1; n <= pin.length; n++) await fireEvent.input(field, { target: { value: pin.slice(0, n) } })
      await fireEvent.submit(screen.getByTestId('kiosk-exit').querySelector('form')!)
      await vi.advanceTimersByTimeAsync(0)
      expect(screen.getByRole('alert')).toHaveTextContent('That is not the kiosk PIN.')
      expect(field.value, `after ${pin}`).toBe('')
      expect(document.activeElement).toBe(field)
    }
  })

  it('is cleared after a PIN that is not digits too (masked, it cannot be read to be fixed)', async () => {
    const { bridge, calls } = scriptedBridge({ 'kiosk.exit': () => wrong(2) })
    setApiForTests(bridge)
    render(ExitDialog, { words: kioskEnglish(), onclose: () => undefined, onleft: vi.fn() })
    const field = screen.getByLabelText<HTMLInputElement>('Kiosk PIN')
    await fireEvent.input(field, { target: { value: '22a2' } })
    await fireEvent.submit(screen.getByTestId('kiosk-exit').querySelector('form')!)
    await vi.advanceTimersByTimeAsync(0)
    expect(screen.getByRole('alert')).toHaveTextContent('Type the kiosk PIN: numbers only.')
    expect(field.value).toBe('')
    expect(document.activeElement).toBe(field)
    expect(calls.filter(([channel]) => channel === 'kiosk.exit')).toHaveLength(0)
  })
})
