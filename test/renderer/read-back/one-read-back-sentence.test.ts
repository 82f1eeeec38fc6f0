import '@testing-library/jest-dom/vitest'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import VisitorCredentials from '../../../src/renderer/src/components/visitors/VisitorCredentials.svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import AssignManyDialog from '../../../src/renderer/src/components/touch-passes/AssignManyDialog.svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import BadgesScreen from '../../../src/renderer/src/screens/BadgesScreen.svelte'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { commonWords } from '../../../src/renderer/src/lib/i18n/common-messages.svelte'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { buildApi } from '../../../src/preload/api'
import { visitorHandlers } from '../../../src/main/handlers/visitors'
import { touchPassHandlers } from '../../../src/main/handlers/touch-passes'
import { pinHandlers } from '../../../src/main/handlers/pins'
import { userHandlers } from '../../../src/main/handlers/users'
import { siteHandlers } from '../../../src/main/handlers/sites'
import { VisitorService } from '../../../src/main/services/visitors/visitor-service'
import { TouchPassService } from '../../../src/main/services/touch-passes/touch-pass-service'
import { PinService } from '../../../src/main/services/pins/pin-service'
import { createDispatch, type Dispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'
import { createAccessClient, type AccessClient } from '../../../src/main/services/access/client'
import { probeCertificate } from '../../../src/main/services/access/tls-pinning'
import type { AppServices } from '../../../src/main/services/app-services'
import { afterOutcome } from '../../../src/shared/read-back-words'
import { formatParsed } from '../../../src/shared/i18n/format-parsed'
import { formatLocaleOf } from '../../../src/shared/i18n/locales'
import type { MessageValues } from '../../../src/shared/i18n/translator'
import { control } from '../../unit/access/support'
import { startDemoConsoleProcess, type DemoConsoleInfo, type Started } from '../../support/processes'
import { tempDir } from '../../support/temp'
import commonEn from '../../../src/shared/i18n/messages/common/en.json'
import commonDe from '../../../src/shared/i18n/messages/common/de.json'
import visitorsEn from '../../../src/shared/i18n/messages/visitors/en.json'
import visitorsDe from '../../../src/shared/i18n/messages/visitors/de.json'
import touchPassesEn from '../../../src/shared/i18n/messages/touchPasses/en.json'
import touchPassesDe from '../../../src/shared/i18n/messages/touchPasses/de.json'
import errorsEn from '../../../src/shared/i18n/messages/errors/en.json'
import errorsDe from '../../../src/shared/i18n/messages/errors/de.json'
import badgesEn from '../../../src/shared/i18n/messages/badges/en.json'
import badgesDe from '../../../src/shared/i18n/messages/badges/de.json'
import pinsEn from '../../../src/shared/i18n/messages/pins/en.json'
import pinsDe from '../../../src/shared/i18n/messages/pins/de.json'

/**
 * A write whose console answer was lost and which main read back is said one way on every screen:
 * the action's own outcome, then the common area's one read-back sentence (lib/read-back.ts) — never
 * a screen's own wording of "the answer was lost". Each write that can be read back is done on its
 * screen through main's real handlers, over pinned HTTPS to a demo console in its own process that
 * carries the write out and then cuts the connection (its `afterCommit` fault); the words are checked
 * in English and in German, and the console's state shows the write done once.
 */

const wait = { timeout: 15_000 }
type Lang = 'en' | 'de'
const catalogues = {
  common: { en: commonEn, de: commonDe },
  visitors: { en: visitorsEn, de: visitorsDe },
  touchPasses: { en: touchPassesEn, de: touchPassesDe },
  errors: { en: errorsEn, de: errorsDe },
  badges: { en: badgesEn, de: badgesDe },
  pins: { en: pinsEn, de: pinsDe }
} as const
type Area = keyof typeof catalogues

/** A catalogue message in `lang`, formatted as the desk formats it. */
function said(lang: Lang, area: Area, key: string, values?: MessageValues): string {
  const message = (catalogues[area][lang] as Record<string, string>)[key]
  if (message === undefined) throw new Error(`${area}.${key} is not in the ${lang} catalogue`)
  return formatParsed(message, formatLocaleOf(lang), values)
}
/** What the desk says of a write read back: its outcome, then the one sentence. */
const readBackSaid = (lang: Lang, outcome: string) => afterOutcome(outcome, said(lang, 'common', 'readBack'))

interface HeldPass {
  id: string
  card_id: string
  card_name?: string
  status: string
  user_id: string
}
interface HeldUser {
  id: string
  first_name: string
  last_name: string
  pin_hash: string | null
}
interface HeldVisitor {
  id: string
  first_name: string
  last_name: string
  status: string
  qr?: string | null
}

describe('a write read back after its answer was lost: its outcome, then the one read-back sentence', () => {
  let remote: Started<DemoConsoleInfo>
  let consoleDir: Awaited<ReturnType<typeof tempDir>>
  let client: AccessClient
  let dispatch: Dispatch
  let demo: { url: string; certificatePem: string; tokens: DemoConsoleInfo['tokens'] }

  const state = async <T>(resource: 'users' | 'visitors' | 'touchPasses'): Promise<T[]> =>
    (await control<{ data: T[] }>(demo, 'GET', `/__demo/state/${resource}`)).body.data
  const fault = (path: string) => control(demo, 'PUT', '/__demo/faults', { afterCommit: { reset: 1, paths: [path] } })

  beforeAll(async () => {
    consoleDir = await tempDir()
    remote = await startDemoConsoleProcess(consoleDir.path)
    const { pin } = await probeCertificate(remote.info.url)
    demo = { url: remote.info.url, certificatePem: pin.pems[0]!, tokens: remote.info.tokens }
    client = createAccessClient({ baseUrl: remote.info.url, token: remote.info.tokens.full, pin })
    // Free passes enough for every gift below (the seed holds a few).
    await client.touchPasses.purchase(12)
    const get = async () => client
    const services = {
      connections: { client: get },
      visitors: new VisitorService(get),
      touchPasses: new TouchPassService(get),
      pins: new PinService(get)
    } as unknown as AppServices
    dispatch = createDispatch({
      ...visitorHandlers(services),
      ...touchPassHandlers(services),
      ...pinHandlers(services),
      ...userHandlers(services),
      ...siteHandlers(services),
      // The badge's own channels are not this test's subject (its QR code is): no printer, printed in the browser.
      'badges.settings': async () => ({
        siteName: 'HQ',
        logoDataUrl: null,
        stock: 'dk-11202',
        printer: null,
        silent: false
      }),
      'badges.history': async () => ({ items: [] }),
      'badges.printers': async () => ({ available: false, items: [] }),
      'badges.record': async (input: { job: object }) => ({
        ...input.job,
        id: 'h1',
        printedAt: new Date().toISOString(),
        output: 'browser-print'
      }),
      'app.info': async () => ({ name: 'Access Desk', version: '0', transport: 'web' })
    } as unknown as Handlers)
  }, 30_000)
  afterAll(async () => {
    await control(demo, 'DELETE', '/__demo/faults').catch(() => undefined)
    client?.close()
    await remote?.stop()
    await consoleDir?.remove()
  })
  beforeEach(() => {
    touchPasses.reset()
    touchPasses.status = ''
    announcer.message = ''
    setApiForTests(
      buildApi(
        (channel, input) => dispatch(channel, input),
        () => () => undefined
      )
    )
    render(ActionAnnouncer)
  })
  afterEach(async () => {
    await control(demo, 'DELETE', '/__demo/faults')
    cleanup()
    deskLanguage.choose(null)
  })

  /**
   * The person filled everything in English; the desk is switched to `lang` before the last click
   * (the words said at the end are the desk's then), and the console is set to lose the answer.
   */
  async function send(lang: Lang, button: HTMLElement, faultPath: string) {
    if (lang !== 'en') {
      const english = button.textContent
      deskLanguage.choose(lang)
      await expect.poll(() => commonWords().t('readBack'), wait).toBe(said(lang, 'common', 'readBack'))
      await expect.poll(() => button.textContent, wait).not.toBe(english)
    }
    await fault(faultPath)
    await fireEvent.click(button)
  }
  const announced = () => screen.getByTestId('action-announcer').textContent?.trim()

  /** A free pass and a user who holds none, as the console holds them now. */
  async function freePassAndUser(): Promise<{ pass: HeldPass; user: HeldUser }> {
    const passes = await state<HeldPass>('touchPasses')
    const holders = new Set(passes.map((p) => p.user_id).filter(Boolean))
    const pass = passes.find((p) => !p.user_id && (p.status === 'INACTIVE' || p.status === 'SUSPENDED'))!
    const user = (await state<HeldUser>('users')).find((u) => !holders.has(u.id) && u.first_name && u.last_name)!
    expect(pass).toBeDefined()
    expect(user).toBeDefined()
    return { pass, user }
  }
  const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`

  /** A pass row of the Touch Passes screen opened in its details. */
  async function openPass(pass: HeldPass) {
    render(TouchPassesScreen)
    await fireEvent.click(await screen.findByRole('button', { name: pass.card_id }, wait))
    await screen.findByTestId('pass-details', {}, wait)
  }
  /** Give `pass` to `user` through its details, all but the last click. */
  async function chooseHolder(pass: HeldPass, user: HeldUser): Promise<HTMLElement> {
    await openPass(pass)
    await fireEvent.click(await screen.findByRole('button', { name: 'Assign to a user…' }, wait))
    const dialog = screen.getByRole('dialog')
    await fireEvent.input(within(dialog).getByLabelText('Find a user'), { target: { value: user.first_name } })
    await fireEvent.click(await within(dialog).findByText(new RegExp(fullName(user)), {}, wait))
    const give = await within(dialog).findByRole('button', { name: 'Give the pass' }, wait)
    await expect.poll(() => give, wait).toBeEnabled()
    return give
  }

  for (const lang of ['en', 'de'] as const) {
    it(`Badges: a QR code assigned for the badge (${lang})`, async () => {
      URL.createObjectURL ??= () => 'blob:qr'
      URL.revokeObjectURL ??= () => undefined
      window.print = vi.fn()
      // A visit of now without a QR code, made for this badge; it opens a door (Badges asks first for one that opens none).
      const now = Math.floor(Date.now() / 1000)
      const door = (await client.doors.list())[0]!
      const made = await client.visitors.create({
        first_name: 'Badge',
        last_name: `Lost${lang}`,
        visit_reason: 'Business',
        start_time: now - 60,
        end_time: now + 3600,
        resources: [{ id: door.id, type: 'door' }]
      })
      const visitor = { first_name: 'Badge', last_name: `Lost${lang}`, id: made.id }
      badgeDesk.makeBadgeFor(visitor.id)
      render(BadgesScreen)
      await screen.findByTestId('badge-preview', {}, wait)
      const print = screen.getByRole('button', { name: 'Print badge' })
      await expect.poll(() => print, wait).toBeEnabled()
      await send(lang, print, 'PUT /visitors/:id/qr_codes')
      // The code first, then the badge's own outcome (printed in the browser).
      const qr = readBackSaid(lang, said(lang, 'badges', 'done.qrAssigned', { name: fullName(visitor) }))
      await expect.poll(announced, wait).toBe(`${qr} ${said(lang, 'badges', 'done.browser')}`)
      const held = (await state<HeldVisitor>('visitors')).find((v) => v.id === visitor.id)
      expect(held?.qr).toMatch(/^[0-9a-f]+$/)
    }, 60_000)

    it(`Visitors: a visitor created (${lang})`, async () => {
      const last = `Lost${lang}${Math.random().toString(36).slice(2, 6)}`
      render(VisitorsScreen)
      await fireEvent.click(await screen.findByRole('button', { name: 'New visitor…' }, wait))
      await fireEvent.input(await screen.findByLabelText('First name', {}, wait), { target: { value: 'Rosa' } })
      await fireEvent.input(screen.getByLabelText('Last name'), { target: { value: last } })
      await fireEvent.change(screen.getByLabelText('Reason for the visit'), { target: { value: 'Business' } })
      await fireEvent.click(screen.getByRole('button', { name: 'Create visitor' }))
      // No door ticked: the form asks first; creating without doors is the write.
      const create = await screen.findByRole('button', { name: 'Create without doors' }, wait)
      await send(lang, create, 'POST /visitors')
      await expect.poll(announced, wait).toBe(readBackSaid(lang, said(lang, 'visitors', 'saved.created')))
      const held = (await state<HeldVisitor>('visitors')).filter((v) => v.last_name === last)
      expect(held).toHaveLength(1)
    }, 60_000)

    it(`Visitors: a QR code assigned (${lang})`, async () => {
      const visitor = (await state<HeldVisitor>('visitors')).find((v) => !v.qr && v.status !== 'CANCELLED')!
      const listed = await dispatch('visitors.get', { id: visitor.id })
      if (!listed.ok) throw new Error(listed.error.message)
      render(VisitorCredentials, { visitor: listed.result as never, onchanged: () => undefined })
      const assign = await screen.findByRole('button', { name: 'Assign QR code' }, wait)
      await expect.poll(() => assign, wait).toBeEnabled()
      await send(lang, assign, 'PUT /visitors/:id/qr_codes')
      const outcome = readBackSaid(lang, said(lang, 'visitors', 'qr.assigned'))
      await expect.poll(announced, wait).toBe(outcome)
      const note = readBackSaid(lang, said(lang, 'visitors', 'qr.assignedNote', { name: fullName(visitor) }))
      expect(screen.getByTestId('qr-assigned').textContent?.trim()).toBe(note)
      const held = (await state<HeldVisitor>('visitors')).find((v) => v.id === visitor.id)
      expect(held?.qr).toMatch(/^[0-9a-f]+$/)
    }, 60_000)

    it(`Touch Passes: a pass given (${lang})`, async () => {
      const { pass, user } = await freePassAndUser()
      await send(lang, await chooseHolder(pass, user), '* /users/*/touch_passes/*')
      await expect
        .poll(announced, wait)
        .toBe(readBackSaid(lang, said(lang, 'touchPasses', 'assign.given', { name: fullName(user) })))
      const held = (await state<HeldPass>('touchPasses')).filter((p) => p.user_id === user.id)
      expect(held.map((p) => p.id)).toEqual([pass.id])
    }, 60_000)

    it(`Touch Passes: a pass taken back (${lang})`, async () => {
      const { pass, user } = await freePassAndUser()
      const given = await dispatch('touchPasses.assign', { id: pass.id, userId: user.id })
      expect(given.ok).toBe(true)
      await openPass(pass)
      await fireEvent.click(await screen.findByRole('button', { name: 'Take back from user…' }, wait))
      const confirm = await screen.findByRole('button', { name: 'Take back the pass' }, wait)
      await send(lang, confirm, '* /users/*/touch_passes/*')
      await expect
        .poll(announced, wait)
        .toBe(readBackSaid(lang, said(lang, 'touchPasses', 'takeBack.done', { name: fullName(user) })))
      const held = (await state<HeldPass>('touchPasses')).find((p) => p.id === pass.id)
      expect(held?.user_id ?? '').toBe('')
    }, 60_000)

    it(`Touch Passes: a pass renamed (${lang})`, async () => {
      const { pass } = await freePassAndUser()
      await openPass(pass)
      const name = `Spare ${lang} ${Math.random().toString(36).slice(2, 6)}`
      await fireEvent.input(screen.getByLabelText('Name on the pass'), { target: { value: name } })
      await send(lang, screen.getByRole('button', { name: 'Rename' }), 'PUT /credentials/touch_passes/*')
      await expect.poll(announced, wait).toBe(readBackSaid(lang, said(lang, 'touchPasses', 'name.saved')))
      const held = (await state<HeldPass>('touchPasses')).find((p) => p.id === pass.id)
      expect(held?.card_name).toBe(name)
    }, 60_000)

    it(`Touch Passes: passes given to several users (${lang})`, async () => {
      const passes = await state<HeldPass>('touchPasses')
      const holders = new Set(passes.map((p) => p.user_id).filter(Boolean))
      const users = (await state<HeldUser>('users'))
        .filter((u) => !holders.has(u.id) && u.first_name && u.last_name)
        .slice(0, 2)
      expect(users).toHaveLength(2)
      render(AssignManyDialog, { onclose: () => undefined, ondone: () => undefined })
      for (const user of users) {
        await fireEvent.input(screen.getByLabelText('Add a user'), { target: { value: fullName(user) } })
        await fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${fullName(user)}`) }, wait))
      }
      const give = screen.getByRole('button', { name: 'Give 2 passes' })
      await expect.poll(() => give.getAttribute('aria-disabled'), wait).not.toBe('true')
      await send(lang, give, 'PUT /users/touch_passes/assign')
      await expect.poll(announced, wait).toBe(readBackSaid(lang, said(lang, 'touchPasses', 'many.said', { count: 2 })))
      expect(screen.getByTestId('assign-many-done').textContent?.trim()).toBe(
        readBackSaid(lang, said(lang, 'touchPasses', 'many.done', { count: 2 }))
      )
      const held = await state<HeldPass>('touchPasses')
      for (const user of users) expect(held.filter((p) => p.user_id === user.id)).toHaveLength(1)
    }, 60_000)

    it(`PINs: a PIN given (${lang})`, async () => {
      const user = (await state<HeldUser>('users')).find((u) => !u.pin_hash && u.first_name && u.last_name)!
      expect(user).toBeDefined()
      render(PinsScreen)
      await fireEvent.click(await screen.findByRole('button', { name: 'Generate PIN' }, wait))
      const pin = (await screen.findByTestId('generated-pin', {}, wait)).textContent!.trim()
      await fireEvent.input(screen.getByRole('searchbox', { name: 'Find a user or visitor' }), {
        target: { value: fullName(user) }
      })
      await fireEvent.click(await screen.findByRole('option', { name: new RegExp(fullName(user)) }, wait))
      const assign = await screen.findByRole('button', { name: 'Assign PIN' }, wait)
      await expect.poll(() => assign, wait).toBeEnabled()
      await send(lang, assign, 'PUT /users/:id/pin_codes')
      // A PIN found given is said as done (no alert): the outcome, then the same sentence.
      const done = await screen.findByTestId('pin-assigned', {}, wait)
      await expect
        .poll(() => done.textContent?.trim(), wait)
        .toBe(readBackSaid(lang, said(lang, 'pins', 'assigned', { pin, name: fullName(user) })))
      expect(screen.queryByRole('alert')).toBeNull()
      const held = (await state<HeldUser>('users')).find((u) => u.id === user.id)
      expect(held?.pin_hash).toBeTruthy()
    }, 60_000)
  }
})
