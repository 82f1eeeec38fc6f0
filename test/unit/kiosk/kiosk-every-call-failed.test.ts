import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { kioskDoors } from '../../support/kiosk-visit'
import { request } from '../demo-console/support'
import { allPermissionKeys } from '../../../src/demo-console/tokens'
import { kioskChannels } from '../../../src/shared/ipc/channels/kiosk'
import { refusalForDesk, refusalForVisitor } from '../../../src/shared/kiosk/kiosk-refusal'
import type { KioskCheckin, KioskFound, KioskRefusal, KioskSource } from '../../../src/shared/kiosk/schemas'
import { formats } from '../../../src/shared/format/formats'
import { Translator } from '../../../src/shared/i18n/translator'
import todayEn from '../../../src/shared/i18n/messages/today/en.json'

const nowSeconds = () => Math.floor(Date.now() / 1000)
const DESK = 'the reception desk'

/** What a visitor met at the kiosk: the words they read, and what the kiosk told the console of itself. */
type Met = { said: string; source?: KioskSource }

/**
 * Every kiosk channel that asks the console, and how a visitor meets its failure, from a kiosk that
 * had loaded the visit (with no QR code) while the console was fine. A new kiosk channel goes in here
 * or in NO_CONSOLE (the first test fails until it does).
 */
const CONSOLE_CALLS = {
  // The welcome's refresh (every minute) fails; the visitor then searches.
  'kiosk.refresh': { first: 'Tane', meet: async (k: Kiosk, name: string) => (await k.refresh(), k.find(name)) },
  // The search reads today's visitors (and the name's closed visits) itself.
  'kiosk.find': { first: 'Rua', meet: (k: Kiosk, name: string) => k.find(name) },
  // Found while the console was fine; the badge step reads the visit again and fetches its code.
  'kiosk.badge': { first: 'Moko', meet: (k: Kiosk, name: string) => k.badge(name) }
} as const

/** Kiosk channels that never ask the console: settings, the exit PIN, printing and the check-in log. */
const NO_CONSOLE = [
  'kiosk.settings',
  'kiosk.saveSettings',
  'kiosk.enter',
  'kiosk.exit',
  'kiosk.exitWait',
  'kiosk.checkIn',
  'kiosk.checkins'
]

type Kiosk = { refresh(): Promise<unknown>; find(name: string): Promise<Met>; badge(name: string): Promise<Met> }

/** The console refused the call (403: the token lacks view:visitor): the true reason, never "offline". */
const REFUSED = {
  said: `Your badge cannot be made at this kiosk. Please see ${DESK}.`,
  refusal: { reason: 'console-refused', cause: 'permission', key: 'view:visitor' } satisfies KioskRefusal,
  desk: "The desk's token lacks view:visitor, so no badge: add the key to the token, or check the visitor in here",
  offline: false
}
/** The console refused the token itself (401): the true reason, never "offline", and no visit held is used. */
const TOKEN_REFUSED = {
  said: `Your badge cannot be made at this kiosk. Please see ${DESK}.`,
  refusal: { reason: 'console-refused', cause: 'auth' } satisfies KioskRefusal,
  desk: "The console refused the desk's token, so no badge: check the token in Settings",
  offline: false
}
/** The console did not answer, or failed (a 500 worth trying again): the kiosk works offline and says so. */
const OFFLINE = {
  said: `The code for your badge is not on this kiosk, and the kiosk cannot fetch it while it is offline. Please see ${DESK}.`,
  refusal: { reason: 'offline-no-code' } satisfies KioskRefusal,
  desk: 'Kiosk offline: no QR code for this visit, so no badge',
  offline: true
}

const FAULTS = [
  { last: 'Ngata', name: 'a 403 (the token lacks view:visitor)', scopes: true, expected: REFUSED },
  { last: 'Wiremu', name: 'a 401 (the token refused)', faults: { tokenRefused: true }, expected: TOKEN_REFUSED },
  { last: 'Pohatu', name: 'a 500', faults: { errorRate: { '*': 1 } }, expected: OFFLINE },
  { last: 'Tipene', name: 'no answer', faults: { resetRate: 1 }, expected: OFFLINE }
] as const

/**
 * The kiosk's one classifier of a failed console call (shared/kiosk/failed-step.ts), held to every
 * call the kiosk makes: each fails with a 403, a 401, a 500 and no answer, and the visitor's words and the
 * reason Today's kiosk list gives are the classifier's — a refusal is never said as "offline".
 */
describe('every kiosk call that fails says its true reason', () => {
  const app = useAppServices()

  async function control(method: string, path: string, body?: unknown) {
    const { profiles } = await app.call('connections.list')
    const url: string = profiles.find((p: { demo: boolean }) => p.demo).url
    const dir = join(app.services.dataDir, 'demo-console')
    const token = JSON.parse(await readFile(join(dir, 'tokens.json'), 'utf8')).full as string
    const ca = await readFile(join(dir, 'tls-cert.pem'), 'utf8')
    const answer = await request(url, ca, method, `/__demo${path}`, { body, token })
    expect(answer.status).toBeLessThan(300)
  }

  afterEach(async () => {
    await control('DELETE', '/faults')
    await control('PUT', '/scopes', { token: 'full', keys: allPermissionKeys })
  })

  const logOnDisk = async () =>
    JSON.parse(
      await readFile(join(app.services.dataDir, 'kiosk', 'checkins.json'), 'utf8').catch(() => '{"entries":[]}')
    ).entries as KioskCheckin[]

  const found: Record<string, string> = {}
  const kiosk: Kiosk = {
    refresh: () => app.call('kiosk.refresh'),
    async find(name) {
      const answer = (await app.call('kiosk.find', { name })) as { found: KioskFound; source: KioskSource }
      if (answer.found.kind === 'one') return { said: `found ${answer.found.visit.name}`, source: answer.source }
      const refusal = answer.found.kind === 'none' ? answer.found.refusal : undefined
      return { said: refusal ? refusalForVisitor(refusal, DESK) : answer.found.kind, source: answer.source }
    },
    async badge(name) {
      return app.call('kiosk.badge', { visitorId: found[name] }).then(
        () => ({ said: 'badge made' }),
        (err: { message: string }) => ({ said: err.message })
      )
    }
  }

  it('knows every kiosk channel: each asks the console (and is below) or never does', () => {
    expect(Object.keys(kioskChannels).sort()).toEqual([...Object.keys(CONSOLE_CALLS), ...NO_CONSOLE].sort())
  })

  it('says the last answer: a read refused, then no answer at all, is offline (the cache goes on), not refused', async () => {
    const visit = (await app.call('visitors.create', {
      first_name: 'Hine',
      last_name: 'Tawhiri',
      visitor_company: 'Contoso',
      visit_reason: 'Business',
      start_time: nowSeconds() - 3600,
      end_time: nowSeconds() + 4 * 3600,
      week_schedule: null,
      resources: await kioskDoors(app)
    })) as { id: string }
    await app.call('visitors.assignQr', { id: visit.id })
    await kiosk.refresh()
    await control('PUT', '/scopes', { token: 'full', keys: allPermissionKeys.filter((k) => k !== 'view:visitor') })
    expect(await kiosk.find('Hine Tawhiri')).toMatchObject({ said: REFUSED.said, source: { online: true } })
    await control('PUT', '/scopes', { token: 'full', keys: allPermissionKeys })
    await control('PUT', '/faults', { resetRate: 1 })
    // Its code held, the visit checks in from the cache: the console's earlier refusal no longer stands.
    const met = await kiosk.find('Hine Tawhiri')
    expect(met).toMatchObject({ said: 'found Hine Tawhiri', source: { online: false } })
    expect(met.source?.refused).toBeUndefined()
  }, 60_000)

  // The walk: with a refused token and no visit of the name held, the visitor was told to see the desk
  // and Today's kiosk list said nobody had been sent there. Every visitor sent to the desk is heard there.
  it('a 401 with no visit of the name held: the visitor sent to the desk, Today told who and why', async () => {
    // Online first (the case above may have left the kiosk offline, which waits before asking again).
    await kiosk.refresh()
    await control('PUT', '/faults', { tokenRefused: true })
    const before = (await logOnDisk()).length
    const met = await kiosk.find('Aroha Nobody')
    expect(met.said).toBe(TOKEN_REFUSED.said)
    const entries = (await logOnDisk()).slice(before)
    expect(entries).toEqual([
      expect.objectContaining({
        visitorId: '',
        name: 'Aroha Nobody',
        printed: false,
        offline: false,
        refusal: TOKEN_REFUSED.refusal
      })
    ])
    expect(refusalForDesk(entries[0]!.refusal!, new Translator('en', todayEn), formats())).toBe(TOKEN_REFUSED.desk)
    // Today's list is told at once, as for every refusal (its store listens to kiosk.checkedIn).
    expect(app.events.filter((e) => e.event === 'kiosk.checkedIn').at(-1)).toMatchObject({
      payload: { name: 'Aroha Nobody', refusal: TOKEN_REFUSED.refusal }
    })
  }, 60_000)

  for (const [channel, call] of Object.entries(CONSOLE_CALLS)) {
    for (const fault of FAULTS) {
      it(`${channel} with ${fault.name}: the visitor sent to the desk, Today told why`, async () => {
        const name = `${call.first} ${fault.last}`
        const [first, last] = name.split(' ') as [string, string]
        const visit = (await app.call('visitors.create', {
          first_name: first,
          last_name: last,
          visitor_company: 'Contoso',
          visit_reason: 'Business',
          start_time: nowSeconds() - 3600,
          end_time: nowSeconds() + 4 * 3600,
          week_schedule: null,
          resources: await kioskDoors(app)
        })) as { id: string }
        found[name] = visit.id
        // Loaded while the console is fine (the previous case may have left the kiosk offline): the kiosk
        // holds the visit, with no QR code.
        await kiosk.refresh()
        expect(await kiosk.find(name)).toMatchObject({ said: `found ${name}`, source: { online: true } })

        if ('scopes' in fault)
          await control('PUT', '/scopes', {
            token: 'full',
            keys: allPermissionKeys.filter((k) => k !== 'view:visitor')
          })
        else await control('PUT', '/faults', fault.faults)
        const before = (await logOnDisk()).length
        const met = await call.meet(kiosk, name)

        const { expected } = fault
        expect(met.said).toBe(expected.said)
        if (met.source) expect(met.source.online).toBe(!expected.offline)
        // The kiosk's own state says the refusal too (the CLI's and the page's kiosk.refresh).
        if (met.source && !expected.offline) expect(met.source.refused).toEqual(expected.refusal)
        const entries = (await logOnDisk()).slice(before)
        expect(entries).toEqual([
          expect.objectContaining({
            visitorId: visit.id,
            printed: false,
            offline: expected.offline,
            refusal: expected.refusal
          })
        ])
        expect(refusalForDesk(entries[0]!.refusal!, new Translator('en', todayEn), formats())).toBe(expected.desk)
        if (!expected.offline) expect(`${met.said} ${expected.desk}`).not.toMatch(/offline/i)
      }, 60_000)
    }
  }
})
