import '@testing-library/jest-dom/vitest'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import ErrorNotice from '../../../src/renderer/src/components/ErrorNotice.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { loadWords } from '../../../src/renderer/src/lib/i18n/area-words'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import { AppError } from '../../../src/shared/errors'
import { SERVICE_LOST_CODE } from '../../../src/web/bridge-status'

/**
 * Web mode's service down: the tab can fetch nothing more (no catalogue chunk either). Only what the desk
 * loaded for its first paint, in its language, is there.
 */
const link = vi.hoisted(() => {
  // The setup file (test/renderer/setup.ts) loads every area's English, which a German desk never has:
  // this file starts from fresh modules, so it holds only what it loads (Vitest mocks no module a setup
  // file imported before the module cache is reset).
  vi.resetModules()
  return { down: false }
})
vi.mock('../../../src/renderer/src/lib/i18n/load-catalogue', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/renderer/src/lib/i18n/load-catalogue')>()
  return {
    loadCatalogue: async (...[area, locale]: Parameters<typeof real.loadCatalogue>) => {
      if (link.down) throw new TypeError(`Failed to fetch dynamically imported module: ${area}/${locale}.js`)
      return real.loadCatalogue(area, locale)
    }
  }
})

afterEach(() => cleanup())

/** The errors a call gets while the tab cannot reach the service, as web/bridge-client.ts makes them. */
const lost = new AppError({
  kind: 'network',
  code: SERVICE_LOST_CODE,
  message: "The connection to Access Desk's local service is lost.",
  hint: 'Restart it with npm start (or npm run web) and open the address it prints.',
  retryable: true,
  details: { restarted: false }
})
const restarted = new AppError({
  kind: 'network',
  code: SERVICE_LOST_CODE,
  message: 'This page is no longer connected to Access Desk: the service was restarted.',
  hint: 'Restart it with npm start (or npm run web) and open the address it prints.',
  retryable: true,
  details: { restarted: true }
})

describe('web mode’s service down, on a German desk', () => {
  beforeAll(async () => {
    // A German desk as it starts (main.ts): its language known in the tab, the first paint's words loaded.
    await deskLanguage.choose('de')
    await Promise.all(['shell', 'common', 'errors'].map((area) => loadWords(area as 'common', 'de')))
    link.down = true
    serviceLink.take('lost')
  })

  it('a call that failed because the service is lost is said in German, never English', async () => {
    render(ErrorNotice, { props: { error: lost, focus: true } })
    const alert = await screen.findByRole('alert')
    await waitFor(() =>
      expect(alert).toHaveTextContent('Die Verbindung zum lokalen Dienst von Access Desk ist unterbrochen.')
    )
    expect(alert).toHaveTextContent('Starten Sie ihn mit npm start neu')
    expect(alert).not.toHaveTextContent(/local service is lost|Restart it/)
    expect(alert.querySelector('[lang="en"]')).toBeNull()
  })

  it('the service restarted at another address: said in German too', async () => {
    serviceLink.take('refused')
    render(ErrorNotice, { props: { error: restarted, focus: true } })
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(alert).toHaveTextContent('Der Dienst wurde neu gestartet.'))
    expect(alert).not.toHaveTextContent(/no longer connected|Restart it/)
  })

  it('an address opened without its key: said in German, the commands as typed', async () => {
    serviceLink.take('no-key')
    const noKey = new AppError({
      kind: 'network',
      code: SERVICE_LOST_CODE,
      message: 'This address lacks its key (#k=…), so this page cannot reach Access Desk.',
      hint: 'Open the full address that npm run web (or npm start) printed when it started: it ends with #k= and its key.',
      retryable: true,
      details: { restarted: false, noKey: true }
    })
    render(ErrorNotice, { props: { error: noKey, focus: true } })
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(alert).toHaveTextContent('Dieser Adresse fehlt ihr Schlüssel'))
    expect(alert).toHaveTextContent('#k=')
    expect(alert).not.toHaveTextContent(/lacks its key|Open the full address/)
  })
})
