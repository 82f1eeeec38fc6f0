import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/svelte'
import { announce } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { router, screens } from '../../../src/renderer/src/stores/router.svelte'
import { loadScreen } from '../../../src/renderer/src/screens/screen-modules.svelte'
import { renderDeskWithNoConsole } from '../../support/desk-shell'

afterEach(() => cleanup())

/** The one live region holds what the shown screen's last action did, never another screen's outcome. */
describe('the live region after a screen switch', () => {
  it('no longer holds the last screen’s outcome; an announcement on its way still comes', async () => {
    renderDeskWithNoConsole()
    const region = await screen.findByTestId('action-announcer')
    announce('Read cards.csv: 2 ok')
    await waitFor(() => expect(region).toHaveTextContent('Read cards.csv: 2 ok'))
    router.go(router.current === 'settings' ? 'audit' : 'settings')
    await waitFor(() => expect(region).toHaveTextContent(''))
    expect(region.textContent).toBe('')
    // Said by the action that switches screens: it still reaches the region.
    announce('Using Site A.')
    router.go('audit')
    await waitFor(() => expect(region).toHaveTextContent('Using Site A.'))
    // The shell fetches every screen and the batches store while idle: let that finish inside the test.
    await Promise.all([
      ...screens.map((s) => loadScreen(s.id)),
      import('../../../src/renderer/src/stores/batches.svelte')
    ])
  }, 30_000)
})
