import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import ConsoleReachLine from '../../../src/renderer/src/components/ConsoleReachLine.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { ConsoleReach } from '../../../src/shared/connections'
import { eventBridge, ok } from '../enroll/event-bridge'

let off: (() => void) | undefined
afterEach(() => {
  off?.()
  cleanup()
  deskLanguage.choose(null)
})

async function sidebarSays(reach: ConsoleReach): Promise<HTMLElement> {
  deskLanguage.choose('de')
  const main = eventBridge({
    'connections.list': () => ok({ profiles: [], activeId: 'site' }),
    'connections.reach': () => ok(reach)
  })
  setApiForTests(main.bridge)
  off = connection.listen()
  await connection.load()
  render(ConsoleReachLine)
  return screen.getByTestId('console-answers')
}

/**
 * The state set by a screen's call (not the check): main sends its English sentence for the CLI and the
 * error's facts (`checkError`: code, status); a German desk's sidebar says the reason and what to do in
 * German from those facts, never main's English, and never the name of a call the person did not make.
 */
describe('the sidebar’s reason for a state a call set, on a German desk', () => {
  it('a read that timed out: "did not answer in time" and what to do, in German', async () => {
    const hint = 'Check the network to the console, then try again.'
    const line = await sidebarSays({
      profileId: 'site',
      state: 'unreachable',
      checkedAt: 1,
      message: 'The console did not answer List visitors in time.',
      advice: hint,
      checkError: {
        kind: 'network',
        code: 'TIMEOUT',
        message: 'The console did not answer List visitors in time.',
        hint,
        retryable: true,
        details: { endpoint: '§4.4', what: 'List visitors', requestWritten: true }
      }
    })
    await waitFor(() => expect(line).toHaveTextContent('Antwortet nicht'), { timeout: 5000 })
    await waitFor(() => expect(line).toHaveTextContent('nicht rechtzeitig'), { timeout: 5000 })
    expect(line).not.toHaveTextContent(/did not answer|Check the network/)
    expect(line.querySelector('[lang="en"]')).toBeNull()
  })

  it('a token check whose every probe failed: "answered with an error", not main’s sentence', async () => {
    const line = await sidebarSays({
      profileId: 'site',
      state: 'trouble',
      checkedAt: 1,
      message: 'The console answered every check of the token with an error.'
    })
    await waitFor(() => expect(line).toHaveTextContent('Die Konsole hat mit einem Fehler geantwortet.'), {
      timeout: 5000
    })
    expect(line).toHaveTextContent('prüfen Sie die Konsole')
    expect(line).not.toHaveTextContent(/answered every check/)
  })

  it('a permission probe’s 500: the status from the facts, no action named', async () => {
    const line = await sidebarSays({
      profileId: 'site',
      state: 'trouble',
      checkedAt: 1,
      message: 'The console answered with an error (HTTP 500).',
      advice: 'Try again in a moment; if it persists, check the console.',
      checkError: {
        kind: 'server',
        code: 'SERVER_FAILED',
        message: 'The console failed to answer Generate PIN code (E1) (HTTP 500).',
        hint: 'Try again in a moment; if it persists, check the console.',
        retryable: true,
        details: { status: 500, endpoint: 'E1', what: 'Generate PIN code (E1)' }
      }
    })
    await waitFor(() => expect(line).toHaveTextContent('Die Konsole hat mit einem Fehler geantwortet (HTTP 500).'), {
      timeout: 5000
    })
    expect(line).not.toHaveTextContent(/answered with an error|Generate PIN|E1/)
  })
})
