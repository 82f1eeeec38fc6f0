import '@testing-library/jest-dom/vitest'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import BadgesScreen from '../../../src/renderer/src/screens/BadgesScreen.svelte'
import VisitorCredentials from '../../../src/renderer/src/components/visitors/VisitorCredentials.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import type { Visitor, VisitorStatus } from '../../../src/shared/access/visitors'
import type { BadgeHistoryEntry } from '../../../src/shared/badges/schemas'
import { scriptedBridge } from '../../support/fake-bridge'

const now = () => Math.floor(Date.now() / 1000)
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

function visitor(status: VisitorStatus, end = now() + 3600): Visitor {
  return {
    id: 'v1',
    first_name: 'Rosa',
    last_name: 'Jensen',
    status,
    visitor_company: 'Acme',
    start_time: now() - 7200,
    end_time: end,
    nfc_cards: [],
    pin_code: null,
    schedule: null,
    // A visit that opens a door: one that opens none is asked about first (badges-no-doors.test.ts).
    resources: [{ id: 'd1', name: 'Lobby', type: 'door' }],
    license_plates: []
  }
}

function script(
  v: Visitor,
  hasQr = true,
  read: () => Promise<Visitor> = async () => v,
  history: BadgeHistoryEntry[] = [],
  /** Main's answer to the QR assignment (`readBack`: its answer was lost and main read the code back). */
  assigned: { assigned: true; readBack?: true } = { assigned: true }
) {
  return scriptedBridge({
    'visitors.qrState': () => ({
      ok: true,
      result: hasQr ? { assigned: true, pngBase64: PNG } : { assigned: false, pngBase64: null }
    }),
    'badges.record': (input) => ({
      ok: true,
      result: {
        ...(input as { job: object }).job,
        id: 'h1',
        printedAt: new Date().toISOString(),
        output: 'browser-print'
      }
    }),
    'badges.settings': () => ({
      ok: true,
      result: { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false }
    }),
    'badges.history': () => ({ ok: true, result: { items: history } }),
    'badges.printers': () => ({ ok: true, result: { available: false, items: [] } }),
    'app.info': () => ({ ok: true, result: { name: 'Access Desk', version: '0', transport: 'web' } }),
    'visitors.get': async () => ({ ok: true, result: await read() }),
    'visitors.qrCode': () => ({ ok: true, result: { pngBase64: PNG, bytes: 70 } }),
    'visitors.assignQr': () => ({ ok: true, result: assigned })
  })
}

describe('badges for visits that are over; QR feedback', () => {
  beforeAll(() => {
    URL.createObjectURL ??= () => 'blob:qr'
    URL.revokeObjectURL ??= () => undefined
  })
  beforeEach(() => {
    badgeDesk.visitorId = null
  })

  it('refuses the badge of a cancelled visit, without assigning a QR code', async () => {
    const { bridge, calls } = script(visitor('CANCELLED'))
    setApiForTests(bridge)
    badgeDesk.makeBadgeFor('v1')
    render(BadgesScreen)
    expect(await screen.findByTestId('badge-refused')).toHaveTextContent('was cancelled')
    expect(screen.getByLabelText('Visitor')).toHaveValue('Rosa Jensen')
    expect(screen.getByRole('button', { name: 'Print badge' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Save as PDF' })).toBeDisabled()
    expect(screen.queryByTestId('badge-preview')).toBeNull()
    expect(calls.map((c) => c[0])).not.toContain('visitors.qrCode')
  })

  it('makes the badge of an ended visit only after a deliberate choice', async () => {
    const { bridge, calls } = script(visitor('ACTIVE', now() - 3 * 86400))
    setApiForTests(bridge)
    badgeDesk.makeBadgeFor('v1')
    render(BadgesScreen)
    const warning = await screen.findByTestId('badge-ended')
    expect(warning).toHaveTextContent('has ended')
    expect(screen.getByRole('button', { name: 'Print badge' })).toBeDisabled()
    expect(calls.map((c) => c[0])).not.toContain('visitors.qrCode')
    const box = screen.getByRole('checkbox', { name: /Make the badge anyway/ })
    box.focus()
    await fireEvent.click(box)
    await screen.findByTestId('badge-preview')
    expect(screen.getByRole('button', { name: 'Print badge' })).toBeEnabled()
    expect(calls.map((c) => c[0])).toContain('visitors.qrState')
    // The box ticked is redrawn beside the badge: the focus follows it (never to the title or the body).
    const shown = screen.getByRole('checkbox', { name: /Make the badge anyway \(the visit has ended/ })
    await waitFor(() => expect(shown).toHaveFocus())
    expect(shown).toBeChecked()
    // Unticked there, the warning's own box takes it back.
    await fireEvent.click(shown)
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Make the badge anyway/ })).toHaveFocus())
  })

  it('an ended visit opened from another screen says why it cannot print; the focus goes to the choice', async () => {
    announcer.message = ''
    const { bridge } = script(visitor('ACTIVE', now() - 3 * 86400))
    setApiForTests(bridge)
    badgeDesk.makeBadgeFor('v1')
    render(BadgesScreen)
    await screen.findByTestId('badge-ended')
    await waitFor(() =>
      expect(announcer.message).toMatch(/The visit of Rosa Jensen has ended .*A badge would open no door/)
    )
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Make the badge anyway/ })).toHaveFocus())
  })

  it('a cancelled visit opened from another screen says why; the focus goes to the Visitor field', async () => {
    announcer.message = ''
    const { bridge } = script(visitor('CANCELLED'))
    setApiForTests(bridge)
    badgeDesk.makeBadgeFor('v1')
    render(BadgesScreen)
    await screen.findByTestId('badge-refused')
    await waitFor(() => expect(announcer.message).toMatch(/No badge: the visit of Rosa Jensen was cancelled/))
    await waitFor(() => expect(screen.getByLabelText('Visitor')).toHaveFocus())
  })

  it('shows the visitor previewed in the Visitor field', async () => {
    const { bridge } = script(visitor('ACTIVE'))
    setApiForTests(bridge)
    badgeDesk.makeBadgeFor('v1')
    render(BadgesScreen)
    await screen.findByTestId('badge-preview')
    expect(screen.getByLabelText('Visitor')).toHaveValue('Rosa Jensen')
  })

  // The walk: after P or "Print X's badge…" on Today (or Make a badge on Visitors) the focus sat on
  // Badges' title; the next step is Print.
  it('a badge asked for from another screen puts the focus on Print badge once it is shown', async () => {
    const { bridge } = script(visitor('ACTIVE'))
    setApiForTests(bridge)
    badgeDesk.makeBadgeFor('v1')
    render(BadgesScreen)
    // Where the screen change leaves it: the screen's title (App.svelte).
    const title = screen.getByRole('heading', { level: 1 })
    title.setAttribute('tabindex', '-1')
    title.focus()
    await screen.findByTestId('badge-preview')
    const print = screen.getByRole('button', { name: 'Print badge' })
    await waitFor(() => expect(print).toBeEnabled())
    await waitFor(() => expect(document.activeElement).toBe(print))
  })

  it('a badge asked for from Today with the focus left on <main>: the focus goes to Print badge', async () => {
    const { bridge } = script(visitor('ACTIVE'))
    setApiForTests(bridge)
    badgeDesk.makeBadgeFor('v1')
    // Today's button went with its screen: the focus is on the app's <main>.
    const main = document.createElement('main')
    main.tabIndex = -1
    document.body.append(main)
    main.focus()
    render(BadgesScreen, { target: main })
    await screen.findByTestId('badge-preview')
    const print = screen.getByRole('button', { name: 'Print badge' })
    await waitFor(() => expect(print).toBeEnabled())
    await waitFor(() => expect(document.activeElement).toBe(print))
    main.remove()
  })

  it("every column of the print history has a name (the buttons' column too)", async () => {
    const entry: BadgeHistoryEntry = {
      id: 'h1',
      visitorId: 'v1',
      name: 'Rosa Jensen',
      company: 'Acme',
      host: '',
      validFrom: now(),
      validTo: now() + 3600,
      stock: 'dk-11202',
      printedAt: new Date().toISOString(),
      output: 'pdf'
    }
    const { bridge } = script(visitor('ACTIVE'), true, undefined, [entry])
    setApiForTests(bridge)
    render(BadgesScreen)
    const table = await screen.findByTestId('badge-history')
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.length).toBe(5)
    for (const header of headers) expect(header.textContent?.trim()).not.toBe('')
  })

  it('keeps what the person typed in the Visitor field while the chosen visitor is still being read', async () => {
    let answer: (v: Visitor) => void = () => undefined
    const slow = new Promise<Visitor>((resolve) => (answer = resolve))
    const { bridge } = script(visitor('ACTIVE'), true, () => slow)
    setApiForTests(bridge)
    badgeDesk.makeBadgeFor('v1')
    render(BadgesScreen)
    const field = screen.getByLabelText('Visitor')
    await fireEvent.input(field, { target: { value: 'holmgaard rosa' } })
    answer(visitor('ACTIVE'))
    await screen.findByTestId('badge-preview')
    expect(field).toHaveValue('holmgaard rosa')
  })

  it('"Assign QR code" says it is assigned and shows the code', async () => {
    const { bridge, calls } = script(visitor('ACTIVE'), false)
    setApiForTests(bridge)
    render(VisitorCredentials, { visitor: visitor('ACTIVE'), onchanged: () => undefined })
    expect(await screen.findByTestId('qr-state')).toHaveTextContent('No QR code yet')
    await fireEvent.click(screen.getByRole('button', { name: 'Assign QR code' }))
    expect(await screen.findByTestId('qr-assigned')).toHaveTextContent('QR code assigned to Rosa Jensen')
    expect(screen.getByTestId('visitor-qr')).toHaveAttribute('alt', 'QR code of Rosa Jensen')
    expect(calls.map((c) => c[0])).toEqual(['visitors.qrState', 'visitors.assignQr', 'visitors.qrCode'])
  })

  it('a cancelled visitor gets no new credential and no badge from the credentials panel', async () => {
    const { bridge } = script(visitor('CANCELLED'))
    setApiForTests(bridge)
    render(VisitorCredentials, { visitor: visitor('CANCELLED'), onchanged: () => undefined })
    expect(screen.getByTestId('cancelled-credentials')).toHaveTextContent('as the console keeps them')
    for (const name of ['Generate and assign PIN', 'Assign QR code', 'Make a badge…', 'Pick a card…'])
      expect(screen.getByRole('button', { name })).toBeDisabled()
  })

  it('previewing a visitor without a QR code writes nothing; printing assigns it and says so', async () => {
    const { bridge, calls } = script(visitor('ACTIVE'), false)
    setApiForTests(bridge)
    window.print = vi.fn()
    badgeDesk.makeBadgeFor('v1')
    render(BadgesScreen)
    await screen.findByTestId('badge-preview')
    expect(screen.getByTestId('badge-qr-pending')).toHaveTextContent(
      'one is assigned when the badge is printed or saved'
    )
    expect(screen.getAllByTestId('badge-qr-placeholder')[0]).toHaveTextContent('assigned when the badge is printed')
    const names = () => calls.map((c) => c[0])
    expect(names()).not.toContain('visitors.assignQr')
    expect(names()).not.toContain('visitors.qrCode')
    await fireEvent.click(screen.getByRole('button', { name: 'Print badge' }))
    expect(await screen.findByTestId('badge-done')).toHaveTextContent('QR code assigned to Rosa Jensen.')
    expect(names().filter((n) => n === 'visitors.assignQr')).toHaveLength(1)
    expect(names().indexOf('visitors.assignQr')).toBeLessThan(names().indexOf('badges.record'))
    expect(screen.queryByTestId('badge-qr-pending')).toBeNull()
  })

  it('a QR code whose answer was lost: Badges says so and what main read back', async () => {
    // Main read the console back after the answer to the assignment was lost: the code is there.
    const { bridge } = script(visitor('ACTIVE'), false, undefined, [], { assigned: true, readBack: true })
    setApiForTests(bridge)
    window.print = vi.fn()
    badgeDesk.makeBadgeFor('v1')
    render(BadgesScreen)
    await screen.findByTestId('badge-preview')
    await fireEvent.click(screen.getByRole('button', { name: 'Print badge' }))
    expect(await screen.findByTestId('badge-done')).toHaveTextContent(
      "QR code assigned to Rosa Jensen. The console's answer was lost, so this was read back from the console; nothing was sent twice."
    )
  })

  it('Visitors says whether there is a QR code: Download and Revoke only with one, Assign without', async () => {
    const none = script(visitor('ACTIVE'), false)
    setApiForTests(none.bridge)
    const first = render(VisitorCredentials, { visitor: visitor('ACTIVE'), onchanged: () => undefined })
    expect(await screen.findByTestId('qr-state')).toHaveTextContent('No QR code yet')
    expect(screen.getByRole('button', { name: 'Download QR (PNG)' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Revoke QR code…' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Assign QR code' })).toBeEnabled()
    expect(none.calls.map((c) => c[0])).toEqual(['visitors.qrState'])
    first.unmount()

    const held = script(visitor('ACTIVE'), true)
    setApiForTests(held.bridge)
    render(VisitorCredentials, { visitor: visitor('ACTIVE'), onchanged: () => undefined })
    expect(await screen.findByTestId('qr-state')).toHaveTextContent('Rosa Jensen has a QR code')
    expect(screen.getByRole('button', { name: 'Download QR (PNG)' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Revoke QR code…' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Assign QR code' })).toBeNull()
    expect(held.calls.map((c) => c[0])).toEqual(['visitors.qrState'])
  })
})
