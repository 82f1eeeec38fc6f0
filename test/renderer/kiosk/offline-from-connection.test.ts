import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import KioskApp from '../../../src/renderer/src/screens/kiosk/KioskApp.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { ConsoleReach } from '../../../src/shared/connections'
import { scriptedBridge } from '../../support/fake-bridge'

const settings = { pinSet: true, idleSeconds: 60, directions: '', deskName: 'the front desk' }

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

/**
 * The kiosk's banner is the connection state the desk's sidebar shows (every call's answer), not a
 * flag of the kiosk's own: the two never disagree. Each state has one banner (shared/kiosk/kiosk-banner.ts).
 */
function kiosk(reach: ConsoleReach['state'], kioskSaysOnline: boolean, canCheckInOffline = 3) {
  const { bridge } = scriptedBridge({
    'app.info': () => ({ ok: true, result: { transport: 'web' } }),
    'kiosk.refresh': () => ({
      ok: true,
      result: {
        source: { online: kioskSaysOnline, loadedAt: new Date().toISOString(), visitors: 3, canCheckInOffline },
        settings
      }
    }),
    'connections.list': () => ({ ok: true, result: { profiles: [], activeId: 'site' } }),
    'connections.reach': () => ({
      ok: true,
      result: { profileId: 'site', state: reach, checkedAt: 1, ...(reach === 'reachable' ? {} : { message: 'x' }) }
    })
  })
  setApiForTests(bridge)
  render(KioskApp)
}

/** Every connection state, and what the visitor reads at the kiosk under it (null: no banner). */
const BANNERS: Record<ConsoleReach['state'], { testId: string; text: string } | null> = {
  reachable: null,
  // The console answers; a visit whose check-in needs a key the token lacks is refused on its own.
  permissions: null,
  unreachable: { testId: 'kiosk-offline', text: 'Working offline: the console cannot be reached.' },
  certificate: { testId: 'kiosk-offline', text: 'Working offline: the console cannot be used right now.' },
  trouble: { testId: 'kiosk-offline', text: 'Working offline: the console cannot be used right now.' },
  // The console answered and refused the token: nothing is checked in here, offline or not.
  refused: {
    testId: 'kiosk-closed',
    text: 'Check-in is not available here right now: this kiosk cannot check anyone in at the moment. Please see the front desk: they will check you in.'
  }
}

describe('the kiosk’s banner follows the connection state the sidebar shows, one banner per state', () => {
  for (const [state, banner] of Object.entries(BANNERS) as [ConsoleReach['state'], (typeof BANNERS)['refused']][]) {
    it(`${state}: ${banner ? banner.text : 'no banner'}`, async () => {
      kiosk(state, state === 'reachable' || state === 'permissions')
      await waitFor(() => expect(connection.reach?.state).toBe(state))
      await screen.findByRole('heading', { name: 'Welcome' })
      const other = banner?.testId === 'kiosk-offline' ? 'kiosk-closed' : 'kiosk-offline'
      if (!banner) {
        expect(screen.queryByTestId('kiosk-offline')).toBeNull()
        expect(screen.queryByTestId('kiosk-closed')).toBeNull()
        return
      }
      await waitFor(() => expect(screen.getByTestId(banner.testId)).toHaveAttribute('data-state', state))
      expect(screen.getByTestId(banner.testId)).toHaveTextContent(banner.text)
      expect(screen.queryByTestId(other)).toBeNull()
    })
  }

  it('refused: never "offline", never a promise of the visits it holds, and said in the visitor’s language', async () => {
    kiosk('refused', true, 3)
    const closed = await screen.findByTestId('kiosk-closed')
    expect(closed).not.toHaveTextContent(/offline|can still check in/i)
    await fireEvent.click(screen.getByRole('button', { name: 'Deutsch' }))
    await waitFor(() =>
      expect(screen.getByTestId('kiosk-closed')).toHaveTextContent(
        'Dieser Kiosk kann im Moment niemanden anmelden. Bitte wenden Sie sich an the front desk: Dort meldet man Sie an.'
      )
    )
    await fireEvent.click(screen.getByRole('button', { name: 'Français' }))
    await waitFor(() =>
      expect(screen.getByTestId('kiosk-closed')).toHaveTextContent('cette borne ne peut enregistrer personne')
    )
    await fireEvent.click(screen.getByRole('button', { name: 'Español' }))
    await waitFor(() =>
      expect(screen.getByTestId('kiosk-closed')).toHaveTextContent('este quiosco no puede registrar a nadie')
    )
  })

  it('promises check-in only to the visitors main counts it can check in offline (their code held), and says who else goes to the desk', async () => {
    kiosk('unreachable', false, 2)
    const notice = await screen.findByTestId('kiosk-offline')
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        /2 visitors loaded at .+ can still check in here; anyone else, please see the front desk\./
      )
    )

    cleanup()
    kiosk('unreachable', false, 0)
    await waitFor(() =>
      expect(screen.getByTestId('kiosk-offline')).toHaveTextContent(
        'No visitor can check in here until the console answers again. Please see the front desk.'
      )
    )
    expect(screen.getByTestId('kiosk-offline')).not.toHaveTextContent('can still check in')
  })
})
