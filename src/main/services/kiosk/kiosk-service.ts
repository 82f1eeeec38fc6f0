import { AppError } from '../../../shared/errors'
import { isAutomaticGroup } from '../../../shared/access/doors'
import type { Visitor } from '../../../shared/access/visitors'
import type { BadgeJob } from '../../../shared/badges/schemas'
import type {
  KioskBadge,
  KioskCheckin,
  KioskFind,
  KioskFound,
  KioskRefusal,
  KioskSettings,
  KioskSettingsInput,
  KioskSource,
  PrintFailureFacts
} from '../../../shared/kiosk/schemas'
import type { AccessClient } from '../access/client'
import { unfoldVisitorDoors } from '../access/doors'
import type { BadgeService } from '../badges/badge-service'
import type { Emit } from '../events'
import type { KeyValueStore } from '../storage/key-value-store'
import { CHECKIN_LIMIT, CheckinLog } from './checkin-log'
import { KioskSettingsStore } from './kiosk-settings'
import { FREE_ATTEMPTS, PinAttempts } from './pin-attempts'
import { verifyPin } from './pin-hash'
import { refused } from '../visitors/refused'
import { assignQrReadingBack, type QrGiven } from '../visitors/qr-assign'
import { refusalForVisitor } from '../../../shared/kiosk/kiosk-refusal'
import { printFailureWords } from '../printing/printer-failure'
import { isClosedVisit, matchVisit, opensAtOf, touchesToday } from './visit-match'
import { checkableNow, kioskRefusalOf, refusalOf } from '../../../shared/kiosk/check-in-rule'
import { failedStep, type FailedStep } from '../../../shared/kiosk/failed-step'
import type { Language } from '../../../shared/i18n/locales'
import { personName } from '../../../shared/person-name'
import { badgeVisit } from '../../../shared/visitors/badge-visit'
import type { ConsoleScope } from '../storage/durable-list'
import { englishDeskName } from '../../../shared/kiosk/desk-name'
import { localDay, touchesDay, type DeskZone } from '../today/desk-day'
import { arrivalsOn } from '../../../shared/today/groups'

/**
 * The kiosk window of the Electron app: opened full-screen in kiosk mode, closed with the exit PIN.
 * Web mode has none: the browser shows the `/kiosk` page instead.
 */
export interface KioskWindows {
  enter(): void
  leave(): void
}

export interface KioskServiceDeps {
  dataDir: string
  /** The active console: each check-in is kept with it (storage/durable-list.ts), and the cache is its. */
  console: ConsoleScope
  store: KeyValueStore
  client: () => Promise<AccessClient>
  badges: BadgeService
  emit: Emit
  /** Whether the app prints itself (Electron); otherwise the browser prints (web mode). */
  appPrints: () => boolean
  windows: () => KioskWindows | undefined
  /** Told of each QR code the kiosk gives (the desk's record Today's access column reads). */
  qrGiven?: QrGiven
  /** The desk's time zone as its screens name it (the kiosk page's: desk-day.ts): the kiosk's today is the desk's. */
  deskZone?: Pick<DeskZone, 'zone'>
  now?: () => Date
}

/** A console call at the kiosk waits this long: a visitor is standing there. */
const CALL_TIMEOUT_MS = 5000
/**
 * Offline, a search tries the console again only this long after the last try: a console that
 * does not answer at all would otherwise keep every visitor waiting for its timeout.
 */
const RETRY_OFFLINE_MS = 15_000

const OPEN_STATUSES = ['UPCOMING', 'ACTIVE', 'VISITING'] as const

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

/** Names a visitor can follow: an automatic group that could not be unfolded is named for the console only. */
function doorNames(resources: readonly { name: string; type: string }[]): string[] {
  return resources.map((r) => r.name).filter((name) => name !== '' && !isAutomaticGroup({ name }))
}

const deskHint = (desk: string) => `Please see ${desk}: they will help you.`

/**
 * The self check-in kiosk. Today's visitors and their QR codes are held in memory and refreshed
 * from the console; when the console cannot be reached the kiosk goes on from what it holds (the
 * validity window is checked here, against this computer's clock) and says so. A visitor finds
 * only their own visit (see visit-match.ts), confirms, and the badge is printed and recorded.
 */
/** Who a visit is, as the check-in log and the badge name them. */
type Who = { visitorId: string; name: string; company: string; host: string }

function whoOf(visitor: Visitor): Who {
  return {
    visitorId: visitor.id,
    name: personName(visitor),
    company: visitor.visitor_company ?? '',
    host: visitor.inviter_name ?? ''
  }
}

/** Who a visitor said they are at the kiosk, when no visit of theirs could be looked up: no visit id (''). */
function typedWho(input: KioskFind): Who {
  return {
    visitorId: '',
    name: input.name.trim(),
    company: input.company?.trim() ?? '',
    host: input.host?.trim() ?? ''
  }
}

/** Names typed in a row that match no visit before the visitor is sent to the desk (and the desk told). */
export const NAME_TRIES = FREE_ATTEMPTS

export class KioskService {
  private readonly settings: KioskSettingsStore
  /** Searches in a row whose name matched no visit, and the wait they impose (countNotFound). */
  private readonly namesMissed: PinAttempts
  private readonly log: CheckinLog
  private readonly attempts: PinAttempts
  private readonly now: () => Date
  private visitors = new Map<string, Visitor>()
  private qr = new Map<string, string>()
  /** The doors each visit opens, by name (automatic groups unfolded): told to the visitor offline too. */
  private doors = new Map<string, string[]>()
  private loadedAt: Date | null = null
  /** The console answered the kiosk's last call (a refusal is an answer: not offline). */
  private online = true
  /**
   * The console answered the kiosk's read of today's visitors, and refused it (a token that lacks
   * view:visitor, or refused): no visit can be looked up, and the kiosk is not offline either.
   */
  private readRefused: KioskRefusal | null = null
  /** When the console was last asked for today's visitors (ms). */
  private triedAt = 0
  /** Badges shown for confirmation, by visitor: a check-in prints only a badge the kiosk prepared. */
  private prepared = new Map<string, { badge: KioskBadge; at: number }>()
  /** The console the cache above was read from (the active profile's id then). */
  private cachedFor: string | null | undefined = undefined

  constructor(private readonly deps: KioskServiceDeps) {
    this.now = deps.now ?? (() => new Date())
    this.settings = new KioskSettingsStore(deps.store)
    this.log = new CheckinLog(deps.dataDir, deps.console, this.now)
    this.attempts = new PinAttempts(() => this.now().getTime())
    this.namesMissed = new PinAttempts(() => this.now().getTime())
  }

  getSettings(): KioskSettings {
    return this.settings.get()
  }

  saveSettings(input: KioskSettingsInput): Promise<KioskSettings> {
    return this.settings.save(input)
  }

  enter(): { mode: 'window' | 'route'; path: string } {
    if (!this.settings.pin()) {
      throw new AppError({
        kind: 'validation',
        code: 'KIOSK_PIN_NOT_SET',
        message: 'Kiosk mode needs an exit PIN first.',
        hint: 'Set the kiosk PIN in Settings → Kiosk: it is what lets you leave kiosk mode.'
      })
    }
    const windows = this.deps.windows()
    if (windows) {
      windows.enter()
      return { mode: 'window', path: '' }
    }
    return { mode: 'route', path: '/kiosk' }
  }

  /** Leave kiosk mode with the operator's PIN; wrong PINs are counted and then slowed down. */
  async exit(pin: string): Promise<{ mode: 'window' | 'route'; path: string }> {
    const wait = this.attempts.waitMs()
    if (wait > 0) throw this.locked(wait)
    const kept = this.settings.pin()
    if (kept && !(await verifyPin(pin, kept))) {
      const lock = this.attempts.failed()
      if (lock > 0) throw this.locked(lock)
      const left = this.attempts.left()
      throw new AppError({
        kind: 'validation',
        code: 'KIOSK_PIN_WRONG',
        message: 'That is not the kiosk PIN.',
        hint: `Type the PIN set in Settings → Kiosk. ${left} ${left === 1 ? 'try' : 'tries'} left before the kiosk makes you wait.`,
        details: { triesLeft: left }
      })
    }
    this.attempts.succeeded()
    const windows = this.deps.windows()
    if (windows) {
      windows.leave()
      return { mode: 'window', path: '' }
    }
    return { mode: 'route', path: '/' }
  }

  /** The exit lock still running (main holds the attempts): a dialog closed and reopened counts it down again. */
  exitWait(): { waitSeconds: number } {
    return { waitSeconds: Math.ceil(this.attempts.waitMs() / 1000) }
  }

  private locked(ms: number): AppError {
    const seconds = Math.ceil(ms / 1000)
    return new AppError({
      kind: 'rate-limited',
      code: 'KIOSK_PIN_LOCKED',
      message: `Too many wrong PINs: wait ${seconds} seconds before trying again.`,
      hint: 'Each further wrong PIN makes the wait longer.',
      retryable: true,
      details: { waitSeconds: seconds }
    })
  }

  /**
   * A console call of the kiosk that failed, through the one classifier (shared/kiosk/failed-step.ts):
   * every call of this service goes through here, so none says "offline" of a console that answered.
   */
  private failed(err: unknown, about: 'visit' | 'visitors'): FailedStep {
    const failed = failedStep(AppError.from(err), about)
    this.online = failed.kind === 'refused'
    return failed
  }

  source(): KioskSource {
    const now = this.now()
    return {
      online: this.online,
      ...(this.readRefused && { refused: this.readRefused }),
      loadedAt: this.loadedAt?.toISOString() ?? null,
      visitors: this.visitors.size,
      // What the offline banner promises: the rule the offline refusals come from (kioskRefusalOf with what is held).
      canCheckInOffline: [...this.visitors.values()].filter((v) => checkableNow(v, now, this.held(v.id))).length
    }
  }

  /** What the kiosk holds of a visit to check it in without the console (check-in-rule.ts Held). */
  /**
   * What the kiosk holds in memory (today's visitors, their codes and doors, badges being prepared) is
   * one console's, as its check-in log is: after a switch of console it is dropped before anything is
   * looked up, so an offline kiosk never checks a visitor in from another console's visits (ids can be
   * alike across consoles: the demo sites share theirs). The next read is at once, not after the
   * offline wait.
   */
  private async forActiveConsole(): Promise<void> {
    const active = await this.deps.console()
    if (active === this.cachedFor) return
    this.cachedFor = active
    this.visitors = new Map()
    this.qr.clear()
    this.doors.clear()
    this.prepared.clear()
    this.loadedAt = null
    this.online = true
    this.readRefused = null
    this.triedAt = 0
  }

  /** The desk's time zone as its screens named it (the kiosk page's): the kiosk's today is Today's. */
  private zone(): string | undefined {
    return this.deps.deskZone?.zone
  }

  /**
   * When the visitor checked in at this kiosk today (the desk's day, as Today counts arrivals: groups.ts
   * `arrivalsOn`), or null: a visit checked in once is not checked in again.
   */
  private async checkedInAt(visitorId: string, now: Date): Promise<string | null> {
    const arrival = arrivalsOn(await this.log.list(CHECKIN_LIMIT), localDay(now, this.zone())).get(visitorId)
    return arrival?.where === 'kiosk' ? arrival.at : null
  }

  /** A badge or check-in asked for a visit checked in already today: refused, with when (nothing recorded). */
  private async refuseIfCheckedIn(visitorId: string, now: Date, desk: string): Promise<void> {
    const at = await this.checkedInAt(visitorId, now)
    if (!at) return
    throw new AppError({
      kind: 'conflict',
      code: 'KIOSK_ALREADY_CHECKED_IN',
      message: 'You are checked in already: no second check-in is made.',
      hint: `If you need another badge, please see ${desk}.`,
      details: { checkedInAt: at, desk }
    })
  }

  private held(visitorId: string) {
    return { code: this.qr.has(visitorId) }
  }

  /**
   * Read today's visitors, and the QR codes of those who can still check in, into the cache. A
   * console that does not answer leaves the cache as it was and the kiosk offline.
   */
  async refresh(): Promise<KioskSource> {
    await this.forActiveConsole()
    const now = this.now()
    this.triedAt = now.getTime()
    let c: AccessClient
    let today: Visitor[]
    try {
      const client = await this.deps.client()
      c = client
      // Only open visits, one status per call (the filter takes one code, facts 3.9): a console keeps every
      // visit it ever had, and the closed ones (visited, no-show, cancelled) can never check in.
      const lists = await Promise.all(
        // With the weekly schedule: the kiosk checks in only around the hours the pass works (checkInTime).
        OPEN_STATUSES.map((status) =>
          client.visitors.all({ status, expand: ['resource', 'schedule'], timeoutMs: CALL_TIMEOUT_MS })
        )
      )
      const byId = new Map(lists.flat().map((v) => [v.id, v]))
      const day = localDay(now, this.zone())
      today = [...byId.values()].filter((v) => touchesDay(v, day))
    } catch (err) {
      const failed = this.failed(err, 'visitors')
      // Refused, the cache is kept (the console may take the token again) but no visit is looked up in
      // it; offline, it is what the kiosk goes on from. The last answer stands: an earlier refusal goes.
      this.readRefused = failed.kind === 'refused' ? failed.refusal : null
      return this.source()
    }
    this.online = true
    this.readRefused = null
    this.loadedAt = now
    this.visitors = new Map(today.map((v) => [v.id, v]))
    for (const id of this.qr.keys()) if (!this.visitors.has(id)) this.qr.delete(id)
    for (const id of this.doors.keys()) if (!this.visitors.has(id)) this.doors.delete(id)
    // One topology read for the whole pass, not one per visitor.
    let topology: ReturnType<AccessClient['doors']['topology']> | undefined
    const doorsApi = {
      topology: () => (topology ??= c.doors.topology({ timeoutMs: CALL_TIMEOUT_MS })),
      group: (id: string) => c.doors.group(id, { timeoutMs: CALL_TIMEOUT_MS })
    }
    for (const v of today) {
      if (this.qr.has(v.id) || !checkableNow(v, now)) continue
      try {
        if (!this.doors.has(v.id)) this.doors.set(v.id, doorNames(await unfoldVisitorDoors(doorsApi, v.resources)))
        this.qr.set(v.id, base64(await c.qrCodes.download(v.id, { timeoutMs: CALL_TIMEOUT_MS })))
      } catch (err) {
        // No code assigned yet is the console's answer of this one visit (item-refused.ts), not a failed
        // call; anything else stops the pass (the badge step classifies it for the visitor it concerns).
        if (!refused(err)) break
      }
    }
    return this.source()
  }

  async find(input: KioskFind): Promise<{ found: KioskFound; source: KioskSource }> {
    await this.forActiveConsole()
    // Names missed too often: no name is looked up until the wait is over. The visitor is told of the
    // hold (never "no visit found": it may be a booked visitor), and the desk hears of the name turned away.
    const held = this.namesHeld()
    if (held) {
      await this.recordRefusal(typedWho(input), held.refusal)
      return { found: held, source: this.source() }
    }
    // Every search reads the console (a visit cancelled a minute ago is not found), unless it just failed.
    const retry = this.online || this.now().getTime() - this.triedAt >= RETRY_OFFLINE_MS
    if (retry) await this.refresh()
    const now = this.now()
    if (this.readRefused) return this.lookUpRefused(input, this.readRefused, now)
    if (!this.loadedAt) throw this.unreachable()
    // Today's closed visits of the name too: a visit cancelled or over tells the visitor why, not "no
    // match", and a namesake's open visit is never handed to someone whose own visit was cancelled.
    const closed = this.online ? await this.closedOfToday(input.name, now) : []
    if (this.readRefused) return this.lookUpRefused(input, this.readRefused, now)
    const open = [...this.visitors.values()]
    const visits = [...open, ...closed.filter((v) => !this.visitors.has(v.id))]
    const { found, refused } = matchVisit(visits, input, now, this.zone())
    if (refused) await this.recordRefusal(refused.visitor, refused.refusal)
    const notFound = await this.countNotFound(found, input)
    if (notFound) return { found: notFound, source: this.source() }
    const checkedInAt = found.kind === 'one' ? await this.checkedInAt(found.visit.visitorId, now) : null
    // Checked in already: told when, and never offered a second check-in (a second badge, a second arrival).
    if (checkedInAt) return { found: { kind: 'none', reason: 'checked-in', checkedInAt }, source: this.source() }
    const offline = this.offlineRefusal(found, now)
    if (offline) {
      // Decided before the visitor is asked to confirm: offline, the kiosk checks in only what it holds
      // (a visit with no code held here cannot get a badge), so it says so now rather than after "Yes,
      // print my badge". Recorded for the desk like every refusal. Once the console answers again,
      // find reads it and badge() assigns a code.
      await this.recordRefusal(offline.visitor, offline.refusal)
      return { found: { kind: 'none', reason: 'not-now', refusal: offline.refusal }, source: this.source() }
    }
    return { found, source: this.source() }
  }

  /**
   * Names that match no visit, NAME_TRIES times in a row: the visitor is sent to the desk, and the desk
   * hears of them under the name last typed — recorded as every refusal is, so someone who could not find
   * their visit is on Today's kiosk list, not gone unseen. From then on main holds the next search for a
   * wait that grows with each further miss (pin-attempts.ts, the exit PIN's rule), so names cannot be
   * guessed without end: the kiosk confirms who is expected. A visit found starts the count again.
   */
  private async countNotFound(found: KioskFound, input: KioskFind): Promise<KioskFound | null> {
    // Too short a name to search is no try; a name that found a visit — one to check in, several, or one
    // that cannot be checked in now (ended, too early, cancelled, checked in already) — is no miss.
    if (found.kind === 'none' && found.reason === 'need-full-name') return null
    if (found.kind !== 'none' || found.reason !== 'no-match') {
      this.namesMissed.succeeded()
      return null
    }
    const waitMs = this.namesMissed.failed()
    if (waitMs === 0) return null
    const refusal = this.namesHeldRefusal(waitMs)
    await this.recordRefusal(typedWho(input), refusal)
    return { kind: 'none', reason: 'no-match', refusal }
  }

  /** The wait after names missed, still running: the name is not looked up (`held`), with the seconds left. */
  private namesHeld(): (KioskFound & { refusal: KioskRefusal }) | null {
    const waitMs = this.namesMissed.waitMs()
    if (waitMs === 0) return null
    return { kind: 'none', reason: 'held', refusal: { reason: 'held', waitSeconds: Math.ceil(waitMs / 1000) } }
  }

  /** The refusal of a search held after names missed: how many in a row, and the whole seconds left. */
  private namesHeldRefusal(waitMs: number): KioskRefusal {
    return { reason: 'not-found', tries: this.namesMissed.inARow(), waitSeconds: Math.ceil(waitMs / 1000) }
  }

  /**
   * The console refused the kiosk's read of the visits (failed-step.ts): the visitor is sent to the
   * desk in visitor words, and — when the visits loaded before name theirs — Today's kiosk list is
   * told the true reason (the key the token lacks), never "offline".
   */
  private async lookUpRefused(
    input: KioskFind,
    refusal: KioskRefusal,
    now: Date
  ): Promise<{ found: KioskFound; source: KioskSource }> {
    const { found } = matchVisit([...this.visitors.values()], input, now, this.zone())
    const visitor = found.kind === 'one' ? this.visitors.get(found.visit.visitorId) : undefined
    // No visit of the name held (or several): the visitor is sent to the desk all the same, so the desk
    // hears it, under the name they typed (no visit id: the console could not be asked which one).
    await this.recordRefusal(visitor ? whoOf(visitor) : typedWho(input), refusal)
    return { found: { kind: 'none', reason: 'not-now', refusal }, source: this.source() }
  }

  /**
   * The one visit found, when the console does not answer and the kiosk cannot check it in from what
   * it holds (check-in-rule.ts with Held: the rule the offline banner counts by), and why.
   */
  private offlineRefusal(found: KioskFound, now: Date): { visitor: Visitor; refusal: KioskRefusal } | undefined {
    if (this.online || found.kind !== 'one') return undefined
    const visitor = this.visitors.get(found.visit.visitorId)
    const refusal = visitor && kioskRefusalOf(visitor, now, this.held(visitor.id))
    return visitor && refusal ? { visitor, refusal } : undefined
  }

  /**
   * Today's closed visits (cancelled, left, no-show) of a name: the kiosk's cache holds only open
   * visits, since a console keeps every visit it ever had. The list's keyword is a prefix of the first
   * or last name (and then ignores the status filter): the first word typed, or the first character
   * of a name typed without spaces (王伟).
   */
  private async closedOfToday(name: string, now: Date): Promise<Visitor[]> {
    const typed = name.trim().split(/\s+/).filter(Boolean)
    const keyword = typed.length === 1 ? [...typed[0]!][0]! : typed[0]
    if (!keyword) return []
    try {
      const c = await this.deps.client()
      const { items } = await c.visitors.list({ keyword, pageSize: 100 }, { timeoutMs: CALL_TIMEOUT_MS })
      const day = localDay(now, this.zone())
      return items.filter((v) => isClosedVisit(v.status) && touchesDay(v, day))
    } catch (err) {
      // Offline, the search goes on from the open visits held; refused, no visit is looked up (find).
      const failed = this.failed(err, 'visitors')
      if (failed.kind === 'refused') this.readRefused = failed.refusal
      return []
    }
  }

  /**
   * A visitor sent to the desk goes into the check-in log with why, and to the desk's Today at once:
   * the visit found (a Visitor), or only who they said they are (`typedWho`) when none could be looked up.
   */
  private async recordRefusal(who: Visitor | Who, refusal: KioskRefusal): Promise<void> {
    const entry = await this.log.record({
      ...('visitorId' in who ? who : whoOf(who)),
      printed: false,
      offline: !this.online,
      refusal
    })
    this.deps.emit('kiosk.checkedIn', entry)
  }

  private unreachable(): AppError {
    return new AppError({
      kind: 'network',
      code: 'KIOSK_OFFLINE_EMPTY',
      message: 'The kiosk cannot reach the console and has no visitors loaded yet.',
      hint: deskHint(englishDeskName(this.settings.get().deskName)),
      retryable: true,
      details: { desk: englishDeskName(this.settings.get().deskName) }
    })
  }

  /**
   * The badge of a visit found at the kiosk. Online, the visit is read again (cancelled meanwhile?)
   * and a visitor with no QR code gets one: the desk already granted this visit its doors, the code
   * is only the key to them, and sending a booked visitor to the desk for it is what a kiosk is
   * for avoiding. Offline, the cached visit and code are used; without a cached code the visitor
   * goes to the desk.
   */
  async badge(visitorId: string): Promise<KioskBadge> {
    await this.forActiveConsole()
    const now = this.now()
    const desk = englishDeskName(this.settings.get().deskName)
    let visitor: Visitor | undefined
    let doors: string[] = []
    let qrPngBase64: string | undefined
    let qrAssigned = false
    let c: AccessClient | undefined
    try {
      c = await this.deps.client()
      const read = await c.visitors.get(visitorId, { timeoutMs: CALL_TIMEOUT_MS })
      visitor = read
      doors = doorNames(await unfoldVisitorDoors(c.doors, read.resources).catch(() => read.resources))
      this.visitors.set(read.id, read)
      this.doors.set(read.id, doors)
      this.online = true
    } catch (err) {
      const failed = this.failed(err, 'visit')
      if (failed.kind === 'refused') {
        // The console answered (deleted since it was found: cancelled; the token refused: the desk's reason).
        const known = this.visitors.get(visitorId)
        throw await this.notOpen(desk, known && { visitor: known, refusal: failed.refusal })
      }
      visitor = this.visitors.get(visitorId)
      doors = this.doors.get(visitorId) ?? []
    }
    if (!visitor || !touchesToday(visitor, now, this.zone()) || !checkableNow(visitor, now))
      throw await this.notOpen(desk, visitor && { visitor, refusal: refusalOf(visitor, now) })
    await this.refuseIfCheckedIn(visitorId, now, desk)
    // No badge can come out: no QR code is made for a badge the visitor would never hold.
    await this.refuseIfPrinterCannotPrint(visitor, desk)

    if (this.online && c) {
      try {
        qrPngBase64 = base64(await c.qrCodes.download(visitorId, { timeoutMs: CALL_TIMEOUT_MS }))
      } catch (err) {
        try {
          // No code assigned yet is an answer (refused): the kiosk gives one. Anything else is a failed step.
          if (!refused(err)) throw err
          // The one QR assign of every screen: an answer lost is read back, and "offline" only when the
          // console does not answer the read either (the console that assigned the code was not offline).
          await assignQrReadingBack(c, visitorId, { timeoutMs: CALL_TIMEOUT_MS }, this.deps.qrGiven)
          qrPngBase64 = base64(await c.qrCodes.download(visitorId, { timeoutMs: CALL_TIMEOUT_MS }))
          qrAssigned = true
        } catch (stepErr) {
          // The console stopped answering: the cached code, if any, or the desk (below). It answered
          // and refused (a token that may not give codes): the desk, with the true reason.
          const failed = this.failed(stepErr, 'visit')
          if (failed.kind === 'refused')
            await this.refuse(visitor, failed.refusal, desk, { kind: 'conflict', code: 'KIOSK_CODE_NOT_GIVEN' })
        }
      }
    }
    qrPngBase64 ??= this.qr.get(visitorId)
    if (!qrPngBase64) {
      // A visit found and sent to the desk: recorded with why, like every refusal (recordRefusal); the
      // reason is the rule's for a visit whose code the kiosk does not hold.
      const refusal = refusalOf(visitor, now, { code: false })
      return this.refuse(visitor, refusal, desk, { kind: 'network', code: 'KIOSK_NO_QR_OFFLINE', retryable: true })
    }
    this.qr.set(visitorId, qrPngBase64)
    const { stock, printer } = await this.deps.badges.getSettings()
    const job: BadgeJob = { ...badgeVisit(visitor), stock }
    const badge: KioskBadge = {
      job,
      qrPngBase64,
      qrAssigned,
      doors,
      opensAt: opensAtOf(visitor, now),
      source: this.source(),
      // Main prints it (an IPP printer or system queue, or the desktop app's window): the page does not.
      mainPrints: await this.mainPrints(printer)
    }
    this.prepared.set(visitorId, { badge, at: now.getTime() })
    return badge
  }

  /**
   * A visit sent to the desk at the badge step: recorded for the desk with why (recordRefusal), the
   * visitor told to see the desk. `KIOSK_NO_QR_OFFLINE`: the kiosk holds no code and cannot fetch one
   * offline. `KIOSK_CODE_NOT_GIVEN`: the console refused a step of the visit's QR code (check-in-rule's
   * reasons do not cover it: the visit may check in, the desk's token or console stands in the way) —
   * never "offline", the console answered.
   */
  private async refuse(
    visitor: Visitor,
    refusal: KioskRefusal,
    desk: string,
    as: { kind: 'network' | 'conflict'; code: 'KIOSK_NO_QR_OFFLINE' | 'KIOSK_CODE_NOT_GIVEN'; retryable?: true }
  ): Promise<never> {
    await this.recordRefusal(visitor, refusal)
    throw new AppError({
      ...as,
      message: refusalForVisitor(refusal, desk),
      hint: 'They will help you.',
      details: { refusal, desk }
    })
  }

  /**
   * The badge printer main prints to is known not to print now (out of labels, offline, stopped): the
   * visitor is sent to the desk at once — before a QR code is assigned and before a job is sent that
   * would only wait on the printer — and Today's kiosk list shows the printer's reason and its fix.
   */
  private async refuseIfPrinterCannotPrint(visitor: Visitor, desk: string): Promise<void> {
    const refusal = await this.deps.badges.badgePrinterRefusal()
    if (!refusal) return
    const words = printFailureWords(refusal)
    const { printer } = await this.deps.badges.getSettings()
    const entry = await this.log.record({
      ...whoOf(visitor),
      printed: false,
      output: 'printer',
      ...(printer ? { printer: await this.deps.badges.printerLabel(printer) } : {}),
      printError: words.desk,
      printReason: words.visitor,
      printFailure: words.facts,
      offline: !this.online
    })
    this.deps.emit('kiosk.checkedIn', entry)
    throw new AppError({
      kind: 'conflict',
      code: 'KIOSK_PRINTER_NOT_READY',
      message: `You are checked in, but your badge cannot be printed here right now: the badge printer is not ready. Please see ${desk}: they will print it for you.`,
      hint: 'They will help you.',
      retryable: true,
      details: { printer: refusal.details?.['printer'], printerState: refusal.details?.['printerState'], desk }
    })
  }

  /** The visit changed since it was found (cancelled, over): recorded, and the visitor told why. */
  private async notOpen(
    desk: string,
    refused?: { visitor: Visitor; refusal: KioskRefusal } | undefined
  ): Promise<AppError> {
    if (refused) await this.recordRefusal(refused.visitor, refused.refusal)
    return new AppError({
      kind: 'conflict',
      code: 'KIOSK_VISIT_NOT_OPEN',
      message: refused ? refusalForVisitor(refused.refusal, desk) : 'This visit cannot be checked in at the kiosk now.',
      hint: refused ? 'They will help you.' : deskHint(desk),
      details: refused ? { refusal: refused.refusal, desk } : { desk }
    })
  }

  /**
   * Whether main prints the badge (the desktop app's window, or an IPP printer or system queue in
   * either mode) rather than the kiosk page: what the prepared badge tells the page, and what check-in does.
   */
  private async mainPrints(printer: string | null | undefined): Promise<boolean> {
    return this.deps.appPrints() || (await this.deps.badges.printsItself(printer))
  }

  /**
   * Print the prepared badge and record the check-in. Main prints silently on the badge printer of
   * the badge settings — itself to an IPP printer or system queue, in both modes, and "printed" only
   * once the printer completed the job — or through the desktop app's window; with no such printer in
   * web mode the page has handed the badge to the browser's print dialog already, or says why it could not. A print that fails is recorded
   * with the printer's reason and what to do (Today shows it), and the visitor is sent to the desk.
   */
  async checkIn(input: {
    visitorId: string
    browser?: { handedToDialog: boolean; error?: string | undefined } | undefined
    language?: Language | undefined
  }): Promise<KioskCheckin> {
    await this.forActiveConsole()
    const prepared = this.prepared.get(input.visitorId)
    if (!prepared || this.now().getTime() - prepared.at > 10 * 60_000) {
      throw new AppError({
        kind: 'validation',
        code: 'KIOSK_NOT_PREPARED',
        message: 'Find your visit again to print your badge.',
        hint: 'The kiosk went back to its welcome screen meanwhile.'
      })
    }
    this.prepared.delete(input.visitorId)
    // Checked in meanwhile (another tab of the kiosk, a page that skipped the search): no second check-in.
    await this.refuseIfCheckedIn(input.visitorId, this.now(), englishDeskName(this.settings.get().deskName))
    const { job } = prepared.badge
    let printed = false
    let printError: string | undefined
    let printReason: string | undefined
    let printFailure: PrintFailureFacts | undefined
    let output: KioskCheckin['output']
    let printer: string | undefined
    const settings = await this.deps.badges.getSettings()
    if (await this.mainPrints(settings.printer)) {
      const chosen = settings.printer ?? undefined
      printer = chosen && (await this.deps.badges.printerLabel(chosen))
      output = 'printer'
      try {
        await this.deps.badges.print({
          job,
          silent: true,
          ...(chosen ? { printer: chosen } : {}),
          ...(input.language ? { language: input.language } : {}),
          qrPng: Buffer.from(prepared.badge.qrPngBase64, 'base64')
        })
        printed = true
      } catch (err) {
        ;({ desk: printError, visitor: printReason, facts: printFailure } = printFailureWords(err))
      }
    } else if (input.browser) {
      output = 'browser-print'
      // Handed to the browser's print dialog: never recorded printed, since the dialog tells nobody what
      // was done in it (shared/badges/output-words.ts printOutcome). Its print() throwing is a failure.
      const handed = input.browser.handedToDialog
      printError = handed ? undefined : (input.browser.error ?? 'The browser did not print the badge.')
      // The browser's own message is its words; with none, the desk says this in its language.
      if (!handed && !input.browser.error) printFailure = { code: 'KIOSK_BROWSER_NOT_PRINTED' }
      if (handed) await this.deps.badges.record({ job, output: 'browser-print' })
    } else {
      printError = 'No printer: the badge was not printed.'
      printFailure = { code: 'KIOSK_NO_PRINTER' }
    }
    const entry = await this.log.record({
      visitorId: job.visitorId,
      name: job.name,
      company: job.company,
      host: job.host,
      printed,
      ...(output ? { output } : {}),
      ...(printer ? { printer } : {}),
      ...(printError ? { printError } : {}),
      ...(printReason ? { printReason } : {}),
      ...(printFailure ? { printFailure } : {}),
      offline: !prepared.badge.source.online
    })
    this.deps.emit('kiosk.checkedIn', entry)
    return entry
  }

  checkins(limit: number): Promise<KioskCheckin[]> {
    return this.log.list(limit)
  }
}
