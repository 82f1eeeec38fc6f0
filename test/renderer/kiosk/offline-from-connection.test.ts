import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import KioskApp from '../../../src/renderer/src/screens/kiosk/KioskApp.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import type { ConsoleReach } from '../../../src/shared/connections'
import { scriptedBridge } from '../../support/fake-bridge'

const settings = { pinSet: true, idleSeconds: 60, directions: '', deskName: 'the front desk' }

afterEach(() => cleanup())

/**
 * The kiosk's "Working offline" notice is the connection state the desk's sidebar shows (every call's
 * answer), not a flag of the kiosk's own: the two never disagree.
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

describe('the kiosk says it works offline when the connection state says the console cannot be used', () => {
  for (const state of ['unreachable', 'refused', 'certificate', 'trouble'] as const) {
    it(`${state}: Working offline`, async () => {
      kiosk(state, true)
      await waitFor(() => expect(screen.getByTestId('kiosk-offline')).toHaveAttribute('data-state', state))
      expect(screen.getByTestId('kiosk-offline')).toHaveTextContent('Working offline')
    })
  }

  it('Connected (or only some keys missing): no offline notice, whatever the kiosk read last', async () => {
    for (const state of ['reachable', 'permissions'] as const) {
      kiosk(state, false)
      await waitFor(() => expect(connection.reach?.state).toBe(state))
      await screen.findByRole('heading', { name: 'Welcome' })
      expect(screen.queryByTestId('kiosk-offline')).toBeNull()
      cleanup()
    }
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
