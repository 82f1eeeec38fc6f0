import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte'
import App from '../../../src/renderer/src/App.svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import ConsolesScreen from '../../../src/renderer/src/screens/ConsolesScreen.svelte'
import SettingsScreen from '../../../src/renderer/src/screens/SettingsScreen.svelte'
import StartScreen from '../../../src/renderer/src/screens/StartScreen.svelte'
import ErrorNotice from '../../../src/renderer/src/components/ErrorNotice.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { errorWordsLoaded } from '../../../src/renderer/src/lib/i18n/error-words.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { fleet } from '../../../src/renderer/src/stores/fleet.svelte'
import { AppError } from '../../../src/shared/errors'
import type { AuditPage } from '../../../src/shared/audit/schemas'
import { eventBridge, ok } from '../enroll/event-bridge'
import { profileFixture } from '../../support/profile-fixture'

let off: (() => void) | undefined
afterEach(() => {
  cleanup()
  off?.()
  off = undefined
  void deskLanguage.choose(null)
  fleet.consoles = {}
  fleet.found = {}
  fleet.searched = null
})

/**
 * The built-in console's name is one the person never gave: main stores it as its English ("Demo
 * console", as every data folder made before holds it, and as Audit rows recorded it), and the desk says
 * it in its own language wherever a console's name is shown. A name the person typed is shown as typed.
 */
const demo = profileFixture('demo', 'Demo console', {
  demo: true,
  tokenStorage: 'demo',
  url: 'https://127.0.0.1:12445'
})
const typed = profileFixture('hq', 'HQ view')
const auditPage: AuditPage = {
  items: [
    {
      id: 'r-1',
      at: '2026-01-12T13:00:00.000Z',
      console: { name: 'Demo console', url: 'https://127.0.0.1:12445' },
      desk: { user: 'ana', host: 'desk-7' },
      action: 'assign',
      endpoint: { id: 'E1', title: 'Assign a card' },
      target: { kind: 'NFC card', name: 'Ada Ng' },
      outcome: 'ok'
    },
    {
      id: 'r-2',
      at: '2026-01-12T14:00:00.000Z',
      console: { name: 'HQ view', url: 'https://hq.example:12445' },
      desk: { user: 'ana', host: 'desk-7' },
      action: 'assign',
      endpoint: { id: 'E1', title: 'Assign a card' },
      target: { kind: 'NFC card', name: 'Ben Ng' },
      outcome: 'ok'
    }
  ],
  total: 2,
  all: 2,
  consoles: [
    { name: 'Demo console', url: 'https://127.0.0.1:12445', key: 'demo', names: ['Demo console'] },
    { name: 'HQ view', url: 'https://hq.example:12445', key: 'hq' }
  ],
  retentionDays: 365
}

function mainAnswers() {
  const main = eventBridge({
    'connections.list': () => ok({ profiles: [demo, typed], activeId: 'demo' }),
    'connections.reach': () => ok(null),
    'fleet.consoles': () => new Promise(() => {}),
    'audit.list': () => ok(auditPage)
  })
  setApiForTests(main.bridge)
  off = connection.listen()
}

/** Everything on the page a person or a screen reader meets: its text and its attributes (names, labels). */
const page = () => document.body.innerHTML

describe('the built-in console’s name in the desk’s language', () => {
  it(
    'German: the sidebar, Start, Settings, Consoles, Audit and an error name it “Demo-Konsole”, never “Demo console”',
    { timeout: 60_000 },
    async () => {
      await deskLanguage.choose('de')
      mainAnswers()
      await connection.load()

      // The sidebar (and the first screen, Start, which names the active console).
      render(App)
      const line = await screen.findByTestId('active-connection')
      await waitFor(() => expect(line).toHaveTextContent('Demo-Konsole'))
      expect(page()).not.toContain('Demo console')
      cleanup()

      render(StartScreen)
      await waitFor(() => expect(document.body).toHaveTextContent('Demo-Konsole'))
      expect(page()).not.toContain('Demo console')
      cleanup()

      // Settings: each saved console's card, its buttons' names; the typed name as typed.
      render(SettingsScreen)
      const cards = await screen.findAllByTestId('profile')
      await waitFor(() => expect(cards[0]).toHaveTextContent('Demo-Konsole'))
      expect(cards[1]).toHaveTextContent('HQ view')
      expect(page()).not.toContain('Demo console')
      cleanup()

      // Consoles: the table of consoles and the find across them (the demo console did not answer it).
      render(ConsolesScreen)
      await waitFor(() => expect(screen.getAllByTestId('fleet-console')[0]).toHaveTextContent('Demo-Konsole'))
      fleet.searched = 'Ada'
      fleet.found = {
        demo: {
          profileId: 'demo',
          name: 'Demo console',
          ok: false,
          error: {
            kind: 'network',
            code: 'CONSOLE_TIMEOUT',
            message: '"Demo console" did not answer within 10 s.',
            hint: 'Check that this console is on and reachable from this computer, then try again.',
            retryable: true,
            details: { name: 'Demo console', seconds: 10 }
          }
        },
        hq: { profileId: 'hq', name: 'HQ view', ok: true, hits: [], more: 0 }
      }
      const found = await screen.findByTestId('fleet-found')
      await errorWordsLoaded()
      await waitFor(() => expect(found).toHaveTextContent('„Demo-Konsole“ hat nicht innerhalb von 10 s geantwortet.'))
      expect(within(found).getByRole('status')).toHaveTextContent('Demo-Konsole')
      expect(within(found).getByRole('heading', { level: 3, name: 'HQ view' })).toBeInTheDocument()
      expect(page()).not.toContain('Demo console')
      cleanup()

      // Audit: the console a write went to, and the filter's console; the typed one as typed.
      render(AuditScreen)
      const table = await screen.findByTestId('audit-table')
      await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Demo-Konsole'))
      expect(within(table).getAllByRole('row')[2]).toHaveTextContent('HQ view')
      expect(screen.getByRole('option', { name: /^Demo-Konsole \(https:/ })).toBeInTheDocument()
      expect(page()).not.toContain('Demo console')
      cleanup()

      // An error that names the console (main's NO_TOKEN names it by its profile's name).
      const noToken = new AppError({
        kind: 'auth',
        code: 'NO_TOKEN',
        message: 'No API token is stored for "Demo console".',
        hint: 'Open Settings → Connections and use Change token… on this console.',
        details: { name: 'Demo console' }
      })
      render(ErrorNotice, { error: noToken })
      await errorWordsLoaded()
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Demo-Konsole'))
      expect(page()).not.toContain('Demo console')
    }
  )

  it(
    'English: the same name reads “Demo console”; a name the person typed is shown as typed in German',
    { timeout: 30_000 },
    async () => {
      mainAnswers()
      await connection.load()
      expect(connection.active?.name).toBe('Demo console')
      await deskLanguage.choose('de')
      await waitFor(() => expect(connection.active?.name).toBe('Demo-Konsole'))
      expect(connection.profiles.find((p) => p.id === 'hq')?.name).toBe('HQ view')
      // Renamed by the person: shown as typed, in German too.
      connection.profiles = [demo, { ...typed, name: 'Empfang Nord' }]
      expect(connection.profiles.map((p) => p.name)).toEqual(['Demo-Konsole', 'Empfang Nord'])
    }
  )
})
