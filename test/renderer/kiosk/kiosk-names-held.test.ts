import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import KioskApp from '../../../src/renderer/src/screens/kiosk/KioskApp.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { KioskFound } from '../../../src/shared/kiosk/schemas'
import { scriptedBridge } from '../../support/fake-bridge'

const source = { online: true, loadedAt: new Date().toISOString(), visitors: 3, canCheckInOffline: 3 }
const settings = { pinSet: true, idleSeconds: 60, directions: '', deskName: 'the front desk' }

afterEach(() => cleanup())

/**
 * A name typed while main holds name searches (after names that matched nothing) is not looked up: the
 * visitor — perhaps a booked one — is told of the hold and counted down, never "no visit found".
 */
describe('a name typed while the kiosk holds name searches', () => {
  it('is told to wait, with the seconds left, never that no visit was found', async () => {
    const found: KioskFound = { kind: 'none', reason: 'held', refusal: { reason: 'held', waitSeconds: 24 } }
    const { bridge } = scriptedBridge({
      'app.info': () => ({ ok: true, result: { transport: 'web' } }),
      'kiosk.refresh': () => ({ ok: true, result: { source, settings } }),
      'kiosk.find': () => ({ ok: true, result: { found, source } })
    })
    setApiForTests(bridge)
    render(KioskApp)
    await fireEvent.click(await screen.findByRole('button', { name: 'Check in' }, { timeout: 10_000 }))
    await fireEvent.input(screen.getByRole('textbox', { name: 'Your first and last name' }), {
      target: { value: 'Weiss Jurgen' }
    })
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }))

    expect(await screen.findByRole('heading', { name: 'Please wait a moment' })).toBeInTheDocument()
    const said = screen.getByTestId('kiosk-none')
    expect(said).toHaveTextContent(
      'This kiosk has paused name searches for a short while, so your name was not looked up yet. Please wait and type it again, or see the front desk.'
    )
    expect(document.body).not.toHaveTextContent(/could not find|No visit today matches/i)
    expect(screen.getByTestId('kiosk-held')).toHaveTextContent('You can type a name again in 24 seconds.')
    expect(screen.getByTestId('kiosk-held')).toHaveAttribute('role', 'timer')
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })
})
