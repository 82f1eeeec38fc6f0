import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import ConsolesScreen from '../../../src/renderer/src/screens/ConsolesScreen.svelte'
import SettingsScreen from '../../../src/renderer/src/screens/SettingsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { auditStore } from '../../../src/renderer/src/stores/audit.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { fleet } from '../../../src/renderer/src/stores/fleet.svelte'
import type { AuditPage, AuditRow } from '../../../src/shared/audit/schemas'
import type { FleetConsole } from '../../../src/shared/fleet/schemas'
import type { TokenCheck } from '../../../src/shared/connections'
import { eventBridge, ok } from '../enroll/event-bridge'
import { profileFixture } from '../../support/profile-fixture'

let off: (() => void) | undefined
afterEach(() => {
  cleanup()
  off?.()
  off = undefined
  deskLanguage.choose(null)
  fleet.consoles = {}
  fleet.found = {}
  fleet.searched = null
  fleet.query = ''
})

/**
 * Audit, Consoles and Settings follow the desk's language as it is switched with the screen open
 * (issue 36): what the person typed or found stays; headings, labels, buttons, the rows' words
 * (an outcome, an action, a card, a lost answer's code, a version, a test's summary) change.
 */
describe('the admin screens in the desk’s language', () => {
  it('Audit: English to German with the filter typed and the rows kept', { timeout: 30_000 }, async () => {
    const row: AuditRow = {
      id: 'r-1',
      at: '2026-01-12T13:00:00.000Z',
      console: { name: 'Demo console', url: 'https://127.0.0.1:12445' },
      desk: { user: 'ana', host: 'desk-7' },
      action: 'assign',
      endpoint: { id: 'E1', title: 'Assign a card' },
      target: { kind: 'NFC card', name: 'Ada Ng' },
      card: { number: '100005', alias: 'Front desk', owner: { kind: 'user', name: 'Ada Ng' } },
      outcome: 'unknown',
      code: 'ECONNRESET'
    }
    const page: AuditPage = {
      items: [row],
      total: 1,
      all: 3,
      consoles: [{ name: 'Demo console', url: 'https://127.0.0.1:12445', key: 'k' }],
      retentionDays: 365
    }
    setApiForTests(eventBridge({ 'audit.list': () => ok(page) }).bridge)
    render(AuditScreen)
    const table = await screen.findByTestId('audit-table')
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Text' }), { target: { value: 'Ada' } })
    expect(screen.getByTestId('audit-count')).toHaveTextContent('1 row matches the filter (of 3)')
    expect(within(table).getByText('answer lost (connection reset)')).toBeInTheDocument()

    deskLanguage.choose('de')
    expect(await screen.findByRole('heading', { level: 1, name: 'Protokoll' }, { timeout: 10_000 })).toBeInTheDocument()
    // What was typed and read is still there.
    expect(screen.getByRole('searchbox', { name: 'Text' })).toHaveValue('Ada')
    // The shell's words and the Audit's come in their own catalogues: wait for the Audit's too.
    await waitFor(() => expect(screen.getByTestId('audit-count')).toHaveTextContent('1 Zeile passt zum Filter (von 3)'))
    expect(within(table).getByRole('columnheader', { name: 'Ergebnis' })).toBeInTheDocument()
    expect(within(table).getByText('Zuweisen')).toBeInTheDocument()
    expect(within(table).getByText('Zu prüfen')).toBeInTheDocument()
    expect(within(table).getByText(/^NFC-Karte Ada Ng/)).toBeInTheDocument()
    expect(within(table).getByTestId('audit-card')).toHaveTextContent('Karte 100005 (Front desk) · Ada Ng (Benutzer)')
    expect(within(table).getByTestId('audit-code')).toHaveTextContent('Antwort verloren (Verbindung zurückgesetzt)')
    expect(screen.getByRole('button', { name: 'Filter anwenden' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Alle Ergebnisse' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Zeilen aufbewahren' })).toBeInTheDocument()
    // A field's message is the desk's language too.
    await fireEvent.input(screen.getByLabelText('Tage aufbewahren'), { target: { value: 'viele' } })
    await fireEvent.submit(screen.getByRole('heading', { name: 'Zeilen aufbewahren' }).closest('form')!)
    expect(await screen.findByText('Geben Sie eine ganze Zahl von Tagen ein, zum Beispiel 365.')).toBeInTheDocument()
    expect(screen.queryByText(/Apply filter|Keep rows|answer lost/)).toBeNull()
    auditStore.fields.text = ''
  })

  it('Consoles: English to German with the consoles read and the find typed', { timeout: 30_000 }, async () => {
    const profiles = [profileFixture('hq', 'Demo HQ'), profileFixture('hill', 'Hill Campus')]
    let requestId = ''
    const main = eventBridge({
      'connections.list': () => ok({ profiles, activeId: 'hq' }),
      'connections.reach': () => ok(null),
      'fleet.consoles': (input) => {
        requestId = (input as { requestId: string }).requestId
        return new Promise(() => {})
      }
    })
    setApiForTests(main.bridge)
    off = connection.listen()
    await connection.load()
    render(ConsolesScreen)
    await waitFor(() => expect(requestId).not.toBe(''))
    const hq: FleetConsole = {
      profileId: 'hq',
      name: 'Demo HQ',
      url: 'https://hq.example:12445',
      demo: false,
      reach: { profileId: 'hq', state: 'reachable', checkedAt: 1 },
      version: { atLeast: '3.3.10', below: null },
      permissions: [
        { key: 'view:visitor', status: 'allowed', uses: '' },
        { key: 'edit:visitor', status: 'missing', uses: '' }
      ],
      counts: {
        cards: { value: 1234 },
        passesToGive: { value: 5 },
        visitorsToday: { value: 7 },
        batchesNotUploaded: 0
      },
      answeredInMs: 4000,
      readAt: 2
    }
    main.emit('fleet.console', { requestId, console: hq })
    const row = () => screen.getAllByTestId('fleet-console').find((r) => r.dataset['name'] === 'Demo HQ')!
    await waitFor(() => expect(row()).toHaveTextContent('3.3.10 or newer'))
    await fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'Priya' } })
    expect(screen.getByTestId('fleet-progress')).toHaveTextContent('Reading 2 consoles: 1 answered so far.')

    deskLanguage.choose('de')
    expect(await screen.findByRole('heading', { level: 1, name: 'Konsolen' }, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByRole('searchbox')).toHaveValue('Priya')
    // The title is the shell's (one name per screen), which may load before the screen's own words.
    await waitFor(() => expect(row()).toHaveTextContent('3.3.10 oder neuer'), { timeout: 10_000 })
    expect(row()).toHaveTextContent('Dem API-Token fehlt insgesamt 1 Berechtigung: edit:visitor.')
    expect(row()).toHaveTextContent('Aktiv')
    expect(row()).toHaveTextContent('Verbunden')
    expect(within(row()).getByTestId('fleet-slow')).toHaveTextContent('Langsam: Antwort nach 4 s')
    // Numbers in the German way, through the desk's formats.
    expect(row()).toHaveTextContent('1.234')
    expect(screen.getByTestId('fleet-progress')).toHaveTextContent('2 Konsolen werden gelesen: bisher 1 geantwortet.')
    expect(screen.getByRole('columnheader', { name: 'Besucher heute' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Auf jeder Konsole suchen' })).toBeInTheDocument()
    expect(screen.queryByText(/or newer|Find across consoles|Visitors today/)).toBeNull()
  })

  it(
    'Settings: English to German with a test result shown and a console being added',
    { timeout: 30_000 },
    async () => {
      const check: TokenCheck = {
        ok: true,
        url: 'https://hq.example:12445',
        latencyMs: 12,
        checkedAt: 1,
        permissions: [
          { key: 'view:visitor', status: 'allowed', uses: 'see visitors' },
          { key: 'edit:visitor', status: 'allowed', uses: 'change visitors' }
        ]
      }
      const main = eventBridge({
        'connections.list': () => ok({ profiles: [profileFixture('hq', 'Demo HQ')], activeId: 'hq' }),
        'connections.reach': () => ok(null),
        'connections.test': () => ok(check)
      })
      setApiForTests(main.bridge)
      off = connection.listen()
      await connection.load()
      render(SettingsScreen)
      const card = await screen.findByTestId('profile')
      await fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Lager Nord' } })
      await fireEvent.click(within(card).getByRole('button', { name: /^Test connection to / }))
      const result = await within(card).findByTestId('test-result')
      await waitFor(() => expect(result).toHaveTextContent('address, certificate and token work'))

      deskLanguage.choose('de')
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Einstellungen' }, { timeout: 10_000 })
      ).toBeInTheDocument()
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Lager Nord')
      // The title is the shell's (one name per screen), which may load before the screen's own words.
      await waitFor(
        () =>
          expect(result).toHaveTextContent(
            'Verbunden mit https://hq.example:12445 in 12 ms: Adresse, Zertifikat und Token funktionieren. Das Token hat alle Berechtigungsschlüssel, die Access Desk nutzt.'
          ),
        { timeout: 10_000 }
      )
      expect(within(card).getByRole('table', { name: 'Berechtigungsschlüssel dieses Tokens' })).toBeInTheDocument()
      expect(within(card).getAllByText('Erlaubt')).toHaveLength(2)
      expect(within(card).getByRole('button', { name: /^Verbindung testen: / })).toBeInTheDocument()
      expect(screen.getByRole('heading', { name: 'Verbindungen' })).toBeInTheDocument()
      expect(screen.getByRole('heading', { name: 'Konsole hinzufügen' })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Zertifikat prüfen' })).toBeInTheDocument()

      await fireEvent.click(within(card).getByRole('button', { name: /^Verbindung .+ entfernen…$/ }))
      const dialog = await screen.findByRole('dialog', { name: 'Verbindung Demo HQ entfernen?' })
      expect(within(dialog).getByRole('button', { name: 'Verbindung entfernen' })).toBeInTheDocument()
      expect(screen.queryByText(/Test connection|Add a console|Connections/)).toBeNull()
    }
  )
})
