import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { row, todayBridge, viewOf } from './today-bridge'

afterEach(() => {
  cleanup()
  today.reset()
  deskLanguage.choose(null)
})

/** Today's words come from the catalogue's area `today`, in the desk's language (issue 36). */
describe('Today in German', () => {
  it('shows its headings, columns, live line, keys and buttons in German, and counts a find by German plurals', async () => {
    deskLanguage.choose('de')
    const view = viewOf([
      row({ id: 'ann', name: 'Ann Berg', credentials: { pin: true, cards: 2, qr: false } }),
      row({ id: 'bo', name: 'Bo Dahl', badgePrinted: true }),
      row({ id: 'cy', name: 'Cy Berg' })
    ])
    const { bridge } = todayBridge({ 'today.list': () => view })
    setApiForTests(bridge)
    render(TodayScreen)

    // The first German catalogue and the formatter load as the app loads them (a chunk each): on a loaded machine, slowly.
    expect(await screen.findByRole('heading', { level: 1, name: 'Heute' }, { timeout: 5000 })).toBeInTheDocument()
    expect(await screen.findByText(/^Live: Benachrichtigungen der Konsole/)).toBeInTheDocument()
    expect(screen.getByTestId('today-read-at')).toHaveTextContent(/^Liste gelesen um /)
    expect(screen.getByRole('button', { name: /Spontanbesucher erfassen…/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Türen für Spontanbesucher ändern…' })).toBeInTheDocument()
    // The keys help: one German sentence, its keys drawn as keys where German puts them.
    const keys = screen.getByText(/^Tasten:/)
    expect(keys).toHaveTextContent('Tasten: ↑/↓ wechseln zwischen Besuchern, Enter oder O öffnet einen')
    expect([...keys.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(['↑', '↓', 'Enter', 'O', 'P', 'W', '/'])

    const ann = (await screen.findByRole('button', { name: 'Ann Berg' })).closest('tr')!
    expect(within(ann).getByText('PIN, 2 Karten')).toBeInTheDocument()
    expect(within(ann).getByText('Nicht gedruckt')).toBeInTheDocument()
    expect(within(ann).getByRole('button', { name: 'Ausweis drucken für Ann Berg' })).toHaveTextContent(
      'Ausweis drucken…'
    )
    const bo = screen.getByRole('button', { name: 'Bo Dahl' }).closest('tr')!
    expect(within(bo).getByRole('button', { name: 'Ausweis nachdrucken für Bo Dahl' })).toBeInTheDocument()
    expect(screen.getAllByRole('columnheader', { name: 'Ansprechpartner' }).length).toBeGreaterThan(0)
    expect(screen.getByText('Bisher ist niemand gegangen.')).toBeInTheDocument()
    // The groups' headings are the visitor states' words in the desk's language (lib/i18n/state-words.svelte.ts).
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/\s*\d+$/, ''))
    expect(headings).toEqual(expect.arrayContaining(['Erwartet', 'Da', 'Gegangen', 'Nicht erschienen', 'Abgesagt']))
    expect(headings).not.toContain('Expected')
    expect(screen.getByRole('heading', { name: 'Anmeldungen am Kiosk' })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Besucher von heute suchen' })).toBeInTheDocument()

    // The find's count: German plurals, one and many.
    const find = screen.getByTestId('today-find')
    await fireEvent.input(find, { target: { value: 'Berg' } })
    // Counted by main (today.view): said once its answer is in.
    await waitFor(() => expect(screen.getByTestId('today-found')).toHaveTextContent(/^2 von 3 Besuchern heute passen$/))
    await fireEvent.input(find, { target: { value: 'Dahl' } })
    await waitFor(() => expect(screen.getByTestId('today-found')).toHaveTextContent(/^1 von 3 Besuchern heute passt$/))
    expect(screen.getAllByText('Niemand in dieser Gruppe passt zu „Dahl“.').length).toBeGreaterThan(0)
  })

  it('says a visitor holding only a QR code has access by QR, not "Keine", and one holding nothing "Keine"', async () => {
    deskLanguage.choose('de')
    const view = viewOf([
      row({
        id: 'qr',
        name: 'Quinn Rask',
        badgePrinted: true,
        doors: [{ name: 'Lobby', group: false }],
        credentials: { pin: false, cards: 0, qr: true }
      }),
      row({ id: 'all', name: 'Ann Berg', credentials: { pin: true, cards: 1, qr: true } }),
      row({ id: 'no', name: 'Bo Dahl', doors: [{ name: 'Lobby', group: false }] })
    ])
    const { bridge } = todayBridge({ 'today.list': () => view })
    setApiForTests(bridge)
    render(TodayScreen)
    expect(await screen.findByRole('heading', { level: 1, name: 'Heute' }, { timeout: 5000 })).toBeInTheDocument()
    const quinn = (await screen.findByRole('button', { name: 'Quinn Rask' })).closest('tr')!
    expect(within(quinn).getByText('QR-Code')).toBeInTheDocument()
    expect(within(quinn).queryByText('Keine')).toBeNull()
    const ann = screen.getByRole('button', { name: 'Ann Berg' }).closest('tr')!
    expect(within(ann).getByText('PIN, 1 Karte, QR-Code')).toBeInTheDocument()
    const bo = screen.getByRole('button', { name: 'Bo Dahl' }).closest('tr')!
    expect(within(bo).getByText('Keine')).toBeInTheDocument()
  })

  it('says a pass that opens later and the kiosk’s refusals in German, times as German writes them (24-hour)', async () => {
    deskLanguage.choose('de')
    // Two hours from now, 5:00 in the morning: a time a 12-hour computer locale writes "5:00 AM".
    const soon = new Date(Date.now() + 2 * 3600_000)
    const early = new Date(Date.now() + 26 * 3600_000)
    early.setHours(5, 0, 0, 0)
    const later = Math.floor(soon.getTime() / 1000)
    const checkin = { id: 'k1', at: new Date().toISOString(), visitorId: 'zoe', name: 'Zoe Aster', company: '' }
    const { bridge } = todayBridge({
      'today.list': () =>
        viewOf([
          row({
            id: 'ann',
            name: 'Ann Berg',
            start: later,
            end: later + 3600,
            doors: [
              { name: 'Lobby', group: true },
              { name: 'Office', group: false }
            ]
          })
        ]),
      'kiosk.checkins': () => ({
        items: [
          {
            ...checkin,
            host: '',
            printed: false,
            offline: false,
            refusal: { reason: 'too-early', startsAt: Math.floor(early.getTime() / 1000) }
          }
        ]
      })
    })
    setApiForTests(bridge)
    render(TodayScreen)

    const ann = (await screen.findByRole('button', { name: 'Ann Berg' }, { timeout: 5000 })).closest('tr')!
    await waitFor(() => expect(ann).toHaveTextContent(/Gültig ab (\S+ )?\d{2}:\d{2}/))
    expect(ann).not.toHaveTextContent(/AM|PM/)
    // A door group the console's admin made is said as a group in German.
    expect(within(ann).getByText('Lobby (Gruppe), Office')).toBeInTheDocument()
    const refusal = await screen.findByTestId('kiosk-refusal')
    expect(refusal).toHaveTextContent(/^An den Empfang verwiesen: Zu früh: Der Besuch beginnt um \S+ 05:00$/)
  })

  it('says the kiosk rows’ print outcome in German: the print dialog, a printer (the outcome is main’s fact, the words the desk’s)', async () => {
    deskLanguage.choose('de')
    const at = new Date().toISOString()
    const entry = { at, company: '', host: '', offline: false, printed: true }
    const { bridge } = todayBridge({
      'today.list': () => viewOf([row({ id: 'ann', name: 'Ann Berg' })]),
      'kiosk.checkins': () => ({
        items: [
          { ...entry, id: 'k1', visitorId: 'zoe', name: 'Zoe Aster', output: 'browser-print' },
          { ...entry, id: 'k2', visitorId: 'yan', name: 'Yan Lee', output: 'printer', printer: 'Empfang-QL' },
          { ...entry, id: 'k3', visitorId: 'xu', name: 'Xu Ming', output: 'printer' }
        ]
      })
    })
    setApiForTests(bridge)
    render(TodayScreen)
    const list = await screen.findByTestId('kiosk-checkins', {}, { timeout: 5000 })
    const rowOf = async (name: string) => (await within(list).findByText(name)).closest('tr')!
    await waitFor(async () => expect(await rowOf('Zoe Aster')).toHaveTextContent('An den Druckdialog gesendet'))
    expect(list).not.toHaveTextContent(/print dialog|Printed/)
    expect(await rowOf('Yan Lee')).toHaveTextContent('Gedruckt auf Empfang-QL')
    expect(await rowOf('Xu Ming')).toHaveTextContent('Gedruckt')
  })

  it('says why a kiosk badge was not printed in German from main’s facts; a row recorded before them as recorded', async () => {
    deskLanguage.choose('de')
    const at = new Date().toISOString()
    const entry = { at, company: '', host: '', offline: false, printed: false }
    const { bridge } = todayBridge({
      'today.list': () => viewOf([row({ id: 'ann', name: 'Ann Berg' })]),
      'kiosk.checkins': () => ({
        items: [
          {
            ...entry,
            id: 'k1',
            visitorId: 'zoe',
            name: 'Zoe Aster',
            printError: 'No printer: the badge was not printed.',
            printFailure: { code: 'KIOSK_NO_PRINTER' }
          },
          {
            ...entry,
            id: 'k2',
            visitorId: 'yan',
            name: 'Yan Lee',
            output: 'browser-print',
            printError: 'The browser did not print the badge.',
            printFailure: { code: 'KIOSK_BROWSER_NOT_PRINTED' }
          },
          { ...entry, id: 'k3', visitorId: 'xu', name: 'Xu Ming', printError: 'Out of labels.' }
        ]
      })
    })
    setApiForTests(bridge)
    render(TodayScreen)
    const list = await screen.findByTestId('kiosk-checkins', {}, { timeout: 5000 })
    const rowOf = async (name: string) => (await within(list).findByText(name)).closest('tr')!
    await waitFor(async () =>
      expect(await rowOf('Zoe Aster')).toHaveTextContent('Kein Drucker: Der Ausweis wurde nicht gedruckt.')
    )
    expect(await rowOf('Yan Lee')).toHaveTextContent('Der Browser hat den Ausweis nicht gedruckt.')
    expect(await rowOf('Xu Ming')).toHaveTextContent('Out of labels.')
    expect(list).not.toHaveTextContent(/No printer|browser did not/)
  })

  it('goes back to English at once when the desk switches back', async () => {
    deskLanguage.choose('de')
    const { bridge } = todayBridge({ 'today.list': () => viewOf([row({ id: 'ann', name: 'Ann Berg' })]) })
    setApiForTests(bridge)
    render(TodayScreen)
    await screen.findByRole('heading', { level: 1, name: 'Heute' })
    deskLanguage.choose('en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Kiosk check-ins' })).toBeInTheDocument()
  })
})
