import type { WriteSettled } from '../../../shared/audit/write-settled'
import { AsyncLocalStorage } from 'node:async_hooks'
import { hostname, userInfo } from 'node:os'
import { AppError } from '../../../shared/errors'
import {
  RETENTION_DEFAULT_DAYS,
  retentionSchema,
  type AuditAction,
  type AuditFilter,
  type AuditPage,
  type AuditRow,
  type AuditTarget,
  type AuditVisit
} from '../../../shared/audit/schemas'
import type { BadgeJob, BadgeOutput } from '../../../shared/badges/schemas'
import type { RecordedWrite, WriteAnswer, WriteCall, WriteRecorder } from '../access/http'
import type { KeyValueStore } from '../storage/key-value-store'
import { auditCsvLines } from './audit-csv'
import type { Language } from '../../../shared/i18n/locales'
import { isoInZone } from './iso-in-zone'
import { AuditLog, type EndInput } from './audit-log'
import { rowForPage } from './imported-cards'
import { actionOf, writeKindOf, type WriteKind } from './write-kinds'
import { nameSubjects, type AuditReader, type WriteNames } from './write-names'
import { awaitNames, RowsToSettle, type ReadBackFinding } from './settle-write'
import { hasLaterCheck, laterCheckOf } from './later-checks'
import { keptWriteOf, type KeptWrite } from './kept-write'
import { CHECK_AFTER_LOST_MS, keyedWrite, mayBeTheSame, sameWriteKey } from './same-write'
import type { EndpointInfo } from '../../../shared/access/endpoints'
import { failureOf, outcomeOf } from './write-outcome'
import { doneBefore } from './done-before'
import { importedNumbers } from './imported-numbers'
import { exportWords } from '../../../shared/i18n/file-words'
import { fileNamed } from '../../../shared/text/file-name'

export interface ConsoleRef {
  name: string
  url: string
  /** What identifies the console whatever its address or profile: the fingerprint of its pinned certificate. */
  id?: string
}

export interface Desk {
  user: string
  host: string
  /** The self check-in kiosk of this computer did it, for a visitor, not the person logged in (see `asKiosk`). */
  kiosk?: true
}

/** The kiosk of a computer as the journal names it: "kiosk" on that machine, whoever is logged in. */
export const kioskOf = (desk: Desk): Desk => ({ user: 'kiosk', host: desk.host, kiosk: true })

export interface AuditServiceDeps {
  dir: string
  store: KeyValueStore
  /** The active console's profile name and address (a badge print names it). */
  activeConsole: () => Promise<ConsoleRef | null>
  /** Given by tests; the OS user and the machine name otherwise. */
  desk?: Desk
  now?: () => Date
  /**
   * An Unknown row settled by a read-back: every screen still saying "may have done it" of its write
   * follows (the audit.settled event; the error the screen holds names the row, `details.auditRow`).
   */
  onSettled?: (settled: WriteSettled) => void
  /**
   * The active console's client, through which rows a run before this one left Unknown are read back
   * when it answers (settleLater): none, and only this run's rows are.
   */
  activeReader?: () => Promise<AuditReader | undefined>
}

/** One console whatever its address (its certificate's fingerprint), or by its address for a row without one. */
const sameConsole = (a: ConsoleRef, b: ConsoleRef): boolean => (a.id && b.id ? a.id === b.id : a.url === b.url)

const RETENTION_KEY = 'auditRetentionDays'

/** The OS user and machine name; a user with no passwd entry (some containers) is named from the environment. */
export function thisDesk(): Desk {
  let user: string
  try {
    user = userInfo().username
  } catch {
    user = process.env.USER ?? process.env.USERNAME ?? 'unknown'
  }
  return { user, host: hostname() }
}

/**
 * The audit trail: every write this desk makes to a console, and every badge it prints, on a durable
 * local journal with its outcome, a filterable list, a CSV export and a retention setting.
 */
export class AuditService {
  readonly log: AuditLog
  private readonly desk: Desk
  /** What the writes of the call in progress are, when the request alone cannot say (see `as`). */
  private readonly purpose = new AsyncLocalStorage<AuditAction>()
  /** Who makes the writes and prints of the call in progress, when it is not the desk's user (see `asKiosk`). */
  private readonly actor = new AsyncLocalStorage<Desk>()
  /** This run's rows still Unknown that a read-back may settle (settle-write.ts). */
  private readonly rowsToSettle = new RowsToSettle(
    (rowId, end) => this.log.settleUnknown(rowId, end),
    (settled) => this.deps.onSettled?.(settled)
  )
  /** Rows of an earlier run being read back now (settleKept), and those whose check could not tell. */
  private keptChecking: Promise<void> | undefined
  private readonly cannotTell = new Set<string>()

  constructor(private readonly deps: AuditServiceDeps) {
    this.desk = deps.desk ?? thisDesk()
    this.log = new AuditLog(deps.dir, {
      retentionDays: () => this.retentionDays(),
      ...(deps.now ? { now: deps.now } : {})
    })
  }

  /**
   * Read the journal once the app is up (an app entry calls this with its window shown), off any
   * screen's path: the first Audit page and the first console write then find it read, whatever
   * its size (a journal of 10,000 rows is a replay of 20,000 lines, a few hundred ms).
   */
  prepare(): void {
    void this.log.warm()
  }

  retentionDays(): number {
    const parsed = retentionSchema.safeParse(this.deps.store.get(RETENTION_KEY))
    return parsed.success ? parsed.data : RETENTION_DEFAULT_DAYS
  }

  /** Keep rows this many days; older ones are pruned now (and at each start). */
  async setRetention(days: number): Promise<{ retentionDays: number; pruned: number }> {
    this.deps.store.set(RETENTION_KEY, days)
    return { retentionDays: days, pruned: await this.log.prune(days) }
  }

  /**
   * Record the writes `run` makes as `action`: an enrollment's bind is an NFC card assignment on
   * the wire, told apart only by the channel that makes it.
   */
  as<T>(action: AuditAction, run: () => Promise<T>): Promise<T> {
    return this.purpose.run(action, run)
  }

  /**
   * Record the writes and prints `run` makes as the kiosk (a QR code it assigns, a badge it prints),
   * not as the OS user the app runs under: at a kiosk nobody at the desk did them. The one place
   * every row's actor is set (`who`); the kiosk's channels run through it (handlers/kiosk.ts).
   */
  asKiosk<T>(run: () => Promise<T>): Promise<T> {
    return this.actor.run(kioskOf(this.desk), run)
  }

  /** Who the row of a write or print made now names: the kiosk within `asKiosk`, the desk's user otherwise. */
  private who(): Desk {
    return this.actor.getStore() ?? this.desk
  }

  /**
   * What the access client of one console calls around each write. `reader`: that console's client
   * (given once it is built), through which what a request names only by id is read before the
   * write — a card about to be deleted is recorded with its number and owner.
   */
  recorder(console: ConsoleRef, reader?: () => AuditReader | undefined): WriteRecorder {
    return {
      before: async (call: WriteCall) => {
        const kind = writeKindOf(call)
        if (!kind) return undefined
        const target = kind.target(call)
        const about = kind.about?.(call)
        const names = about
          ? await nameSubjects(about, {
              requestName: target.name,
              recall: await this.log.recall(),
              reader: reader?.(),
              readBefore: call.readBefore
            })
          : {}
        // What its later check reads, on its begin line: a lost answer is read back after a restart too.
        const check = hasLaterCheck(call.endpoint.id) ? await keptWriteOf(call, names.before) : undefined
        if (check) await this.readBackSameWrite(console, call.endpoint, check, reader)
        const detail = await kind.detail?.(call, names)
        const importedCards = await kind.cards?.(call)
        // A pass nothing named yet is shown by its id, as Touch Passes shows a pass without a card id.
        const passId = about?.touchPass?.id
        const touchPass = names.touchPass ?? (passId ? { id: passId, cardId: passId } : undefined)
        const { personName, visit } = visitorRow(target, names, kind, call)
        const targetName = personName ?? names.readerName
        const id = await this.log.begin({
          console,
          desk: this.who(),
          action: this.purpose.getStore() ?? actionOf(kind, call, names),
          endpoint: { id: call.endpoint.id, title: call.endpoint.title },
          target: targetName ? { ...target, name: targetName } : target,
          ...(names.card ? { card: names.card } : {}),
          ...(importedCards ? { importedCards } : {}),
          ...(touchPass ? { touchPass } : {}),
          ...(visit ? { visit } : {}),
          ...(detail ? { facts: [detail] } : {}),
          ...(check ? { check } : {})
        })
        const recorded: RecordedWrite = async (answer: WriteAnswer) => {
          const extra = answer.ok && kind.answered ? kind.answered(answer.result, call) : {}
          const end: EndInput = {
            ...outcomeOf(answer),
            ...(extra.id ? { targetId: extra.id } : {}),
            ...(extra.name ? { targetName: extra.name } : {}),
            ...(extra.touchPass ? { touchPass: extra.touchPass } : {}),
            ...(extra.fact ? { facts: [extra.fact] } : {})
          }
          // The console's answer stands even if its line cannot be written: the row then reads
          // "the app stopped before the answer" after a restart, which is what the disk knows.
          await this.log.end(id, end).catch(() => undefined)
          if (extra.namesMore) awaitNames(extra.namesMore, (fact) => this.log.end(id, { outcome: 'ok', facts: [fact] }))
          // An import's cards by the numbers the console shows them by: its answer names only their tokens.
          const cardNumbers =
            extra.importedTokens && (await importedNumbers(reader?.(), extra.importedTokens, call.readAfter))
          if (cardNumbers) await this.log.end(id, { outcome: 'ok', cardNumbers }).catch(() => undefined)
          if (!answer.ok && end.outcome === 'unknown')
            this.rowsToSettle.awaitReadBack(
              answer.error,
              (end) => this.log.end(id, end),
              id,
              check && laterCheckOf(call.endpoint.id, check, reader)
            )
        }
        // The row's id, for the caller's own record of the answer (a batch part names it).
        recorded.rowId = id
        return recorded
      }
    }
  }

  /**
   * The console answers again (its connection state is Connected once more): every Unknown row whose
   * write can be read back by its kind is settled with what the console holds (settle-write settleLater).
   */
  async settleLater(): Promise<void> {
    await this.rowsToSettle.settleLater()
    await this.settleKept()
  }

  /**
   * The rows of the active console that an earlier run of the app left Unknown (its answer lost, or the
   * app stopped before it came), read back by what their begin line kept (kept-write.ts) and the same
   * later checks: settled Done or Not done, said to the screens (audit.settled). A read that fails is
   * tried at the next return of the console; a check that cannot tell is not asked again in this run.
   * Never throws.
   */
  private settleKept(): Promise<void> {
    this.keptChecking ??= this.checkKept()
      .catch(() => undefined)
      .finally(() => (this.keptChecking = undefined))
    return this.keptChecking
  }

  private async checkKept(): Promise<void> {
    const active = await this.deps.activeConsole().catch(() => null)
    const reader = await this.deps.activeReader?.().catch(() => undefined)
    if (!active || !reader) return
    const rows = await this.log.withChecks(
      (row) =>
        row.outcome === 'unknown' &&
        sameConsole(row.console, active) &&
        !this.rowsToSettle.holds(row.id) &&
        !this.cannotTell.has(row.id)
    )
    for (const { row, check } of rows) {
      const finding = await laterCheckOf(row.endpoint.id, check, () => reader)?.().catch(() => null)
      if (finding === null) continue
      if (finding === undefined) this.cannotTell.add(row.id)
      else await this.rowsToSettle.settleRow(row.id, { ...finding, later: true })
    }
  }

  /**
   * A write about to be sent that is the same as one whose answer was lost a short while ago (a form's
   * Create pressed again, in this run or after a restart: same-write.ts) is never sent blindly: the
   * earlier row is read back first by its later check. Done: nothing is sent, the row says Done and the
   * caller gets DONE_BEFORE naming it. Not done: the row says Not done and the write goes on, as it
   * does when what the console holds cannot tell. A read that fails: nothing is sent (SAME_WRITE_UNCHECKED).
   */
  private async readBackSameWrite(
    console: ConsoleRef,
    endpoint: EndpointInfo,
    check: KeptWrite,
    reader: (() => AuditReader | undefined) | undefined
  ): Promise<void> {
    const key = sameWriteKey(endpoint.id, check)
    if (!key) return
    const now = (this.deps.now?.() ?? new Date()).getTime()
    const keyed = keyedWrite(endpoint.id, check)
    // Every write asks this before it is sent: only the last CHECK_AFTER_LOST_MS of the trail is walked,
    // the whole of it for a write known by its key (a purchase: rare, and its key is never used twice).
    const earlier = await this.log.withChecks(
      (row) => row.endpoint.id === endpoint.id && sameConsole(row.console, console) && mayBeTheSame(row, now, keyed),
      keyed ? -Infinity : now - CHECK_AFTER_LOST_MS
    )
    const same = earlier.find((e) => sameWriteKey(endpoint.id, e.check) === key)
    if (!same) return
    // A keyed write's earlier try answered (done or refused), or read back and not done: its key was used.
    const unsure = same.row.outcome === 'unknown' || (same.row.outcome === 'ok' && same.row.said?.key === 'settled')
    if (keyed && !unsure) throw sentOnce(endpoint, same.row.id)
    const read = laterCheckOf(endpoint.id, same.check, reader)
    if (!read) {
      if (keyed) throw sentOnce(endpoint, same.row.id)
      return
    }
    let finding: ReadBackFinding | undefined
    try {
      finding = await read()
    } catch (err) {
      throw sameWriteUnchecked(endpoint, same.row.id, err)
    }
    if (finding !== undefined && same.row.outcome === 'unknown') await this.rowsToSettle.settleRow(same.row.id, finding)
    if (finding !== undefined && finding.done !== false) throw doneBefore(endpoint.id, same.row.id, same.check)
    // Not done, or what the console holds cannot tell: a keyed write is still not sent again.
    if (keyed) throw sentOnce(endpoint, same.row.id)
  }

  /**
   * An upload's row settled by "Check with the console" (batches/check-settles-audit.ts), by the row
   * id its batch journal kept: in this run's memory, or through the journal after a restart.
   */
  settleRow(rowId: string, finding: ReadBackFinding): Promise<void> {
    return this.rowsToSettle.settleRow(rowId, finding)
  }

  /** A badge printed (or refused) at this desk. Never throws: the print's own result stands. */
  async badgePrinted(input: {
    job: BadgeJob
    output: BadgeOutput
    printer?: string
    /** The history entry this print reprints: the row says it is a reprint. */
    reprintOf?: string
    error?: unknown
  }) {
    const console = (await this.deps.activeConsole().catch(() => null)) ?? { name: 'No console', url: '' }
    const error = input.error === undefined ? undefined : AppError.from(input.error)
    await this.log
      .complete(
        {
          console,
          desk: this.who(),
          action: 'badge print',
          endpoint: { id: 'badge', title: 'Print badge' },
          // Named as Badges' history names it (with the company), and the visit's window: two "Ana Ruiz"
          // visits are told apart.
          target: { kind: 'visitor', id: input.job.visitorId, name: withCompany(input.job.name, input.job.company) },
          visit: { start: input.job.validFrom, end: input.job.validTo },
          // The facts, worded on the screen in the desk's language; the row's English detail is made from them.
          badge: {
            stock: input.job.stock,
            output: input.output,
            ...(input.printer ? { printer: input.printer } : {}),
            ...(input.reprintOf ? { reprint: true as const } : {})
          }
        },
        error
          ? {
              outcome: 'refused',
              ...(error.code ? { code: error.code } : {}),
              message: error.message,
              // The printer's reason as facts: the Audit says it in the desk's language, as Badges does.
              ...failureOf(error)
            }
          : { outcome: 'ok' }
      )
      .catch(() => undefined)
  }

  async list(input: { filter?: AuditFilter; offset?: number; limit?: number } = {}): Promise<AuditPage> {
    const { items, total, all } = await this.log.page(input.filter ?? {}, input.offset ?? 0, input.limit ?? 200)
    return {
      items: items.map((row) => rowForPage(row, input.filter?.text)),
      total,
      all,
      consoles: await this.consoles(),
      retentionDays: this.retentionDays(),
      ...(this.log.notice ? { notice: this.log.notice } : {})
    }
  }

  /**
   * Every console the rows name, once whatever its addresses (the key the filter takes: its id), with
   * every name its rows carry (two profiles on one console, a profile renamed) and first the name its
   * profile has now when it is the active one: a console is offered under each name a person may look
   * for it by.
   */
  private async consoles(): Promise<AuditPage['consoles']> {
    const history = await this.log.consoleHistory()
    const active = await this.deps.activeConsole().catch(() => null)
    return [...history]
      .map(([key, { url, names: atTheTime }]) => {
        const isActive = active && (active.id ? active.id === key : active.url === key)
        const now = isActive ? active.name : undefined
        const names = now ? [now, ...atTheTime.filter((n) => n !== now)] : [...atTheTime]
        // The active console under its profile's name and address now; another under its newest.
        return { key, name: now ?? atTheTime[atTheTime.length - 1]!, url: isActive ? active.url : url, names }
      })
      .sort((a, b) => a.name.localeCompare(b.name))
  }

  /** `timeZone`: the desk's (the screen's) IANA zone, for the file's times and name; this process's otherwise. */
  async exportCsv(
    filter: AuditFilter = {},
    timeZone?: string,
    /** The desk's language: the header's (none: English). */
    language?: Language
  ): Promise<{ filename: string; text: string; rows: number }> {
    const { rows } = await this.log.query(filter)
    const day = isoInZone(this.deps.now?.() ?? new Date(), timeZone).slice(0, 10)
    // `rows`: the file's data lines (a line per card of an upload), the count the screen says was saved.
    const { text, lines } = auditCsvLines(rows, timeZone, language)
    return { filename: fileNamed(exportWords(language).t('file.audit', { day }), 'csv'), text, rows: lines }
  }

  /** For tests and the crash child: every row, oldest first. */
  async all(): Promise<AuditRow[]> {
    return (await this.log.query({})).rows.reverse()
  }

  close(): Promise<void> {
    return this.log.close()
  }
}

/**
 * The one rule for what a row of a visitor write carries (create, update, PIN, card, QR, cancel, and the
 * badge print, `badgePrinted`): the visitor's name with their company, as Badges' history names them, and
 * the visit's window — two "Ana Ruiz" visits told apart. Each from the request where it sends them, else
 * from the visitor as read before the write. A row about anyone else is named as before.
 */
function visitorRow(
  target: AuditTarget,
  names: WriteNames,
  kind: WriteKind,
  call: WriteCall
): { personName?: string | undefined; visit?: AuditVisit | undefined } {
  if (target.kind !== 'visitor') return { personName: names.personName, visit: kind.visit?.(call) }
  const read = names.visit
  const company = kind.company?.(call) ?? read?.company
  const name = names.personName ?? target.name
  return {
    personName: name && company ? withCompany(name, company) : names.personName,
    visit: kind.visit?.(call) ?? (read && read.start !== undefined ? visitWindow(read) : undefined)
  }
}

/** A visitor's name with their company, as Badges' history writes it: "Ana Ruiz · Acme". */
function withCompany(name: string, company: string | undefined): string {
  return company ? `${name} · ${company}` : name
}

/** A visit's window as read: both ends when the console gave both. */
function visitWindow(read: { start?: number; end?: number }): AuditVisit {
  return {
    ...(read.start !== undefined ? { start: read.start } : {}),
    ...(read.end !== undefined ? { end: read.end } : {})
  }
}

/**
 * A write known by its key (a purchase, same-write.ts keyedWrite) whose key is on the trail already:
 * not sent again, whatever became of the first (the person checks what it did before starting anew).
 */
function sentOnce(endpoint: EndpointInfo, auditRow: string): AppError {
  return new AppError({
    kind: 'conflict',
    code: 'DUPLICATE_PURCHASE',
    message: 'This purchase was already sent once; it was not sent again.',
    hint: 'Check the Touch Pass list to see what was bought before starting a new purchase.',
    details: { endpoint: endpoint.id, doneBefore: auditRow }
  })
}

/** The same write's earlier try may have been done and the console could not be read to check: nothing sent. */
function sameWriteUnchecked(endpoint: EndpointInfo, auditRow: string, err: unknown): AppError {
  const cause = AppError.from(err)
  return new AppError({
    kind: cause.kind === 'server' ? 'network' : cause.kind,
    code: 'SAME_WRITE_UNCHECKED',
    message:
      "Not sent: the console may have done this already, as the earlier try's answer was lost, and it could not be read to check.",
    hint: 'Try again when the console answers: it is read back first, so nothing is done twice.',
    retryable: true,
    details: { endpoint: endpoint.id, doneBefore: auditRow, cause: cause.message }
  })
}
