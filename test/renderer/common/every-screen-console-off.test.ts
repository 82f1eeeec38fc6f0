import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import BadgesScreen from '../../../src/renderer/src/screens/BadgesScreen.svelte'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import { visitorFixture } from '../../support/visitor-fixture'
import { passOf } from '../touch-passes/pass-fixture'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { screens } from '../../../src/renderer/src/stores/router.svelte'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import { loadScreen } from '../../../src/renderer/src/screens/screen-modules.svelte'
import type { Envelope } from '../../../src/shared/ipc/define'
import { eventBridge, ok } from '../enroll/event-bridge'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { envelopedTodayView } from '../../support/today-window'
import { row, viewOf } from '../today/today-bridge'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { windowed } from '../import/batch-windows'
import type { BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'

/**
 * The one rule (lib/console-off) over every screen of the registry (stores/router `screens`): while
 * the console cannot be used, every button that writes to it — marked `data-writes` by the one helper
 * that makes such a button (components/common/SendButton, a write unless it says `writes={false}`) —
 * is off, with the reason "Not available while the console cannot be used: …" read with it
 * (aria-describedby to words on the page). No names here: a button is held by what it declares.
 */
const consoleReason = /console cannot be used/

/** Every write button within `root`: each off, its reason read with it (a message per offender). */
function writesOnWithoutReason(root: ParentNode): string[] {
  return [...root.querySelectorAll<HTMLButtonElement>('button[data-writes]')].flatMap((b) => {
    const name = b.getAttribute('aria-label') ?? b.textContent?.trim() ?? ''
    const off = b.disabled || b.getAttribute('aria-disabled') === 'true'
    const said = (b.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
    if (!off) return [`${name}: on`]
    if (!consoleReason.test(said)) return [`${name}: off, but read with "${said}"`]
    return []
  })
}

const reach = (state: string, checkedAt: number) => ({
  profileId: 'site',
  state,
  checkedAt,
  message: 'The console answered with an error (HTTP 500).'
})

let stopListening: (() => void) | undefined
let emitReach: ((event: 'connections.reach', payload: never) => void) | undefined

afterEach(() => {
  emitReach?.('connections.reach', reach('reachable', 99) as never)
  stopListening?.()
  cleanup()
  visitors.reset()
  touchPasses.reset()
})

describe('every screen turns its console actions off, with the reason, while the console cannot be used', () => {
  it.each(screens.map((s) => s.id))('%s', async (id) => {
    // Every call fails as the demo console's 500 to everything, but the connection's own state.
    const failed: Envelope = {
      ok: false,
      error: { kind: 'server', message: 'The console answered with an error (HTTP 500).', retryable: true }
    }
    const answers = new Proxy(
      {
        'connections.list': () => ok({ profiles: [], activeId: 'site' }),
        'connections.reach': () => ok(reach('trouble', 2))
      } as Record<string, () => Envelope>,
      { get: (target, channel: string) => target[channel] ?? (() => failed) }
    )
    const { bridge, emit } = eventBridge(answers as never)
    setApiForTests(bridge)
    emitReach = emit as never
    stopListening = connection.listen()
    await connection.load()
    emit('connections.reach', reach('trouble', 2) as never)
    const Screen = await loadScreen(id)
    render(Screen)
    await new Promise((r) => setTimeout(r, 300))
    expect(writesOnWithoutReason(document.body), `${id}: writes on, or off without the reason`).toEqual([])
    // PINs' Generate PIN (on every PINs screen at first): found by its mark, as every write.
    if (id === 'pins') expect(screen.getByRole('button', { name: 'Generate PIN' })).toHaveAttribute('data-writes')
  })
})

/**
 * The detail panels' writes, by the same rule: a record shown while the console answered, then the
 * console fails every call (the sidebar: Answering with errors). Every write of the panel is off, and
 * the reason is read with it.
 */
describe('the detail panels turn their writes off, with the reason, while the console cannot be used', () => {
  async function upThenDown(answers: Record<string, () => Envelope>, open: () => Promise<HTMLElement>) {
    const { bridge, emit } = eventBridge({
      ...answers,
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok(reach('reachable', 1))
    } as never)
    setApiForTests(bridge)
    emitReach = emit as never
    stopListening = connection.listen()
    await connection.load()
    const details = await open()
    emit('connections.reach', reach('trouble', 2) as never)
    return details
  }

  /** The panel shows writes (found by their mark), and every write on the page is off with the reason. */
  const expectOff = async (details: HTMLElement, atLeast: number) => {
    expect(details.querySelectorAll('button[data-writes]').length).toBeGreaterThanOrEqual(atLeast)
    await waitFor(() => expect(writesOnWithoutReason(document.body)).toEqual([]))
  }

  it("Visitors: Edit…, Cancel visit…, Delete… and the visitor's credentials", async () => {
    const rosa = { ...visitorFixture('v1', 'Rosa', 'Jensen'), nfc_cards: [{ id: '0042', token: 't1' }] }
    const details = await upThenDown(
      {
        'visitors.list': () => ok({ items: [rosa], total: 1 }),
        'visitors.get': () => ok(rosa),
        'visitors.capabilities': () => ok({ canEdit: true }),
        'visitors.qrState': () => ok({ assigned: false, pngBase64: null }),
        'sites.topology': () => ok({ groups: [] })
      },
      async () => {
        render(VisitorsScreen)
        const table = await screen.findByTestId('visitors-table')
        await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
        return screen.findByTestId('visitor-details')
      }
    )
    // Edit…, Cancel visit…, Delete…; and the credentials beside the details (a card's Take back, Assign QR
    // code, Pick a card, Enroll a card…).
    await expectOff(details, 3)
    await expectOff(screen.getByTestId('visitor-credentials'), 4)
  })

  it("Today: a visit under way's End visit…", async () => {
    // Begun an hour ago, ending in an hour: End visit… is offered on its row.
    const now = Math.floor(Date.now() / 1000)
    const rosa = row({ id: 'v1', name: 'Rosa Jensen', start: now - 3600, end: now + 3600 })
    const list = () => ok(viewOf([rosa]))
    const details = await upThenDown(
      {
        'today.list': list,
        // The screen asks windows of the list, as main answers them (test/support/today-window).
        'today.view': envelopedTodayView(list) as never,
        'today.watch': () => ok({ kind: 'notifications', visitorEvents: true, backstopSeconds: 60 }),
        'today.unwatch': () => ok({ stopped: true }),
        'today.settings': () => ok({ walkInDoors: [] }),
        'today.capabilities': () => ok({ missing: [] }),
        'kiosk.checkins': () => ok({ items: [] })
      },
      async () => {
        render(TodayScreen)
        await screen.findByTestId('today-end-visit', {}, { timeout: 10_000 })
        return screen.getByTestId('today-end-visit').closest('tr')!
      }
    )
    // The row's End visit… (it leads to the end time's write) is marked, as every write, and off with the
    // reason; the name (it opens the visitor, a read) is not a write and stays on.
    expect(within(details).getByTestId('today-end-visit')).toHaveAttribute('data-writes')
    expect(within(details).getByRole('button', { name: 'Rosa Jensen' })).not.toHaveAttribute('data-writes')
    await expectOff(details, 1)
  })

  it("Touch Passes: the pass's status change and Take back", async () => {
    const watch = {
      bundle_id: 'b1',
      bundle_status: 'ACTIVE',
      device_id: 'd1',
      device_name: "Ada's Pixel Watch",
      device_type: 20,
      source: 'google'
    }
    const held = { ...passOf('1', 'ACTIVE', 'Ada phone'), user_id: 'u1', user_name: 'Ada Ng', bundles: [watch] }
    const details = await upThenDown(
      {
        'touchPasses.list': () => ok({ items: [held], total: 1 }),
        'touchPasses.get': () => ok(held),
        'touchPasses.capabilities': () => ok({ canEdit: true, canAssign: true })
      },
      async () => {
        touchPasses.status = ''
        render(TouchPassesScreen)
        await screen.findByTestId('passes-table')
        await fireEvent.click(screen.getByRole('button', { name: held.card_id }))
        return screen.findByTestId('pass-details')
      }
    )
    // Rename, Suspend, Take back…, and a device's Remove device….
    await expectOff(details, 4)
  })

  /**
   * Import: an open batch's Upload, Retry failed and "Check with the console" (a check reads, but it needs
   * the console answering as an upload does). It stayed on beside the sidebar's "Answering with errors".
   */
  it('Import: Upload, Retry failed and Check with the console of an open batch', async () => {
    const counts = { total: 3, pending: 1, imported: 0, failed: 1, unknown: 1 }
    const lobby: BatchSummary = {
      id: 'b1',
      name: 'Lobby',
      aliasPattern: null,
      byteOrder: 'as-read',
      nextNumber: 1,
      createdAt: '',
      updatedAt: '',
      state: 'partly-imported',
      console: null,
      counts
    }
    const rows = (['pending', 'failed', 'unknown'] as const).map((status, i): BatchRow => ({
      id: `r${i}`,
      nfcId: `04A23B1${i}`,
      alias: `Desk ${i}`,
      addedAt: '',
      source: 'scan',
      status
    }))
    const details = await upThenDown(
      windowed({
        'batches.list': () => ok({ batches: [lobby], unreadable: [] }),
        'batches.get': () => ok({ ...lobby, rows }),
        'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] })
      }),
      async () => {
        render(ImportScreen)
        const panel = await screen.findByTestId('upload-panel', {}, { timeout: 10_000 })
        await within(panel).findByRole('button', { name: /^Check 1 row/ })
        return panel
      }
    )
    await expectOff(details, 3)
    expect(within(details).getByRole('button', { name: /^Check 1 row/ })).toBeDisabled()
  })

  /**
   * Badges: a badge whose QR code was read is made on the desk alone, so Print badge stays on while the
   * console cannot be used; a first badge assigns the QR code on the console, so it is then a write, off
   * with the reason (it was off with no reason read with it).
   */
  for (const qr of [false, true]) {
    it(`Badges: Print badge of a visitor ${qr ? 'whose QR code was read: on' : 'with no QR code yet: off, with the reason'}`, async () => {
      URL.createObjectURL ??= () => 'blob:qr'
      URL.revokeObjectURL ??= () => undefined
      const rosa = visitorFixture('v1', 'Rosa', 'Jensen')
      const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
      const settings = { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false }
      const details = await upThenDown(
        {
          'visitors.get': () => ok(rosa),
          'visitors.list': () => ok({ items: [rosa], total: 1 }),
          'visitors.qrState': () => ok(qr ? { assigned: true, pngBase64: PNG } : { assigned: false, pngBase64: null }),
          'today.capabilities': () => ok({ missing: [] }),
          'badges.settings': () => ok(settings),
          'badges.history': () => ok({ items: [] }),
          'badges.printers': () => ok({ available: false, items: [] }),
          'app.info': () => ok({ name: 'Access Desk', version: '0', transport: 'web' })
        },
        async () => {
          badgeDesk.visitorId = 'v1'
          render(BadgesScreen)
          await screen.findByTestId('badge-preview', {}, { timeout: 10_000 })
          return document.body
        }
      )
      const print = screen.getByRole('button', { name: 'Print badge' })
      if (qr) {
        await new Promise((r) => setTimeout(r, 300))
        expect(print).not.toHaveAttribute('data-writes')
        expect(print).toHaveAttribute('aria-disabled', 'false')
      } else {
        await waitFor(() => expect(print).toHaveAttribute('data-writes'))
        await expectOff(details, 2)
      }
      badgeDesk.visitorId = null
    })
  }
})

/**
 * While Access Desk's own service is down (web mode), every send is off for that one reason, said once
 * (SendButton's, or the one note it points at): a write's "Not available while the console cannot be
 * used: Access Desk's service is not answering" beside it said the same thing twice on every write.
 */
describe('while the service is down, each write button is read with the service reason once', () => {
  /** Every write button within `root` read with anything but the service's one reason. */
  function saidTwice(root: ParentNode): string[] {
    return [...root.querySelectorAll<HTMLButtonElement>('button[data-writes]')].flatMap((b) => {
      const name = b.getAttribute('aria-label') ?? b.textContent?.trim() ?? ''
      const said = (b.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
      const times = said.split('service is not answering').length - 1
      if (b.getAttribute('aria-disabled') !== 'true') return [`${name}: on`]
      if (consoleReason.test(said) || times !== 1) return [`${name}: read with "${said}"`]
      return []
    })
  }

  afterEach(() => serviceLink.take('connected'))

  it.each(screens.map((s) => s.id))('%s', async (id) => {
    const { bridge, emit } = eventBridge(
      new Proxy(
        {
          'connections.list': () => ok({ profiles: [], activeId: 'site' }),
          'connections.reach': () => ok(reach('reachable', 1))
        } as Record<string, () => Envelope>,
        {
          get: (target, channel: string) =>
            target[channel] ?? (() => ({ ok: false, error: { kind: 'server', message: 'HTTP 500', retryable: true } }))
        }
      ) as never
    )
    setApiForTests(bridge)
    emitReach = emit as never
    stopListening = connection.listen()
    await connection.load()
    const Screen = await loadScreen(id)
    render(Screen)
    await new Promise((r) => setTimeout(r, 300))
    serviceLink.take('lost')
    await new Promise((r) => setTimeout(r, 50))
    expect(saidTwice(document.body), `${id}: a write said other than by the service's one reason`).toEqual([])
  })

  it("Visitors: a visitor's Edit…, Cancel visit…, Delete… and credentials", async () => {
    const rosa = { ...visitorFixture('v1', 'Rosa', 'Jensen'), nfc_cards: [{ id: '0042', token: 't1' }] }
    const { bridge, emit } = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok(reach('reachable', 1)),
      'visitors.list': () => ok({ items: [rosa], total: 1 }),
      'visitors.get': () => ok(rosa),
      'visitors.capabilities': () => ok({ canEdit: true }),
      'visitors.qrState': () => ok({ assigned: false, pngBase64: null }),
      'sites.topology': () => ok({ groups: [] })
    } as never)
    setApiForTests(bridge)
    emitReach = emit as never
    stopListening = connection.listen()
    await connection.load()
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
    const details = await screen.findByTestId('visitor-details')
    serviceLink.take('lost')
    await waitFor(() => expect(details.querySelectorAll('button[data-writes]').length).toBeGreaterThanOrEqual(3))
    await waitFor(() => expect(saidTwice(document.body), 'Visitors details').toEqual([]))
  })

  it("Touch Passes: the pass's Rename, Suspend and Take back point at one note, not the sentence under each", async () => {
    const held = { ...passOf('1', 'ACTIVE', 'Ada phone'), user_id: 'u1', user_name: 'Ada Ng' }
    const { bridge, emit } = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok(reach('reachable', 1)),
      'touchPasses.list': () => ok({ items: [held], total: 1 }),
      'touchPasses.get': () => ok(held),
      'touchPasses.capabilities': () => ok({ canEdit: true, canAssign: true })
    } as never)
    setApiForTests(bridge)
    emitReach = emit as never
    stopListening = connection.listen()
    await connection.load()
    touchPasses.status = ''
    render(TouchPassesScreen)
    await screen.findByTestId('passes-table')
    await fireEvent.click(screen.getByRole('button', { name: held.card_id }))
    const details = await screen.findByTestId('pass-details')
    serviceLink.take('lost')
    await waitFor(() => expect(saidTwice(details)).toEqual([]))
    expect(details.querySelectorAll('button[data-writes]').length).toBeGreaterThanOrEqual(3)
    expect(details.textContent?.split('service is not answering').length).toBe(2)
  })
})
