import { beforeAll, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import BadgesScreen from '../../../src/renderer/src/screens/BadgesScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import type { BadgeSettings, PrinterInfo } from '../../../src/shared/badges/schemas'
import { scriptedBridge } from '../../support/fake-bridge'

/**
 * Badges' print history and printer choice: an attempt never printed is offered as "Try again", each
 * button names its visitor, choosing one says what was loaded and puts the focus on Print badge; a
 * first printer added (main makes it the badge printer) is the one both printer choices show, and a
 * printer main prints to itself offers no "without the dialog" box, since it has no dialog.
 */
const now = () => Math.floor(Date.now() / 1000)
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const visitorOf = (id: string, first: string, last: string): Visitor => ({
  id,
  first_name: first,
  last_name: last,
  status: 'UPCOMING',
  visitor_company: 'Acme',
  start_time: now() - 3600,
  end_time: now() + 3600,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  // A visit that opens a door: one that opens none is asked about first (badges-no-doors.test.ts).
  resources: [{ id: 'd1', name: 'Lobby', type: 'door' }],
  license_plates: []
})
const rosa = visitorOf('v1', 'Rosa', 'Jensen')
const ivo = visitorOf('v2', 'Ivo', 'Brandt')
const LOBBY = 'ipp://192.168.1.40/ipp/print'

const entryOf = (v: Visitor, id: string, extra: object) => ({
  id,
  visitorId: v.id,
  name: `${v.first_name} ${v.last_name}`,
  company: 'Acme',
  host: '',
  validFrom: v.start_time,
  validTo: v.end_time,
  stock: 'dk-11202',
  printedAt: new Date().toISOString(),
  ...extra
})

/** Main as the screen sees it: settings, history, printers (an add makes the first one the badge printer). */
function main() {
  const state = {
    settings: { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false } as BadgeSettings,
    printers: [] as PrinterInfo[],
    history: [
      entryOf(ivo, 'h2', {
        output: 'printer',
        printer: 'Lobby',
        failed: { reason: 'The printer “Lobby” is out of labels. No badge was printed.' }
      }),
      entryOf(rosa, 'h1', { output: 'printer', printer: 'Lobby', jobId: 4 })
    ] as Record<string, unknown>[]
  }
  const { bridge } = scriptedBridge({
    'visitors.qrState': () => ({ ok: true, result: { assigned: true, pngBase64: PNG } }),
    'visitors.get': (input) => ({ ok: true, result: (input as { id: string }).id === ivo.id ? ivo : rosa }),
    'badges.settings': () => ({ ok: true, result: state.settings }),
    'badges.saveSettings': (input) => ((state.settings = input as BadgeSettings), { ok: true, result: state.settings }),
    'badges.record': (input) => {
      const entry = entryOf((input as { job: { visitorId: string } }).job.visitorId === ivo.id ? ivo : rosa, 'h3', {
        ...(input as object),
        output: 'browser-print'
      })
      state.history.unshift(entry)
      return { ok: true, result: entry }
    },
    // A copy, as main's answer is: the screen holds the array it was given.
    'badges.history': () => ({ ok: true, result: { items: [...state.history] } }),
    'badges.printers': () => ({ ok: true, result: { available: state.printers.length > 0, items: state.printers } }),
    'badges.printerStatus': () => ({ ok: true, result: { state: 'idle', reasons: [], words: 'Ready' } }),
    'badges.probePrinter': (input) => ({
      ok: true,
      result: { url: (input as { url: string }).url, certificate: null }
    }),
    'badges.addPrinter': (input) => {
      const { url, name } = input as { url: string; name: string }
      const printer: PrinterInfo = { name: url, displayName: name, isDefault: false, kind: 'ipp' }
      state.printers.push(printer)
      // Main: the first printer added becomes the badge printer (BadgeService.addPrinter).
      if (!state.settings.printer) state.settings = { ...state.settings, printer: url }
      return { ok: true, result: { printer, status: { state: 'idle', reasons: [], words: 'Ready' } } }
    },
    'app.info': () => ({ ok: true, result: { name: 'Access Desk', version: '0', transport: 'web' } })
  })
  setApiForTests(bridge)
  return state
}

const announced = () => screen.getByTestId('action-announcer')

describe('Badges: the print history and the printer chosen', () => {
  beforeAll(() => {
    URL.createObjectURL ??= () => 'blob:qr'
    URL.revokeObjectURL ??= () => undefined
    window.print = () => undefined
  })

  it('a badge never printed is tried again (not a reprint); every button names its visitor; said, focus on Print', async () => {
    const state = main()
    badgeDesk.visitorId = null
    badgeDesk.reprintOf = null
    render(ActionAnnouncer)
    render(BadgesScreen)

    const history = await screen.findByTestId('badge-history')
    const retry = within(history).getByRole('button', { name: 'Try again Ivo Brandt’s badge…' })
    expect(within(history).getByRole('button', { name: 'Reprint Rosa Jensen’s badge…' })).toBeInTheDocument()
    expect(within(history).queryByRole('button', { name: /^Reprint Ivo/ })).toBeNull()

    retry.focus()
    await fireEvent.click(retry)
    await waitFor(() => expect(announced()).toHaveTextContent('Ivo Brandt’s badge is shown, to print again'))
    const print = screen.getByRole('button', { name: 'Print badge' })
    await waitFor(() => expect(document.activeElement).toBe(print))
    expect(screen.getByTestId('badge-retry')).toHaveTextContent('Printing again: the last attempt was not printed.')
    expect(screen.queryByText('Reprint of an earlier badge.')).toBeNull()
    // Printed now: a first print, recorded with no earlier badge.
    await fireEvent.click(print)
    await waitFor(() => expect(state.history).toHaveLength(3))
    expect(state.history[0]).toMatchObject({ visitorId: ivo.id })
    expect(state.history[0]!['reprintOf']).toBeUndefined()
    // Handed to the browser's print dialog: the history cannot say it was printed; a printer is named.
    const rows = () => within(screen.getByTestId('badge-history')).getAllByRole('row')
    await waitFor(() => expect(rows()).toHaveLength(4))
    expect(rows()[1]).toHaveTextContent('Sent to the print dialog')
    expect(rows()[1]).not.toHaveTextContent(/printed|browser print/i)
    expect(rows()[3]).toHaveTextContent('Lobby')

    const reprint = within(screen.getByTestId('badge-history')).getByRole('button', {
      name: 'Reprint Rosa Jensen’s badge…'
    })
    reprint.focus()
    await fireEvent.click(reprint)
    await waitFor(() => expect(announced()).toHaveTextContent('Rosa Jensen’s badge is shown, to reprint.'))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Print badge' })))
    expect(screen.getByText('Reprint of an earlier badge.')).toBeInTheDocument()
    expect(screen.queryByTestId('badge-retry')).toBeNull()
  })

  it('the first printer added is the one both choices show; a printer main prints to offers no dialog box', async () => {
    main()
    badgeDesk.visitorId = null
    badgeDesk.reprintOf = null
    render(ActionAnnouncer)
    render(BadgesScreen)

    await fireEvent.input(await screen.findByLabelText('Printer address'), { target: { value: LOBBY } })
    await fireEvent.input(screen.getByLabelText('Name (optional)'), { target: { value: 'Lobby' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Add printer' }))

    await waitFor(() => expect(screen.getByLabelText('Printer')).toHaveValue(LOBBY))
    await waitFor(() => expect(screen.getByLabelText('Badge printer')).toHaveValue(LOBBY))
    expect(screen.queryByLabelText(/without the print dialog/)).toBeNull()
    expect(screen.getByTestId('badge-printer-direct')).toHaveTextContent(
      'The app prints to this printer itself, with no print dialog: on Badges and at the kiosk.'
    )
    expect(screen.queryByTestId('print-transport')).toBeNull()
  })
})
