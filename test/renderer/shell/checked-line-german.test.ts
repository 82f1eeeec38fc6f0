import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { ConsoleReach } from '../../../src/shared/connections'
import { sidebarWithMain } from '../console/sidebar-main'

afterEach(() => deskLanguage.choose(null))

/**
 * The check's own outcome (main's connection-state.ts `checked`): main says it was the check
 * (`byCheck`) and the renderer words it in the desk's language, never main's English sentence.
 */
describe('the sidebar’s “Checking the console” line', () => {
  it('is said in German on a German desk, from the facts main sends', async () => {
    deskLanguage.choose('de')
    const checked: ConsoleReach = {
      profileId: 'site',
      state: 'refused',
      checkedAt: 1,
      byCheck: true,
      message: 'Checking the console: token refused.'
    }
    await sidebarWithMain(checked)
    const region = screen.getByTestId('console-answers')
    await waitFor(() => expect(region).toHaveTextContent('Token abgelehnt'), { timeout: 5000 })
    // The state as a fact, not as a check still under way ("Prüfung der Konsole: …" read as if it were).
    expect(region).toHaveTextContent('Token abgelehnt.')
    expect(region).not.toHaveTextContent(/Prüfung|Checking the console/)
  })
})

describe('the sidebar’s advice after a failed check', () => {
  it('is said in French on a French desk, from the error that failed the check, never main’s English', async () => {
    deskLanguage.choose('fr')
    const hint =
      'Check that the console is on, that this computer is on its network and the address is right, then try again (no restart needed).'
    const checked: ConsoleReach = {
      profileId: 'site',
      state: 'unreachable',
      checkedAt: 1,
      byCheck: true,
      message: `Checking the console: not answering. ${hint}`,
      advice: hint,
      // As main's access client makes it (services/access/errors.ts): the code, the address, the words.
      checkError: {
        kind: 'network',
        code: 'ECONNREFUSED',
        message:
          'Could not reach the console at https://10.0.0.2:12445: nothing answers at that address (connection refused).',
        hint,
        retryable: true,
        details: { url: 'https://10.0.0.2:12445', endpoint: 'E6' }
      }
    }
    await sidebarWithMain(checked)
    const region = screen.getByTestId('console-answers')
    await waitFor(() => expect(region).toHaveTextContent('Vérifiez que la console est allumée'), { timeout: 5000 })
    expect(region).not.toHaveTextContent('Check that the console is on')
  })
})
