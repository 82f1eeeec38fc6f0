import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { hostname } from 'node:os'
import { thisDesk } from '../../../src/main/services/audit/audit-service'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { CheckinLog } from '../../../src/main/services/kiosk/checkin-log'
import { useAppServices } from '../../support/app-services'
import { request } from '../demo-console/support'
import { formats } from '../../../src/shared/format/formats'
import { kioskDoors } from '../../support/kiosk-visit'
import { refusalForDesk } from '../../../src/shared/kiosk/refusal-for-desk'
import type { KioskRefusal } from '../../../src/shared/kiosk/schemas'
import { Translator } from '../../../src/shared/i18n/translator'
import todayEn from '../../../src/shared/i18n/messages/today/en.json'
import { kioskBadgeOutcome } from '../../../src/shared/badges/kiosk-output-words'

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47]
const nowSeconds = () => Math.floor(Date.now() / 1000)
const userOf = () => thisDesk().user

/**
 * The kiosk through the real dispatch (zod on every input) against the built-in demo console over
 * HTTPS: finding a visit, its badge with a QR code, the check-in record, a console outage, the exit PIN.
 */
describe('the kiosk against the demo console', () => {
  const app = useAppServices()

  async function demo() {
    const { profiles } = await app.call('connections.list')
    const url: string = profiles.find((p: { demo: boolean }) => p.demo).url
    const dir = join(app.services.dataDir, 'demo-console')
    const token = JSON.parse(await readFile(join(dir, 'tokens.json'), 'utf8')).full as string
    const ca = await readFile(join(dir, 'tls-cert.pem'), 'utf8')
    return {
      control: async (method: string, path: string, body?: unknown) => {
        const answer = await request(url, ca, method, `/__demo${path}`, { body, token })
        expect(answer.status).toBeLessThan(300)
        return answer.body?.data
      }
    }
  }

  afterEach(async () => {
    await (await demo()).control('DELETE', '/faults')
  })

  /** A visit through the Lobby (`doors`: others, or none for a visit that opens nothing). */
  const createVisitor = async (
    first: string,
    last: string,
    company: string,
    from = nowSeconds() - 3600,
    doors?: { id: string; type: string }[]
  ) =>
    app.call('visitors.create', {
      first_name: first,
      last_name: last,
      visitor_company: company,
      visit_reason: 'Business',
      start_time: from,
      end_time: from + 5 * 3600,
      week_schedule: null,
      resources: doors ?? (await kioskDoors(app))
    }) as Promise<{ id: string }>

  const errorOf = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (err: unknown) => err
    )

  it('finds two namesakes only by company, gives a badge with a QR code it assigns, and records the check-in', async () => {
    const a = await createVisitor('Kiri', 'Tane', 'Northwind Traders')
    const b = await createVisitor('Kiri', 'Tane', 'Contoso')

    const several = await app.call('kiosk.find', { name: 'kiri tane' })
    expect(several).toMatchObject({ found: { kind: 'several', count: 2, ask: 'company' }, source: { online: true } })
    expect(JSON.stringify(several)).not.toContain(a.id)
    expect(JSON.stringify(several)).not.toContain('Contoso')

    const one = await app.call('kiosk.find', { name: 'Kiri Tane', company: 'contoso' })
    expect(one.found).toMatchObject({ kind: 'one', visit: { visitorId: b.id, name: 'Kiri Tane', company: 'Contoso' } })

    // A new visitor has no QR code: the kiosk assigns one (the visit already has its doors).
    expect(await app.call('visitors.qrState', { id: b.id })).toMatchObject({ assigned: false })
    const badge = await app.call('kiosk.badge', { visitorId: b.id })
    expect(badge).toMatchObject({ qrAssigned: true, job: { visitorId: b.id, name: 'Kiri Tane', company: 'Contoso' } })
    expect([...Buffer.from(badge.qrPngBase64, 'base64').subarray(0, 4)]).toEqual(PNG_MAGIC)
    const state = await app.call('visitors.qrState', { id: b.id })
    expect(state.assigned).toBe(true)
    expect(state.pngBase64).toBe(badge.qrPngBase64)

    const entry = await app.call('kiosk.checkIn', { visitorId: b.id, browser: { handedToDialog: true } })
    // Handed to the browser's print dialog (its print() returned): the app cannot know it was printed,
    // so the record never says printed; it says where the badge went, with no failure.
    expect(entry).toMatchObject({
      visitorId: b.id,
      name: 'Kiri Tane',
      company: 'Contoso',
      printed: false,
      output: 'browser-print',
      offline: false
    })
    expect(entry.printError).toBeUndefined()
    expect(entry.printFailure).toBeUndefined()
    expect(kioskBadgeOutcome(entry)).toBe('print-dialog')
    expect((await app.call('kiosk.checkins')).items[0]).toEqual(entry)
    expect(app.events.filter((e) => e.event === 'kiosk.checkedIn').map((e) => e.payload)).toContainEqual(entry)
    const history = await app.call('badges.history', { limit: 5 })
    expect(history.items[0]).toMatchObject({ visitorId: b.id, output: 'browser-print' })

    // The same badge is not printed twice from one confirmation.
    expect(
      await errorOf(app.call('kiosk.checkIn', { visitorId: b.id, browser: { handedToDialog: true } }))
    ).toMatchObject({
      code: 'KIOSK_NOT_PREPARED'
    })
  })

  it('puts what the kiosk does on the audit trail as the kiosk of this computer, not as the desk user', async () => {
    const v = await createVisitor('Rawiri', 'Tomoana', 'Fabrikam')
    const byDesk = (await app.call('audit.list', { filter: { text: 'Rawiri Tomoana' } })).items
    // The booking is the desk's: its OS user.
    expect(byDesk).toEqual([expect.objectContaining({ action: 'create', desk: { user: userOf(), host: hostname() } })])

    await app.call('kiosk.find', { name: 'Rawiri Tomoana' })
    await app.call('kiosk.badge', { visitorId: v.id })
    await app.call('kiosk.checkIn', { visitorId: v.id, browser: { handedToDialog: true } })
    const rows = (await app.call('audit.list', { filter: { text: 'Rawiri Tomoana' } })).items as {
      action: string
      desk: unknown
    }[]
    const kiosk = { user: 'kiosk', host: hostname(), kiosk: true }
    // The QR code the kiosk assigned and the badge it printed: the kiosk's.
    expect(rows.filter((r) => r.action !== 'create')).toEqual([
      expect.objectContaining({ action: 'badge print', desk: kiosk }),
      expect.objectContaining({
        endpoint: expect.objectContaining({ title: expect.stringMatching(/QR/i) }),
        desk: kiosk
      })
    ])
  })

  it('records a print that failed, with its reason', async () => {
    const v = await createVisitor('Hinewai', 'Tipene', 'Fabrikam')
    await app.call('kiosk.badge', { visitorId: v.id })
    const entry = await app.call('kiosk.checkIn', {
      visitorId: v.id,
      browser: { handedToDialog: false, error: 'No printer is connected.' }
    })
    expect(entry).toMatchObject({ printed: false, printError: 'No printer is connected.', output: 'browser-print' })
    // On disk before the answer: a kiosk restarted now reads it back, on the same console.
    const activeConsole = async () => (await app.call('connections.list')).activeId as string
    expect((await new CheckinLog(app.services.dataDir, activeConsole).list(1))[0]).toEqual(entry)
    const history = await app.call('badges.history', { limit: 50 })
    expect(history.items.some((e: { visitorId: string }) => e.visitorId === v.id)).toBe(false)
  })

  it('in the app, prints silently on the badge printer of the badge settings, and records a refused print with its reason', async () => {
    // The printer is Electron's (webContents.print), which cannot run here: a stand-in takes the jobs.
    const jobs: { printer?: string; silent: boolean; page: { widthMm: number } }[] = []
    let fail: AppError | null = null
    app.services.printer = {
      listPrinters: async () => [{ name: 'QL-820NWB', displayName: 'Brother QL-820NWB', isDefault: false }],
      print: async (options) => {
        jobs.push(options)
        if (fail) throw fail
      },
      printToPdf: async () => new Uint8Array()
    }
    try {
      const settings = await app.call('badges.settings')
      await app.call('badges.saveSettings', { ...settings, printer: 'QL-820NWB', stock: 'dymo-30256' })
      const v = await createVisitor('Wiremu', 'Hohaia', 'Contoso')
      const badge = await app.call('kiosk.badge', { visitorId: v.id })
      expect(badge.job.stock).toBe('dymo-30256')
      const entry = await app.call('kiosk.checkIn', { visitorId: v.id })
      expect(entry).toMatchObject({ printed: true, output: 'printer', printer: 'QL-820NWB' })
      expect(jobs).toEqual([
        { printer: 'QL-820NWB', silent: true, page: expect.objectContaining({ widthMm: 59, heightMm: 102 }) }
      ])
      const history = await app.call('badges.history', { limit: 1 })
      expect(history.items[0]).toMatchObject({ visitorId: v.id, output: 'printer', printer: 'QL-820NWB' })

      // What the Electron printer throws when the job fails (printing.ts).
      fail = new AppError({
        kind: 'server',
        code: 'PRINT_FAILED',
        message: 'The badge was not printed: Out of labels.'
      })
      // Another visitor: one checked in already is not checked in again (checkedInAt).
      const next = await createVisitor('Aroha', 'Hohaia', 'Contoso')
      await app.call('kiosk.badge', { visitorId: next.id })
      const failed = await app.call('kiosk.checkIn', { visitorId: next.id })
      expect(failed).toMatchObject({
        printed: false,
        output: 'printer',
        printError: 'The badge was not printed: Out of labels.'
      })
      expect(
        (await app.call('kiosk.checkins', { limit: 2 })).items.map((e: { printed: boolean }) => e.printed)
      ).toEqual([false, true])
    } finally {
      app.services.printer = undefined
    }
  })

  /**
   * The kiosk's check-in log as it is on disk (`<data>/kiosk/checkins.json`), oldest first: each entry
   * kept with its console (storage/durable-list.ts), here without it, as the kiosk answers and tells it.
   */
  const logOnDisk = async () =>
    (
      JSON.parse(await readFile(join(app.services.dataDir, 'kiosk', 'checkins.json'), 'utf8')).entries as {
        console: string
        visitorId: string
        refusal?: unknown
        printed: boolean
      }[]
    ).map(({ console: made, ...entry }) => {
      expect(made).toEqual(expect.any(String))
      return entry
    })
  const announced = () => app.events.filter((e) => e.event === 'kiosk.checkedIn').map((e) => e.payload)

  /**
   * The kiosk's clock moved on by `seconds` (main's hold of names missed reads it) while `run` runs; then a
   * real visit is found, which starts the count of misses again for the tests after.
   */
  async function later<T>(seconds: number, run: () => Promise<T>, found = 'Tui Ferris'): Promise<T> {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + seconds * 1000)
      const result = await run()
      vi.setSystemTime(Date.now() + 10 * 60_000)
      expect(await app.call('kiosk.find', { name: found })).toMatchObject({ found: { kind: 'one' } })
      return result
    } finally {
      vi.useRealTimers()
    }
  }

  it('three names in a row that match no visit: the visitor is sent to the desk, and Today’s kiosk list hears it', async () => {
    await createVisitor('Tui', 'Ferris', 'Contoso')
    // A visit found: the count starts now.
    expect(await app.call('kiosk.find', { name: 'Tui Ferris' })).toMatchObject({ found: { kind: 'one' } })
    const before = (await logOnDisk().catch(() => [])).length
    for (const name of ['Zed Nobody', 'Zed Nobodi']) {
      expect(await app.call('kiosk.find', { name })).toMatchObject({ found: { kind: 'none', reason: 'no-match' } })
    }
    // Two misses: nothing for the desk yet (a typo corrected is no refusal).
    expect((await logOnDisk().catch(() => [])).length).toBe(before)
    const third = await app.call('kiosk.find', { name: 'Zedd Nobody', company: 'Acme' })
    expect(third).toMatchObject({
      found: { kind: 'none', reason: 'no-match', refusal: { reason: 'not-found', tries: 3 } }
    })
    const entry = (await logOnDisk()).at(-1)
    expect(entry).toMatchObject({
      visitorId: '',
      name: 'Zedd Nobody',
      company: 'Acme',
      printed: false,
      refusal: { reason: 'not-found', tries: 3 }
    })
    expect(announced()).toContainEqual(entry)
    const today = new Translator('en', todayEn)
    expect(refusalForDesk(entry!.refusal as KioskRefusal, today, formats())).toBe(
      'No visit found under the name typed, 3 tries in a row: the kiosk holds the next search for 30 seconds. Find their visit, or add them as a walk-in'
    )
    await later(0, async () => undefined)
  })

  it('after three names in a row that match no visit, main holds the next search (even of a real name) and Today says so', async () => {
    await createVisitor('Rua', 'Kenana', 'Contoso')
    expect(await app.call('kiosk.find', { name: 'Rua Kenana' })).toMatchObject({ found: { kind: 'one' } })
    for (const name of ['Yan Guess', 'Yan Guessa']) await app.call('kiosk.find', { name })
    const third = await app.call('kiosk.find', { name: 'Yan Guessb' })
    expect(third).toMatchObject({
      found: { kind: 'none', reason: 'no-match', refusal: { reason: 'not-found', tries: 3, waitSeconds: 30 } }
    })
    const recorded = (await logOnDisk()).length
    // Held: a real name is not looked up either. The visitor is told of the hold, never "no visit found",
    // and the desk hears that a name typed was turned away because of it (it may be a booked visitor's).
    const held = await app.call('kiosk.find', { name: 'Kenana Rua', company: 'Contoso' })
    expect(held.found).toMatchObject({ kind: 'none', reason: 'held', refusal: { reason: 'held' } })
    expect(held.found.refusal.waitSeconds).toBeGreaterThan(0)
    expect(held.found.refusal.waitSeconds).toBeLessThanOrEqual(30)
    const log = await logOnDisk()
    expect(log.length).toBe(recorded + 1)
    const turnedAway = log.at(-1)!
    expect(turnedAway).toMatchObject({
      visitorId: '',
      name: 'Kenana Rua',
      company: 'Contoso',
      printed: false,
      refusal: { reason: 'held', waitSeconds: held.found.refusal.waitSeconds }
    })
    expect(announced()).toContainEqual(turnedAway)
    expect(refusalForDesk(turnedAway.refusal as KioskRefusal, new Translator('en', todayEn), formats())).toBe(
      `Not looked up: the kiosk was holding name searches after names that matched nothing (${held.found.refusal.waitSeconds} seconds left). Find their visit, or check them in here`
    )
    // The console's state: the booked visit is untouched (still open, no QR code given).
    const { control } = await demo()
    const rua = (
      (await control('GET', '/state/visitors')) as { first_name: string; status: string; qr: unknown }[]
    ).find((v) => v.first_name === 'Rua')!
    expect(rua).toMatchObject({ status: 'ACTIVE', qr: null })
    // Once the wait is over, the next miss holds longer (60 s), and a visit found starts the count again.
    const fourth = await later(31, () => app.call('kiosk.find', { name: 'Yan Guessc' }), 'Rua Kenana')
    expect(fourth.found.refusal).toEqual({ reason: 'not-found', tries: 4, waitSeconds: 60 })
    expect((await app.call('kiosk.find', { name: 'Yan Guessd' })).found).toEqual({ kind: 'none', reason: 'no-match' })
    expect(await app.call('kiosk.find', { name: 'Rua Kenana' })).toMatchObject({ found: { kind: 'one' } })
  })

  it('a name that finds a visit it cannot check in (cancelled, ended…) is no miss: it starts the count again, and holds nothing', async () => {
    const olga = await createVisitor('Olga', 'Berg', 'Contoso')
    await app.call('visitors.cancel', { id: olga.id })
    await createVisitor('Ihaia', 'Pouwhare', 'Contoso')
    expect(await app.call('kiosk.find', { name: 'Ihaia Pouwhare' })).toMatchObject({ found: { kind: 'one' } })
    const before = (await logOnDisk().catch(() => [])).length
    expect((await app.call('kiosk.find', { name: 'Jurgen Weis' })).found).toEqual({ kind: 'none', reason: 'no-match' })
    expect((await app.call('kiosk.find', { name: 'Jurgen Weiz' })).found).toEqual({ kind: 'none', reason: 'no-match' })
    expect((await app.call('kiosk.find', { name: 'Berg Olga' })).found).toMatchObject({
      kind: 'none',
      reason: 'not-now',
      refusal: { reason: 'cancelled' }
    })
    // Two misses since the visit found: no hold, no "3 tries in a row" for the desk.
    expect((await app.call('kiosk.find', { name: 'Zed Quorl' })).found).toEqual({ kind: 'none', reason: 'no-match' })
    expect((await app.call('kiosk.find', { name: 'Zed Quorm' })).found).toEqual({ kind: 'none', reason: 'no-match' })
    const log = (await logOnDisk()).slice(before)
    expect(log.map((e) => e.refusal)).toEqual([{ reason: 'cancelled' }])
    expect((await app.call('kiosk.find', { name: 'Ihaia Pouwhare' })).found).toMatchObject({ kind: 'one' })
  })

  it('shows a name written family name first in a CJK script as its owner writes it: 王伟, not 伟 王', async () => {
    const wang = await createVisitor('伟', '王', 'Contoso')
    const { found } = await app.call('kiosk.find', { name: '王伟' })
    expect(found).toMatchObject({ kind: 'one', visit: { visitorId: wang.id, name: '王伟' } })
    expect((await app.call('kiosk.badge', { visitorId: wang.id })).job.name).toBe('王伟')
  })

  it('tells a visitor whose visit was cancelled why, records the refusal on disk and announces it to the desk', async () => {
    const gone = await createVisitor('Mere', 'Kahu', 'Contoso')
    expect(await app.call('kiosk.find', { name: 'Mere Kahu' })).toMatchObject({ found: { kind: 'one' } })
    await app.call('visitors.cancel', { id: gone.id })
    // Found before, cancelled since: the next search reads the console again, and says why.
    const refused = await app.call('kiosk.find', { name: 'Kahu Mere' })
    expect(refused).toMatchObject({ found: { kind: 'none', reason: 'not-now', refusal: { reason: 'cancelled' } } })
    expect(JSON.stringify(refused)).not.toContain(gone.id)
    const entry = (await logOnDisk()).at(-1)
    expect(entry).toMatchObject({
      visitorId: gone.id,
      name: 'Mere Kahu',
      company: 'Contoso',
      printed: false,
      offline: false,
      refusal: { reason: 'cancelled' }
    })
    expect(announced()).toContainEqual(entry)
    expect((await app.call('kiosk.checkins', { limit: 1 })).items[0]).toEqual(entry)

    const before = (await logOnDisk()).length
    expect(await errorOf(app.call('kiosk.badge', { visitorId: gone.id }))).toMatchObject({
      kind: 'conflict',
      code: 'KIOSK_VISIT_NOT_OPEN',
      message: 'Your visit was cancelled. Please see the reception desk.'
    })
    expect((await logOnDisk()).slice(before)).toEqual([
      expect.objectContaining({ visitorId: gone.id, refusal: { reason: 'cancelled' } })
    ])
  })

  it('never hands a cancelled visitor the visit of another person of the same name: asks, then says why and records it', async () => {
    const gone = await createVisitor('Tama', 'Rangi', 'Northwind Traders')
    const other = await createVisitor('Tama', 'Rangi', 'Contoso')
    await app.call('visitors.cancel', { id: gone.id })
    const state = await (await demo()).control('GET', '/state/visitors')
    expect(state.find((v: { id: string }) => v.id === gone.id).status).toBe('CANCELLED')

    // The open visit of the other Tama Rangi is not offered on the name alone.
    const asked = await app.call('kiosk.find', { name: 'Tama Rangi' })
    expect(asked.found).toEqual({ kind: 'several', count: 2, ask: 'company' })
    expect(JSON.stringify(asked)).not.toContain(other.id)

    const refused = await app.call('kiosk.find', { name: 'Rangi Tama', company: 'Northwind' })
    expect(refused.found).toEqual({ kind: 'none', reason: 'not-now', refusal: { reason: 'cancelled' } })
    expect((await logOnDisk()).at(-1)).toMatchObject({ visitorId: gone.id, refusal: { reason: 'cancelled' } })

    const theirs = await app.call('kiosk.find', { name: 'Tama Rangi', company: 'contoso' })
    expect(theirs.found).toMatchObject({ kind: 'one', visit: { visitorId: other.id } })
  })

  it('refuses a visit that opens no door: says why, records it for the desk, and writes nothing to the visit', async () => {
    const doorless = await createVisitor('Aroha', 'Ngata', 'Contoso', nowSeconds() - 3600, [])
    const held = async () =>
      (await (await demo()).control('GET', '/state/visitors')).find((v: { id: string }) => v.id === doorless.id)
    const booked = await held()
    expect(booked).toMatchObject({ qr: null })
    const before = (await logOnDisk().catch(() => [])).length
    const found = await app.call('kiosk.find', { name: 'Aroha Ngata' })
    expect(found.found).toEqual({ kind: 'none', reason: 'not-now', refusal: { reason: 'no-doors' } })
    // A page that asks for the badge all the same gets none: no QR code is assigned for a badge that opens nothing.
    expect(await errorOf(app.call('kiosk.badge', { visitorId: doorless.id }))).toMatchObject({
      code: 'KIOSK_VISIT_NOT_OPEN',
      message:
        'Your visit opens no doors yet, so a badge from this kiosk would not let you in. Please see the reception desk.',
      details: { refusal: { reason: 'no-doors' } }
    })
    const added = (await logOnDisk()).slice(before)
    expect(added).toEqual([
      expect.objectContaining({
        visitorId: doorless.id,
        printed: false,
        offline: false,
        refusal: { reason: 'no-doors' }
      }),
      expect.objectContaining({ visitorId: doorless.id, printed: false, refusal: { reason: 'no-doors' } })
    ])
    expect(announced()).toContainEqual(added[0])
    // The console's visit is as the desk booked it: not checked in (same status), no QR code, still no door.
    expect(await held()).toEqual(booked)
    expect(await app.call('visitors.get', { id: doorless.id })).toMatchObject({ resources: [] })
  })

  it('tells a visitor who is too early when their visit starts, and records it', async () => {
    // Opens 65 minutes from now: too early by 5 minutes (check-in opens an hour before).
    const opens = nowSeconds() + 65 * 60
    const later = await createVisitor('Hemi', 'Walker', 'Contoso', opens)
    const before = (await logOnDisk()).length
    // Still today (not so near midnight that it starts tomorrow): found, and said to be not open yet.
    if (new Date(opens * 1000).toDateString() === new Date().toDateString()) {
      expect(await app.call('kiosk.find', { name: 'Hemi Walker' })).toMatchObject({
        found: { kind: 'none', reason: 'not-now', refusal: { reason: 'too-early', startsAt: opens } }
      })
    }
    // Near midnight the start is tomorrow and the kiosk names the day ("Sun 12:03 AM"), as it does in the find.
    const clock = formats().timeOrWeekdayTime(opens * 1000, new Date())
    expect(await errorOf(app.call('kiosk.badge', { visitorId: later.id }))).toMatchObject({
      code: 'KIOSK_VISIT_NOT_OPEN',
      message: `Your visit starts at ${clock}; check-in opens an hour before. Please see the reception desk.`
    })
    const added = (await logOnDisk()).slice(before)
    expect(added.length).toBeGreaterThanOrEqual(1)
    for (const entry of added)
      expect(entry).toMatchObject({
        visitorId: later.id,
        printed: false,
        refusal: { reason: 'too-early', startsAt: opens }
      })
  })

  it('reads a QR code whose assign answer was lost back from the console and checks the visitor in with it', async () => {
    const v = await createVisitor('Hinemoa', 'Rangitane', 'Northwind Traders')
    const { control } = await demo()
    // The console assigns the code and the connection is cut before its answer: it was not offline.
    await control('PUT', '/faults', { afterCommit: { reset: 1, paths: ['PUT /visitors/:id/qr_codes'] } })
    expect(await app.call('kiosk.find', { name: 'Hinemoa Rangitane' })).toMatchObject({
      found: { kind: 'one', visit: { visitorId: v.id } },
      source: { online: true }
    })
    const badge = await app.call('kiosk.badge', { visitorId: v.id })
    expect(badge).toMatchObject({ qrAssigned: true, source: { online: true } })
    // The code on the badge is the one the console holds: one code, read back.
    const held = (await control('GET', '/state/visitors')).find((h: { id: string }) => h.id === v.id)
    expect(held.qr).toBeTruthy()
    const state = await app.call('visitors.qrState', { id: v.id })
    expect(state.pngBase64).toBe(badge.qrPngBase64)
    const entry = await app.call('kiosk.checkIn', { visitorId: v.id, browser: { handedToDialog: true } })
    expect(entry).toMatchObject({ visitorId: v.id, printed: false, output: 'browser-print', offline: false })
    expect(entry.refusal).toBeUndefined()
    // No refusal was recorded for the desk: the only entry of this visitor is the check-in.
    const mine = (await app.call('kiosk.checkins')).items.filter((e: { visitorId: string }) => e.visitorId === v.id)
    expect(mine).toEqual([entry])
  }, 60_000)

  it('works through a console outage from what it loaded, and says so; a visitor with no cached code goes to the desk', async () => {
    const withQr = await createVisitor('Tui', 'Parata', 'Northwind Traders')
    await app.call('visitors.assignQr', { id: withQr.id })
    await app.call('kiosk.refresh')
    // Created after the kiosk loaded, with no code: offline, the kiosk cannot print it.
    const unseen = await createVisitor('Rangi', 'Moana', 'Contoso')

    const { control } = await demo()
    await control('PUT', '/faults', { resetRate: 1 })
    const found = await app.call('kiosk.find', { name: 'Tui Parata' })
    expect(found).toMatchObject({ found: { kind: 'one', visit: { visitorId: withQr.id } }, source: { online: false } })
    expect(found.source.loadedAt).not.toBeNull()
    expect(await app.call('kiosk.find', { name: 'Rangi Moana' })).toMatchObject({ found: { kind: 'none' } })

    const badge = await app.call('kiosk.badge', { visitorId: withQr.id })
    expect(badge).toMatchObject({ qrAssigned: false, source: { online: false } })
    expect([...Buffer.from(badge.qrPngBase64, 'base64').subarray(0, 4)]).toEqual(PNG_MAGIC)
    const entry = await app.call('kiosk.checkIn', { visitorId: withQr.id, browser: { handedToDialog: true } })
    expect(entry).toMatchObject({ printed: false, output: 'browser-print', offline: true })

    expect(await errorOf(app.call('kiosk.badge', { visitorId: unseen.id }))).toMatchObject({
      code: 'KIOSK_VISIT_NOT_OPEN'
    })

    // Back online: the kiosk's next refresh (every minute on its welcome screen) reads the console again.
    await control('DELETE', '/faults')
    expect(await app.call('kiosk.refresh')).toMatchObject({ source: { online: true } })
    expect(await app.call('kiosk.find', { name: 'Rangi Moana' })).toMatchObject({
      found: { kind: 'one', visit: { visitorId: unseen.id } },
      source: { online: true }
    })
  }, 60_000)

  it('a visitor found with no QR code while the console fails (500) is told why at once, before any confirm, and recorded for the desk', async () => {
    const noCode = await createVisitor('Manaia', 'Rewiti', 'Contoso')
    // The offline banner's promise counts by the rule the refusal below comes from: a visit with no code held is not in it.
    const { source: loaded } = await app.call('kiosk.refresh')
    expect(loaded.canCheckInOffline).toBeLessThan(loaded.visitors)
    const { control } = await demo()
    await control('PUT', '/faults', { errorRate: { '*': 1 } })
    // Nothing logged yet: the log file does not exist before its first entry.
    const before = (await logOnDisk().catch(() => [])).length
    // The find answers the refusal itself: the kiosk never asks "Yes, print my badge" for a badge it cannot make.
    expect(await app.call('kiosk.find', { name: 'Manaia Rewiti' })).toEqual({
      found: { kind: 'none', reason: 'not-now', refusal: { reason: 'offline-no-code' } },
      source: expect.objectContaining({ online: false })
    })
    const entry = (await logOnDisk()).slice(before)
    expect(entry).toEqual([
      expect.objectContaining({
        visitorId: noCode.id,
        name: 'Manaia Rewiti',
        printed: false,
        offline: true,
        refusal: { reason: 'offline-no-code' }
      })
    ])
    expect(announced()).toContainEqual(entry[0])
    // A badge asked for all the same (a page that found it before the outage) is refused the same way.
    expect(await errorOf(app.call('kiosk.badge', { visitorId: noCode.id }))).toMatchObject({
      code: 'KIOSK_NO_QR_OFFLINE',
      message:
        'The code for your badge is not on this kiosk, and the kiosk cannot fetch it while it is offline. Please see the reception desk.',
      details: { refusal: { reason: 'offline-no-code' } }
    })

    // The console answers again: the same visitor is found, gets a code assigned now, and checks in.
    await control('DELETE', '/faults')
    expect(await app.call('kiosk.refresh')).toMatchObject({ source: { online: true } })
    expect(await app.call('kiosk.find', { name: 'Manaia Rewiti' })).toMatchObject({
      found: { kind: 'one', visit: { visitorId: noCode.id } },
      source: { online: true }
    })
    expect(await app.call('kiosk.badge', { visitorId: noCode.id })).toMatchObject({ qrAssigned: true })
    expect(await app.call('visitors.qrState', { id: noCode.id })).toMatchObject({ assigned: true })
    // Its code now held, the visitor is one more the kiosk can check in offline: the banner says so.
    expect((await app.call('kiosk.refresh')).source.canCheckInOffline).toBe(loaded.canCheckInOffline + 1)
    expect(await app.call('kiosk.checkIn', { visitorId: noCode.id, browser: { handedToDialog: true } })).toMatchObject({
      printed: false,
      output: 'browser-print',
      offline: false
    })
  }, 60_000)

  it('a token that may not give QR codes is said as such, not as "offline": the visitor sent to the desk, the desk told the key, the console unchanged', async () => {
    const v = await createVisitor('Ana', 'Lemalu', 'Contoso')
    const { control } = await demo()
    const { profiles } = await app.call('connections.list')
    const profile = profiles.find((p: { demo: boolean }) => p.demo)
    const { tokens } = await app.call('connections.demoTokens', { id: profile.id })
    const token = (scope: string) => tokens.find((t: { scope: string }) => t.scope === scope).token as string
    await app.call('connections.changeToken', { id: profile.id, token: token('view') })
    try {
      expect(await app.call('kiosk.find', { name: 'Ana Lemalu' })).toMatchObject({
        found: { kind: 'one', visit: { visitorId: v.id } },
        source: { online: true }
      })
      const before = (await logOnDisk().catch(() => [])).length
      const refusal = { reason: 'console-refused', cause: 'permission', key: 'edit:visitor' }
      // The visitor is sent to the desk in visitor words: nothing of tokens or keys, nothing of "offline".
      const err = await errorOf(app.call('kiosk.badge', { visitorId: v.id }))
      expect(err).toMatchObject({
        code: 'KIOSK_CODE_NOT_GIVEN',
        message: 'Your badge cannot be made at this kiosk. Please see the reception desk.',
        details: { refusal }
      })
      expect(JSON.stringify(err)).not.toMatch(/offline|edit:visitor.*token/i)
      // The desk's record says the true reason, the console answering: not offline.
      expect((await logOnDisk()).slice(before)).toEqual([
        expect.objectContaining({ visitorId: v.id, printed: false, offline: false, refusal })
      ])
      // The console holds no code for the visit: nothing was given.
      const held = (await control('GET', '/state/visitors')).find((h: { id: string }) => h.id === v.id)
      expect(held.qr).toBeNull()
      // The audit trail says the same refusal (the key the console asked for).
      const rows = (await app.call('audit.list', { filter: { text: 'Ana Lemalu' } })).items as {
        outcome: string
        code?: string
        message?: string
      }[]
      expect(rows).toContainEqual(
        expect.objectContaining({ outcome: 'refused', message: expect.stringContaining('edit:visitor') })
      )
      // Today's kiosk list says that reason (the same key), in the desk's words.
      const entry = (await logOnDisk()).at(-1) as { refusal: KioskRefusal }
      expect(refusalForDesk(entry.refusal, new Translator('en', todayEn), formats())).toBe(
        "The desk's token may not give QR codes (edit:visitor), so no badge: add the key to the token, or print the badge here"
      )
    } finally {
      await app.call('connections.changeToken', { id: profile.id, token: token('full') })
    }
  }, 60_000)

  it('starts only with an exit PIN set, and leaves only with that PIN', async () => {
    expect(await errorOf(app.call('kiosk.enter'))).toMatchObject({ code: 'KIOSK_PIN_NOT_SET' })
    expect(
      await errorOf(app.call('kiosk.saveSettings', { idleSeconds: 5, directions: '', deskName: 'Desk' }))
    ).toMatchObject({
      kind: 'validation'
    })
    const saved = await app.call('kiosk.saveSettings', {
      idleSeconds: 45,
      directions: 'Floor 3',
      deskName: 'Reception',
      pin: '582046'
    })
    expect(saved).toEqual({ pinSet: true, idleSeconds: 45, directions: 'Floor 3', deskName: 'Reception' })
    expect(await app.call('kiosk.settings')).toEqual(saved)
    expect(await app.call('kiosk.enter')).toEqual({ mode: 'route', path: '/kiosk' })

    expect(await errorOf(app.call('kiosk.exit', { pin: '582047' }))).toMatchObject({
      kind: 'validation',
      code: 'KIOSK_PIN_WRONG',
      hint: expect.stringContaining('2 tries left')
    })
    expect(await app.call('kiosk.exit', { pin: '582046' })).toEqual({ mode: 'route', path: '/' })

    // Three wrong PINs lock the exit: the right one is refused too until the wait is over.
    await errorOf(app.call('kiosk.exit', { pin: '1' }))
    await errorOf(app.call('kiosk.exit', { pin: '2' }))
    expect(await errorOf(app.call('kiosk.exit', { pin: '3' }))).toMatchObject({
      kind: 'rate-limited',
      code: 'KIOSK_PIN_LOCKED',
      message: 'Too many wrong PINs: wait 30 seconds before trying again.'
    })
    expect(await errorOf(app.call('kiosk.exit', { pin: '582046' }))).toMatchObject({ code: 'KIOSK_PIN_LOCKED' })
    // A dialog reopened reads the wait still running from main.
    expect((await app.call('kiosk.exitWait')).waitSeconds).toBeGreaterThan(0)
  })
})
