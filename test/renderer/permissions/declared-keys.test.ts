import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import EnrollScreen from '../../../src/renderer/src/screens/EnrollScreen.svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { batchHandlers } from '../../../src/main/handlers/batches'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { batchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { todayHandlers } from '../../../src/main/handlers/today'
import { TodayDesk } from '../../../src/main/services/today/today-desk'
import CardDetails from '../../../src/renderer/src/components/cards/CardDetails.svelte'
import { visitOver } from '../../../src/renderer/src/components/visitors/status'
import { getApi, setApiForTests } from '../../../src/renderer/src/lib/api'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { buildApi } from '../../../src/preload/api'
import { touchPassHandlers } from '../../../src/main/handlers/touch-passes'
import { visitorHandlers } from '../../../src/main/handlers/visitors'
import { pinHandlers } from '../../../src/main/handlers/pins'
import { userHandlers } from '../../../src/main/handlers/users'
import { cardHandlers } from '../../../src/main/handlers/cards'
import { enrollHandlers } from '../../../src/main/handlers/enroll'
import { TouchPassService } from '../../../src/main/services/touch-passes/touch-pass-service'
import { VisitorService } from '../../../src/main/services/visitors/visitor-service'
import { PinService } from '../../../src/main/services/pins/pin-service'
import { CardInventory } from '../../../src/main/services/cards/card-inventory'
import { EnrollmentService } from '../../../src/main/services/enrollment/enrollment'
import { missingKeys, probeEditPermission } from '../../../src/main/services/access/permission-probe'
import type { Connections } from '../../../src/main/services/connections/connections'
import { createDispatch, type Dispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'
import { createAccessClient, type AccessClient } from '../../../src/main/services/access/client'
import { probeCertificate } from '../../../src/main/services/access/tls-pinning'
import type { AppServices } from '../../../src/main/services/app-services'
import { actionKeys, keysOf, type Screen } from '../../../src/shared/access/permissions'
import { frontReader } from '../enroll/reader-fixture'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import type { TodayRow } from '../../../src/shared/today/schemas'
import { startDemoConsoleProcess, type DemoConsoleInfo, type Started } from '../../support/processes'
import { tempDir } from '../../support/temp'
import { todayMainOf } from '../../support/today-window'

/**
 * Every screen's actions against the declaration (shared/access/permissions.ts): each action's
 * button is off exactly when the token lacks the key declared for it, and the screen's banner names
 * every key it lacks. The screens talk to main's real handlers over pinned HTTPS to a demo console
 * in its own process, with its view-only token and, as the control, its full token.
 */

const reader = frontReader()
const someCard: NfcCard = {
  token: 'tok-1',
  display_id: '0001',
  status: 'pending',
  alias: '',
  card_type: 'ua_card',
  user_id: '',
  user_type: '',
  user: null
}

const wait = { timeout: 10_000 }

/** One expected visitor of today (the list is not this test's subject; Today's capabilities are main's real ones). */
const now = Math.floor(Date.now() / 1000)
const dayRow: TodayRow = {
  id: 'v1',
  name: 'Ada Walker',
  company: '',
  host: '',
  status: 'ACTIVE',
  group: 'expected',
  start: now - 60,
  end: now + 3600,
  doors: [],
  credentials: { pin: false, cards: 0, qr: false },
  badgePrinted: false,
  badgeQrRevokedAt: null,
  week: null
}

/** Picks the first person the owner search finds whose row says `kind`, in the picker labelled `label`. */
async function pick(label: string, kind: RegExp, term = 'a') {
  await fireEvent.input(screen.getByRole('searchbox', { name: label }), { target: { value: term } })
  const options = await screen.findAllByRole('option', {}, wait)
  const one = options.find((o) => kind.test(o.textContent ?? '') && o.getAttribute('aria-disabled') !== 'true')
  await fireEvent.click(one!)
}

/** Each screen: how it is opened, and the button of each action it declares. */
const screens: {
  [S in Screen]: {
    open: () => Promise<void>
    buttons: Record<keyof (typeof actionKeys)[S], () => Promise<HTMLElement>>
  }
} = {
  touchPasses: {
    open: async () => {
      render(TouchPassesScreen)
      await screen.findByTestId('passes-table', {}, wait)
    },
    buttons: {
      edit: async () => screen.getByRole('button', { name: 'Buy passes…' }),
      assign: async () => screen.getByRole('button', { name: 'Give passes to users…' })
    }
  },
  visitors: {
    open: async () => {
      render(VisitorsScreen)
    },
    buttons: {
      edit: async () => screen.getByRole('button', { name: 'New visitor…' }),
      enrollCard: async () => {
        // A visit that is not over (a cancelled one turns the button off for its own reason), opened.
        const { items } = await getApi().visitors.list({ page: 1, pageSize: 50 })
        const visitor = items.find((v) => !visitOver(v) && v.first_name)!
        const table = await screen.findByTestId('visitors-table', {}, wait)
        const rows = within(table).getAllByRole('button')
        const row = rows.find((b) => b.textContent?.includes(visitor.first_name))!
        await fireEvent.click(row)
        const panel = await screen.findByTestId('visitor-credentials', {}, wait)
        return within(panel).getByRole('button', { name: 'Enroll a new card' })
      }
    }
  },
  pins: {
    open: async () => {
      render(PinsScreen)
      await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
      await screen.findByTestId('generated-pin', {}, wait)
    },
    buttons: {
      generate: async () => screen.getByRole('button', { name: /^Generate (PIN|another)$/ }),
      user: async () => {
        await pick('Find a user or visitor', /@/)
        await screen.findByText(/has no PIN yet|already has a PIN/, {}, wait)
        return screen.getByRole('button', { name: 'Assign PIN' })
      },
      visitor: async () => {
        // A visitor whose visit is not over (a cancelled or ended visit cannot be picked), found by name.
        // (Remove is offered only to someone who holds a PIN; Assign is held to the same key.)
        const { items } = await getApi().visitors.list({ page: 1, pageSize: 50 })
        const visitor = items.find((v) => !visitOver(v) && v.first_name)!
        const another = screen.queryByRole('button', { name: /Choose someone else/ })
        if (another) await fireEvent.click(another)
        await pick('Find a user or visitor', /visitor/, `${visitor.first_name} ${visitor.last_name}`)
        await screen.findByText(/has no PIN yet|already has a PIN/, {}, wait)
        return screen.getByRole('button', { name: 'Assign PIN' })
      }
    }
  },
  cards: {
    open: async () => {
      // The details as the Cards screen gives them: from main's answer to cards.capabilities.
      const caps = await getApi().cards.capabilities()
      render(CardDetails, {
        card: someCard,
        canEdit: caps.canEdit,
        missingPermission: caps.missingPermission,
        canAssign: caps.canAssign ?? true,
        assignMissingPermission: caps.assignMissingPermission,
        onrename: async () => ({ outcome: 'saved', record: someCard }) as never,
        ondelete: () => undefined,
        onassign: async () => undefined,
        onunassign: async () => undefined
      })
    },
    buttons: {
      edit: async () => screen.getByRole('button', { name: 'Delete card…' }),
      assign: async () => screen.getByRole('button', { name: 'Assign to a person…' })
    }
  },
  enroll: {
    open: async () => {
      forgetConsoleData()
      render(EnrollScreen)
    },
    buttons: { start: () => screen.findByRole('button', { name: /^Start/ }, wait) }
  },
  import: {
    open: async () => {
      // A batch with one card not yet sent: its Upload button is the action declared.
      const { id } = await getApi().batches.create({ name: `Floor ${Math.random().toString(36).slice(2, 6)}` })
      await getApi().batches.addScan({ batchId: id, uid: '04A1B2C3D4E5F6', source: 'typed' })
      batchesStore.selectedId = id
      render(ImportScreen)
    },
    buttons: { upload: () => screen.findByRole('button', { name: /^Upload 1 card/ }, wait) }
  },
  today: {
    open: async () => {
      today.reset()
      render(TodayScreen)
      await screen.findByRole('table', {}, wait)
    },
    buttons: {
      walkIn: async () => screen.getByRole('button', { name: /^Add walk-in/ }),
      badge: async () => screen.getByRole('button', { name: `Print badge for ${dayRow.name}` }),
      // The row's visit is under way (begun a minute ago): End visit is offered, and needs the edit key.
      endVisit: async () => screen.getByRole('button', { name: `End visit of ${dayRow.name}` })
    }
  }
}

afterEach(() => cleanup())

describe('every screen turns off exactly the actions whose declared key the token lacks', () => {
  let remote: Started<DemoConsoleInfo>
  let consoleDir: Awaited<ReturnType<typeof tempDir>>
  const clients: AccessClient[] = []

  beforeAll(async () => {
    consoleDir = await tempDir()
    remote = await startDemoConsoleProcess(consoleDir.path)
  }, 30_000)
  afterAll(async () => {
    for (const c of clients) c.close()
    await remote?.stop()
    await consoleDir?.remove()
  })

  /** Main's real handlers for these screens, on a client with `token`. */
  async function mainWith(token: string): Promise<{ client: AccessClient; dispatch: Dispatch }> {
    const { pin } = await probeCertificate(remote.info.url)
    const client = createAccessClient({ baseUrl: remote.info.url, token, pin })
    clients.push(client)
    const get = async () => client
    const services = {
      connections: { client: get },
      touchPasses: new TouchPassService(get),
      visitors: new VisitorService(get),
      pins: new PinService(get),
      cards: new CardInventory({ client: get } as unknown as Connections, () => undefined),
      enrollment: new EnrollmentService({
        client: get,
        emit: () => undefined,
        probe: () => probeEditPermission(client, actionKeys.enroll.start)
      }),
      batches: new BatchService({ dir: join(consoleDir.path, 'batches') }),
      today: new TodayDesk({
        dataDir: consoleDir.path,
        client: get as never,
        target: async () => ({ id: 'demo' }) as never,
        badgeMarks: async () => ({ printed: new Map(), qrRevokedSincePrint: new Map() }),
        emit: () => undefined
      })
    } as unknown as AppServices
    // Today's list and its live source are not this test's subject: one expected visitor, no socket.
    const todayList = async () => ({
      day: 'today',
      dayStart: now - 3600,
      dayEnd: now + 7200,
      rows: [dayRow],
      readAt: Date.now(),
      source: { kind: 'polling' as const, everySeconds: 15, reason: 'test', why: { key: 'closed', code: 1006 } }
    })
    const todayMain = todayMainOf(todayList)
    const dispatch = createDispatch({
      ...touchPassHandlers(services),
      ...visitorHandlers(services),
      ...pinHandlers(services),
      ...userHandlers(services),
      ...cardHandlers(services),
      ...enrollHandlers(services),
      ...todayHandlers(services),
      ...batchHandlers(services),
      'today.list': todayList,
      // The screen's windows of that list, as main cuts them (test/support/today-window.ts).
      'today.view': (input: unknown) => todayMain.view(input),
      'today.watch': async () => ({
        kind: 'polling',
        everySeconds: 15,
        reason: 'test',
        why: { key: 'closed', code: 1006 }
      }),
      'today.unwatch': async () => ({ stopped: true }),
      // Enroll lists the console's readers; the demo console's are not this test's subject.
      'sites.devices': async () => ({ items: [reader] }),
      'sites.doors': async () => ({ items: [] })
    } as unknown as Handlers)
    return { client, dispatch }
  }

  /** Why a button is off: the words under it that describe it (common/OffReason.svelte), or its tooltip. */
  const offReason = (el: HTMLElement) =>
    [
      el.getAttribute('title') ?? '',
      ...(el.getAttribute('aria-describedby')?.split(/\s+/) ?? []).map(
        (id) => document.getElementById(id)?.textContent ?? ''
      )
    ].join(' ')

  for (const token of ['view', 'full'] as const) {
    for (const name of Object.keys(screens) as Screen[]) {
      it(`${name}, ${token} token`, async () => {
        const { client, dispatch } = await mainWith(remote.info.tokens[token])
        // What the token lacks of this screen's keys, as main's probe finds it on the console.
        const lacks = await missingKeys(client, keysOf(name))
        // (The view token holds every view key: Generate PIN's view:credential among them.)
        if (token === 'view') expect(lacks).toEqual(keysOf(name).filter((key) => !key.startsWith('view:')))
        else expect(lacks).toEqual([])
        setApiForTests(
          buildApi(
            (channel, input) => dispatch(channel, input),
            () => () => undefined
          )
        )
        const { open, buttons } = screens[name]
        await open()
        for (const [action, button] of Object.entries(buttons) as [string, () => Promise<HTMLElement>][]) {
          const key = (actionKeys[name] as Record<string, string>)[action]!
          const el = await button()
          const off = lacks.includes(key as never)
          await expect.poll(() => el.hasAttribute('disabled'), { ...wait, message: `${name}.${action}` }).toBe(off)
          if (off) expect(offReason(el), `${name}.${action}`).toContain(key)
        }
        const note = () => screen.queryAllByRole('note').find((n) => /which this token lacks/.test(n.textContent ?? ''))
        if (lacks.length) {
          await expect.poll(() => note()?.textContent ?? '', wait).toContain('which this token lacks')
          for (const key of lacks) expect(note()!.textContent).toContain(key)
          expect(note()!.textContent).not.toMatch(/view-only/i)
        } else expect(note()).toBeUndefined()
      }, 30_000)
    }
  }
})
