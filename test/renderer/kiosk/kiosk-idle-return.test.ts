import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import KioskApp from '../../../src/renderer/src/screens/kiosk/KioskApp.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { scriptedBridge } from '../../support/fake-bridge'

afterEach(() => {
  vi.useRealTimers()
  cleanup()
  deskLanguage.choose(null)
})

/**
 * The kiosk goes back to its welcome (in the desk's language) after the quiet spell set in Settings,
 * counted from the visitor's last touch — not from the kiosk's own reading of its visitors and
 * settings (every minute on the welcome), which is no touch of anyone's.
 */
describe('the kiosk’s idle return', () => {
  it('returns at the time set (20 s), though the kiosk read its settings again meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    deskLanguage.choose('en')
    let reads = 0
    const settings = { pinSet: true, idleSeconds: 20, directions: '', deskName: 'Reception' }
    const source = { online: true, loadedAt: new Date().toISOString(), visitors: 3, canCheckInOffline: 3 }
    const { bridge } = scriptedBridge({
      'app.info': () => ({ ok: true, result: { transport: 'web' } }),
      // A new object at every read, as main sends it.
      'kiosk.refresh': () => (reads++, { ok: true, result: { source, settings: { ...settings } } })
    })
    setApiForTests(bridge)
    render(KioskApp)
    const spanish = await screen.findByRole('button', { name: 'Español' }, { timeout: 10_000 })
    await vi.waitFor(() => expect(reads).toBe(1))
    // Near the kiosk's next reading (every 60 s on the welcome), a visitor picks Spanish.
    await act(() => vi.advanceTimersByTime(50_000))
    await fireEvent.click(spanish)
    expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true')
    // The kiosk reads its settings again at 60 s; the visitor does nothing.
    await act(() => vi.advanceTimersByTime(15_000))
    await vi.waitFor(() => expect(reads).toBe(2))
    expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true')
    // 20 s after the touch: back to the desk's language.
    await act(() => vi.advanceTimersByTime(5_500))
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'false')
    )
  }, 30_000)
})
