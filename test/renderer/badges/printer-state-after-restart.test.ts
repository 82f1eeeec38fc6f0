import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/svelte'
import BadgePrinters from '../../../src/renderer/src/components/badges/BadgePrinters.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { reestablishAll } from '../../../src/renderer/src/lib/main-restarts'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import { printerStates } from '../../../src/renderer/src/stores/printer-states.svelte'
import { buildApi } from '../../../src/preload/api'
import { printerStatusOf } from '../../../src/shared/badges/printer-state'

/**
 * A printer's state that could not be read because main was not answering (web mode restarted with Badges
 * open: the read went while the service was away, or main was still starting) is read again once main
 * answers — the reconnect rule (lib/reread-when-back.ts) and main's restart (lib/main-restarts.ts) — not
 * left saying "Could not be read" beside a printer that is up.
 */
afterEach(async () => {
  cleanup()
  printerStates.clear()
  serviceLink.take('connected')
  await deskLanguage.choose(null)
})

/** Main as the tab reaches it: away (every call fails as the bridge fails it), or answering with the printer Ready. */
function main() {
  const state = { up: false, reads: 0 }
  setApiForTests(
    buildApi(
      async (channel) => {
        if (channel !== 'badges.printerStatus')
          return { ok: false, error: { kind: 'server', message: channel, retryable: false } }
        state.reads++
        return state.up
          ? { ok: true, result: printerStatusOf('idle', [], true) }
          : {
              ok: false,
              error: {
                kind: 'network',
                code: 'SERVICE_LOST',
                message: 'Access Desk is not answering.',
                retryable: true
              }
            }
      },
      () => () => undefined
    )
  )
  return state
}

async function badgesWhileMainAway() {
  await deskLanguage.choose('de')
  const state = main()
  serviceLink.take('lost')
  const printer = { name: 'ipp://10.0.0.9:631/ipp/print', displayName: 'Lobby', isDefault: false, kind: 'ipp' as const }
  render(BadgePrinters, { props: { printers: [printer], stock: 'dk-11202', onchanged: () => undefined } })
  const shown = () => within(screen.getByTestId('badge-printer')).getByTestId('badge-printer-state').textContent
  await expect.poll(shown, { timeout: 5_000 }).toBe('Nicht lesbar')
  return { state, shown }
}

describe('a printer’s state that could not be read while main was away is read again once it answers', () => {
  it('the service back (the reconnect rule): read again, Ready', async () => {
    const { state, shown } = await badgesWhileMainAway()
    state.up = true
    serviceLink.take('connected')
    await expect.poll(shown, { timeout: 5_000 }).toBe('Bereit')
    expect(state.reads).toBe(2)
  })

  it('main restarted (its re-establishers): read again, Ready', async () => {
    const { state, shown } = await badgesWhileMainAway()
    state.up = true
    await reestablishAll()
    await expect.poll(shown, { timeout: 5_000 }).toBe('Bereit')
  })

  it('a state read is not read again when main comes back', async () => {
    const { state, shown } = await badgesWhileMainAway()
    state.up = true
    serviceLink.take('connected')
    await expect.poll(shown, { timeout: 5_000 }).toBe('Bereit')
    serviceLink.take('lost')
    serviceLink.take('connected')
    await reestablishAll()
    expect(state.reads).toBe(2)
  })
})
