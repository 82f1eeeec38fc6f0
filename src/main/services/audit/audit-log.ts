import { randomUUID } from 'node:crypto'
import { mkdir, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../../shared/errors'
import type {
  AuditCard,
  AuditFilter,
  AuditImportedCard,
  AuditRow,
  AuditTarget,
  AuditTouchPass,
  ImportedCardNumbers
} from '../../../shared/audit/schemas'
import { filterNeedles, nfcSearchText } from '../../../shared/nfc/card-number'
import { Journal } from '../storage/journal'
import { importedCardWords } from './imported-cards'
import { rowSubjects, withTakenFrom } from '../../../shared/audit/row-subjects'
import { outcomeKept } from '../../../shared/audit/outcome-filter'
import { endOutcome } from './write-outcome'
import { Lazy } from '../storage/lazy'
import { WriteLock } from '../storage/write-lock'
import { auditJournalFormat, type AuditBegin, type AuditEnd, type AuditEntry, type EndInput } from './audit-entries'
import type { Language } from '../../../shared/i18n/locales'
import type { AuditFact } from '../../../shared/audit/detail-facts'
import { shownRowText } from '../../../shared/audit/row-words'
import { detailWordsIn, englishDetail, englishSaid } from './detail-in-language'
import type { KeptWrite } from './kept-write'

/** Said of a write whose `begin` is on disk but whose answer never was (in English; the screen words `said`). */
export const STOPPED_BEFORE_ANSWER = englishSaid({ key: 'stopped' })

/** A row keeps this many facts (auditFactsSchema): a read-back added past them is left out. */
const FACTS_MAX = 20

const DAY_MS = 86_400_000

interface HeldRow {
  row: AuditRow
  atMs: number
  /**
   * Lower-case text the free-text filter searches: made once per row at replay (not once per
   * journal line), and for a row written or answered since, on the first text filter that reaches it.
   */
  haystack: string | undefined
  /** The row's words in the desk's language, as the screen shows them there: made on the first search in it. */
  wordsIn?: { language: Language; text: string } | undefined
}

function haystackFor(held: HeldRow, language: Language = 'en'): string {
  held.haystack ??= haystackOf(held.row)
  if (held.wordsIn?.language !== language) held.wordsIn = { language, text: wordsOf(held.row, language) }
  return `${held.haystack}\n${held.wordsIn.text}`
}

/**
 * What the Audit screen shows of a row in a desk's language (English too), beside the names, codes and
 * main's English found on every desk: its action, target, card and pass, desk, detail, outcome, the
 * outcome's sentence (a failed write's error as the screen words it: "nicht erreichbar") and its code
 * in words ("Verbindung abgelehnt"): the one wording of a row (shared/audit/row-words.ts), so a desk
 * finds a row by the words it reads on it.
 */
function wordsOf(row: AuditRow, language: Language): string {
  return shownRowText(row, detailWordsIn(language)).join('\n').toLowerCase()
}

export type BeginInput = Omit<AuditBegin, 't' | 'id' | 'at'>
export type { EndInput } from './audit-entries'

/** What earlier rows named, by id: a write that names only an id is named from here before any read. */
export interface Recall {
  /** A user's or visitor's name ("First Last"). */
  person(kind: AuditTarget['kind'], id: string): string | undefined
  /** A card's number, NFC ID and alias by its token (never its owner: that changes). */
  card(token: string): AuditCard | undefined
  /** A Touch Pass's card id by the pass's id (never its holder: that changes). */
  touchPass(id: string): AuditTouchPass | undefined
}

/**
 * The words a row is found by: everything it shows, the card's NFC ID in every form Cards finds it by
 * (hex both byte orders, decimal), so a row is found by what is printed on the card, and a Touch
 * Pass by its name and its card id with or without dashes, as Touch Passes finds it.
 */
function haystackOf(row: AuditRow): string {
  // Found by the card, pass and owner the screen and the CSV name (one reading of a row's subjects).
  const { card, touchPass } = rowSubjects(row)
  return [
    row.console.name,
    row.console.url,
    `${row.desk.user}@${row.desk.host}`,
    row.action,
    row.endpoint.id,
    row.endpoint.title,
    row.target.kind,
    row.target.id,
    row.target.name,
    card?.number,
    card ? nfcSearchText(card.number) : undefined,
    card?.nfcId,
    card?.alias,
    card?.owner?.name,
    // Whoever it was taken from: a person who stopped opening doors with it finds the row by their name.
    card?.takenFrom,
    ...importedCardWords(row),
    // A pass by every id the screens show for it: its card id, and its own id (Touch Passes shows it
    // for a pass without a card id; a pass's edit names it as the target's id).
    touchPass?.id,
    touchPass?.cardId,
    // Touch Passes finds a pass by its card id typed without dashes: so does the audit filter.
    touchPass?.cardId.replace(/-/g, ''),
    touchPass?.name,
    touchPass?.holder,
    touchPass?.takenFrom,
    row.detail,
    row.outcome,
    row.code,
    row.message
  ]
    .filter(Boolean)
    .join('\n')
    .toLowerCase()
}

/**
 * A badge print's `badge` as the first of its facts, worded like every other (detail-words.ts): the
 * journal keeps `badge` alone, as it always has; a row rewritten by a prune carries the fact already.
 */
function withBadgeFact(badge: AuditRow['badge'], facts: AuditFact[] | undefined): AuditFact[] | undefined {
  if (!badge || facts?.some((f) => f.kind === 'badgePrint')) return facts
  return [{ kind: 'badgePrint', ...badge }, ...(facts ?? [])]
}

/**
 * The row's English detail made again from what it holds (englishDetail), or none; its facts first name
 * whoever a card or pass given was taken from (row-subjects.ts withTakenFrom), as every wording then says.
 */
function withDetail(row: AuditRow): AuditRow {
  const facts = withTakenFrom(row)
  if (facts?.length) row.facts = facts.slice(0, FACTS_MAX)
  const detail = englishDetail(row)
  if (detail) row.detail = detail
  else delete row.detail
  return row
}

/** An import's cards with the numbers the console holds them by (NFC IDs compared in any case). */
function numbered(cards: AuditImportedCard[], numbers: ImportedCardNumbers): AuditImportedCard[] {
  const byNfcId = new Map(numbers.map(([nfcId, number]) => [nfcId.toUpperCase(), number]))
  return cards.map((card) => {
    const number = byNfcId.get(card.nfcId.toUpperCase())
    return number ? { ...card, number } : card
  })
}

function applyEnd(row: AuditRow, end: AuditEnd): AuditRow {
  const next: AuditRow = { ...row, outcome: endOutcome(end), endedAt: end.at }
  if (end.code) next.code = end.code
  if (end.said) {
    next.said = end.said
    next.message = englishSaid(end.said)
  } else if (end.message) {
    delete next.said
    next.message = end.message
  }
  if (end.consoleMsg) next.consoleMsg = end.consoleMsg
  else if (end.said || end.message) delete next.consoleMsg
  // A read-back's sentence replaces the failure's: its facts go with the words they were of.
  if (end.failure && !end.said) next.failure = end.failure
  else if (end.said || end.message) delete next.failure
  if (end.targetId && !row.target.id) next.target = { ...next.target, id: end.targetId }
  if (end.targetName && !row.target.name) next.target = { ...next.target, name: end.targetName }
  if (end.touchPass) next.touchPass = { ...row.touchPass, ...end.touchPass }
  if (end.cardNumbers?.length && row.importedCards) next.importedCards = numbered(row.importedCards, end.cardNumbers)
  if (end.facts?.length) next.facts = [...(row.facts ?? []), ...end.facts].slice(0, FACTS_MAX)
  if (end.detail) {
    // A journal written before facts: its English as recorded, 500 characters at most (auditRowSchema).
    const recorded = row.recordedDetail ? `${row.recordedDetail}; ${end.detail}` : end.detail
    next.recordedDetail = recorded.length > 500 ? `${recorded.slice(0, 499)}…` : recorded
  }
  return withDetail(next)
}

function entriesOf(row: AuditRow, check: KeptWrite | undefined): AuditEntry[] {
  const begin: AuditBegin = {
    t: 'begin',
    id: row.id,
    at: row.at,
    console: row.console,
    desk: row.desk,
    action: row.action,
    endpoint: row.endpoint,
    target: row.target,
    ...(row.card ? { card: row.card } : {}),
    ...(row.importedCards ? { importedCards: row.importedCards } : {}),
    ...(row.touchPass ? { touchPass: row.touchPass } : {}),
    ...(row.visit ? { visit: row.visit } : {}),
    ...(row.badge ? { badge: row.badge } : {}),
    ...(row.facts ? { facts: row.facts } : {}),
    // Only a row recorded before facts keeps English in the journal: the rest is made from the facts.
    ...(row.recordedDetail !== undefined ? { detail: row.recordedDetail } : {}),
    ...(check ? { check } : {})
  }
  if (row.outcome === 'pending') return [begin]
  // The row already holds the answer's additions: the end line only carries the outcome.
  const end: AuditEnd = {
    t: 'end',
    id: row.id,
    at: row.endedAt ?? row.at,
    outcome: row.outcome,
    ...(row.code !== undefined ? { code: row.code } : {}),
    ...(row.said ? { said: row.said } : row.message !== undefined ? { message: row.message } : {}),
    ...(row.consoleMsg !== undefined ? { consoleMsg: row.consoleMsg } : {}),
    ...(row.failure ? { failure: row.failure } : {})
  }
  return [begin, end]
}

/**
 * The audit journal: append-only, each line fsynced before it resolves (the batch journal's
 * mechanism), read once into memory for the screen. Changes are serialised here so a prune
 * (which rewrites the file) never drops a line appended meanwhile.
 */
export class AuditLog {
  readonly path: string
  private readonly state = new Lazy(() => this.openJournal())
  private readonly rows: HeldRow[] = []
  private readonly byId = new Map<string, HeldRow>()
  /**
   * Every console the journal names, by its key (its id; the address for a row written without one)
   * → its newest address and every name its rows carry, oldest first.
   */
  private readonly consoleSeen = new Map<string, { url: string; names: string[] }>()
  /** The id of the console each address was written to (the newest row with one): a row without id there is that console. */
  private readonly idAt = new Map<string, string>()
  /** The newest name each target had in the journal: a PIN or QR row names the visitor a create named. */
  private readonly names = new Map<string, string>()
  /** Cards by token and Touch Passes by id, as the newest row naming them had them. */
  private readonly cards = new Map<string, AuditCard>()
  private readonly passes = new Map<string, AuditTouchPass>()
  /** What the later check of each write reads (its begin line's `check`), by row id: kept with the row. */
  private readonly checks = new Map<string, KeptWrite>()
  /** Every read and write of the journal, in turn: a prune never drops a line appended meanwhile. */
  private readonly queue = new WriteLock()
  /** Said once on the screen after the file had to be set aside. */
  notice: string | undefined

  constructor(
    private readonly dir: string,
    private readonly options: { retentionDays: () => number; now?: () => Date }
  ) {
    this.path = join(dir, 'audit.jsonl')
  }

  private now(): Date {
    return this.options.now?.() ?? new Date()
  }

  /** Opened on first use: replayed, then rows older than the retention pruned (tried again after a failure). */
  private open(): Promise<{ journal: Journal<AuditEntry> }> {
    return this.state.get()
  }

  private openJournal(): Promise<{ journal: Journal<AuditEntry> }> {
    return this.load().catch((err: unknown) => {
      if (err instanceof AppError) throw err
      throw new AppError({
        kind: 'storage',
        code: 'AUDIT_UNREADABLE',
        message: `The audit journal could not be opened, so no change is sent to the console: ${(err as Error).message}`,
        hint: `Check that ${this.dir} is a folder this user can write to, then try again.`,
        retryable: true,
        details: { cause: (err as Error).message, folder: this.dir }
      })
    })
  }

  private async load(): Promise<{ journal: Journal<AuditEntry> }> {
    await mkdir(this.dir, { recursive: true })
    let journal: Journal<AuditEntry>
    let entries: AuditEntry[] = []
    try {
      ;({ journal, entries } = await Journal.replay(this.path, auditJournalFormat))
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? (err as AppError).code
      if (code === 'AUDIT_DAMAGED') {
        // A damaged line must not stop every console write: keep the file aside, start a new one.
        const aside = join(this.dir, `audit-damaged-${this.now().toISOString().replace(/[:.]/g, '-')}.jsonl`)
        await rename(this.path, aside)
        this.notice = `The audit journal was damaged (${(err as Error).message}). It was kept as ${aside} and a new one started.`
      } else if (code !== 'ENOENT') throw err
      journal = await Journal.create(this.path, [], auditJournalFormat)
    }
    for (const entry of entries) {
      if (entry.t === 'begin') this.hold(this.rowOf(entry), entry.check)
      else {
        const held = this.byId.get(entry.id)
        if (held) this.replace(held, applyEnd(held.row, entry))
      }
    }
    for (const held of this.rows) {
      if (held.row.outcome === 'pending')
        this.replace(held, {
          ...held.row,
          outcome: 'unknown',
          said: { key: 'stopped' },
          message: STOPPED_BEFORE_ANSWER
        })
      // Once per row, with its answer applied (not at its begin and again at its end): the first
      // text filter then finds every row's search text made.
      held.haystack = haystackOf(held.row)
    }
    const state = { journal }
    await this.pruneRows(state, this.options.retentionDays())
    return state
  }

  /** A begin line as a row: its English detail made from its facts, or as recorded before facts. */
  private rowOf(begin: AuditBegin): AuditRow {
    const { t: _t, detail: recorded, check: _check, ...row } = begin
    const facts = withBadgeFact(row.badge, begin.facts)
    return withDetail({
      ...row,
      ...(facts?.length ? { facts } : {}),
      // A badge print's English was its facts' words then as now: made again from `badge`, never twice.
      ...(recorded && !row.badge ? { recordedDetail: recorded } : {}),
      outcome: 'pending'
    })
  }

  private hold(row: AuditRow, check?: KeptWrite): void {
    const held: HeldRow = { row, atMs: Date.parse(row.at), haystack: undefined }
    this.rows.push(held)
    this.byId.set(row.id, held)
    if (check) this.checks.set(row.id, check)
    this.learnName(row)
    this.learnConsole(row)
  }

  private replace(held: HeldRow, row: AuditRow): void {
    held.row = row
    held.haystack = undefined
    held.wordsIn = undefined
    this.learnName(row)
  }

  /** Rows are held oldest first: a console's names are learnt in the order it had them. */
  private learnConsole(row: AuditRow): void {
    const { name, url, id } = row.console
    if (id) this.idAt.set(url, id)
    const key = id ?? url
    const seen = this.consoleSeen.get(key)
    if (!seen) this.consoleSeen.set(key, { url, names: [name] })
    else {
      seen.url = url
      if (!seen.names.includes(name)) seen.names.push(name)
    }
  }

  /**
   * Which console a row was written to: its id, which stays when the console's address changes (the
   * demo console's port at each start) and is the same for every profile on it; a row written before
   * rows carried it, the id its address was written to with since, else its address.
   */
  private consoleKeyOf(console: AuditRow['console']): string {
    return console.id ?? this.idAt.get(console.url) ?? console.url
  }

  private learnName(row: AuditRow): void {
    if (row.target.id && row.target.name) this.names.set(`${row.target.kind}\n${row.target.id}`, row.target.name)
    const { card, touchPass } = row
    if (card?.token) {
      const { owner: _owner, ...fixed } = card
      this.cards.set(card.token, fixed)
    }
    const passId = touchPass?.id ?? (row.target.kind === 'Touch Pass' ? row.target.id : undefined)
    if (touchPass && passId && touchPass.cardId !== passId)
      this.passes.set(passId, { id: passId, cardId: touchPass.cardId })
  }

  /**
   * Read the journal now (its first use then finds it read). Started at once, not queued: `close`
   * right after still waits for it. Never throws: a failure is said at that first use.
   */
  warm(): Promise<void> {
    return this.open().then(
      () => undefined,
      () => undefined
    )
  }

  /** What earlier rows named (the journal opened first). */
  async recall(): Promise<Recall> {
    await this.serial(() => this.open())
    return {
      person: (kind, id) => this.names.get(`${kind}\n${id}`),
      card: (token) => this.cards.get(token),
      touchPass: (id) => this.passes.get(id)
    }
  }

  /** The target with the name the journal last knew it by, when the request itself names none. */
  private named(target: AuditBegin['target']): AuditBegin['target'] {
    if (target.name || !target.id) return target
    const name = this.names.get(`${target.kind}\n${target.id}`)
    return name ? { ...target, name } : target
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(task)
  }

  /** A write about to be sent: durable before this resolves. Returns the row's id. */
  begin(input: BeginInput): Promise<string> {
    return this.serial(async () => {
      const { journal } = await this.open()
      const entry: AuditBegin = {
        t: 'begin',
        id: randomUUID(),
        at: this.now().toISOString(),
        ...input,
        target: this.named(input.target)
      }
      await journal.append(entry)
      this.hold(this.rowOf(entry), entry.check)
      return entry.id
    })
  }

  /** The answer to a write begun here: durable before this resolves. */
  end(id: string, input: EndInput): Promise<void> {
    return this.serial(() => this.appendEnd(id, input))
  }

  private async appendEnd(id: string, input: EndInput): Promise<void> {
    const { journal } = await this.open()
    const entry: AuditEnd = { t: 'end', id, at: this.now().toISOString(), ...input }
    await journal.append(entry)
    const held = this.byId.get(id)
    if (held) this.replace(held, applyEnd(held.row, entry))
  }

  /**
   * A row still Unknown (its answer lost, or the app stopped before it came) settled by a read-back: the
   * settling line is appended only while the journal holds the row as Unknown, so a row settled already,
   * answered, or pruned is left alone. True when a line was written. The look and the line are one turn
   * of the queue: two read-backs of one row at once (the write's own and the next try's) settle it once.
   */
  settleUnknown(id: string, input: EndInput): Promise<boolean> {
    return this.serial(async () => {
      await this.open()
      if (this.byId.get(id)?.row.outcome !== 'unknown') return false
      await this.appendEnd(id, input)
      return true
    })
  }

  /**
   * The rows `keep` picks among those whose write can be read back (a later check kept on their begin
   * line), newest first, each with what its check reads (kept-write.ts).
   */
  async withChecks(
    keep: (row: AuditRow) => boolean,
    /** Rows begun before this time (epoch ms) are not looked at: rows are held oldest first, so the walk stops there. */
    since = -Infinity
  ): Promise<{ row: AuditRow; check: KeptWrite }[]> {
    await this.serial(() => this.open())
    const found: { row: AuditRow; check: KeptWrite }[] = []
    for (let i = this.rows.length - 1; i >= 0; i--) {
      const { row } = this.rows[i]!
      if (Date.parse(row.at) < since) break
      const check = this.checks.get(row.id)
      if (check && keep(row)) found.push({ row, check })
    }
    return found
  }

  /** Something done without a request to wait for (a badge printed): both lines in one append. */
  complete(input: BeginInput, end: EndInput): Promise<AuditRow> {
    return this.serial(async () => {
      const { journal } = await this.open()
      const at = this.now().toISOString()
      const begin: AuditBegin = { t: 'begin', id: randomUUID(), at, ...input }
      const last: AuditEnd = { t: 'end', id: begin.id, at, ...end }
      await journal.append(begin, last)
      const row = applyEnd(this.rowOf(begin), last)
      this.hold(row)
      return row
    })
  }

  /** The test a row must pass for the filter; null when the filter lets every row through. */
  private matcher(filter: AuditFilter): ((held: HeldRow) => boolean) | null {
    const from = filter.from ? Date.parse(filter.from) : -Infinity
    const to = filter.to ? Date.parse(filter.to) : Infinity
    // "04:A2:3B" is found as the bare hex too, as on Cards.
    const needles = filterNeedles(filter.text ?? '')
    const text = needles.length > 0
    const { console: key, action, outcome, language, id } = filter
    if (from === -Infinity && to === Infinity && !text && !key && !action && !outcome && !id) return null
    return (held) =>
      (!id || held.row.id === id) &&
      held.atMs >= from &&
      held.atMs < to &&
      (!key || this.consoleKeyOf(held.row.console) === key || held.row.console.url === key) &&
      (!action || held.row.action === action) &&
      outcomeKept(outcome, held.row.outcome) &&
      (!text || needles.some((needle) => haystackFor(held, language).includes(needle)))
  }

  /** Rows matching the filter, newest first. */
  async query(filter: AuditFilter): Promise<{ rows: AuditRow[]; all: number }> {
    const { items, all } = await this.page(filter, 0, Infinity)
    return { rows: items, all }
  }

  /**
   * One page of the rows matching the filter, newest first, and how many match: only the page's
   * rows are gathered, so a page costs one pass over the journal (none without a filter).
   */
  async page(
    filter: AuditFilter,
    offset: number,
    limit: number
  ): Promise<{ items: AuditRow[]; total: number; all: number }> {
    await this.serial(() => this.open())
    const match = this.matcher(filter)
    const all = this.rows.length
    const items: AuditRow[] = []
    if (!match) {
      for (let i = all - 1 - offset; i >= 0 && items.length < limit; i--) items.push(this.rows[i]!.row)
      return { items: this.withReplaced(items), total: all, all }
    }
    let total = 0
    for (let i = all - 1; i >= 0; i--) {
      const held = this.rows[i]!
      if (!match(held)) continue
      if (total >= offset && items.length < limit) items.push(held.row)
      total++
    }
    return { items: this.withReplaced(items), total, all }
  }

  /**
   * The rows with, on each retry's, the row it replaced (`replaces`): the journal says the link on the
   * replaced row only (`said.by`, written when the retry settled it), and the retry's row links back.
   * Copies: the rows held are never changed by a listing.
   */
  private withReplaced(items: AuditRow[]): AuditRow[] {
    const replaced = new Map<string, string>()
    for (const { row } of this.rows) {
      if (row.said?.key === 'replaced' && row.said.by) replaced.set(row.said.by, row.id)
    }
    if (replaced.size === 0) return items
    return items.map((row) => (replaced.has(row.id) ? { ...row, replaces: replaced.get(row.id)! } : row))
  }

  /**
   * Every console the journal names, once, by the key the filter takes (consoleKeyOf), with its newest
   * address and every name its rows carry, oldest first: kept as rows come, so a page of the screen
   * never walks the whole journal for its console filter (only the consoles are merged here).
   */
  async consoleHistory(): Promise<Map<string, { url: string; names: readonly string[] }>> {
    await this.serial(() => this.open())
    const merged = new Map<string, { url: string; names: string[] }>()
    for (const [key, seen] of this.consoleSeen) {
      // An address known only from rows without id joins the console written to there with one.
      const to = this.idAt.get(key) ?? key
      const into = merged.get(to)
      if (!into) merged.set(to, { url: seen.url, names: [...seen.names] })
      else {
        if (to === key) into.url = seen.url
        for (const name of seen.names) if (!into.names.includes(name)) into.names.push(name)
      }
    }
    return merged
  }

  /** Drop rows older than `days` (rewriting the file atomically). Returns how many went. */
  prune(days: number): Promise<number> {
    return this.serial(async () => this.pruneRows(await this.open(), days))
  }

  private async pruneRows(state: { journal: Journal<AuditEntry> }, days: number): Promise<number> {
    const cutoff = this.now().getTime() - days * DAY_MS
    const kept = this.rows.filter((h) => h.atMs >= cutoff || h.row.outcome === 'pending')
    const dropped = this.rows.length - kept.length
    if (dropped === 0) return 0
    await state.journal.rewrite(kept.flatMap((h) => entriesOf(h.row, this.checks.get(h.row.id))))
    const checks = new Map(this.checks)
    this.rows.length = 0
    this.byId.clear()
    this.checks.clear()
    this.consoleSeen.clear()
    this.idAt.clear()
    for (const h of kept) {
      this.rows.push(h)
      this.byId.set(h.row.id, h)
      const check = checks.get(h.row.id)
      if (check) this.checks.set(h.row.id, check)
      this.learnConsole(h.row)
    }
    return dropped
  }

  async close(): Promise<void> {
    const state = this.state.started()
    if (!state) return
    await this.serial(async () => (await state.catch(() => undefined))?.journal.close())
  }
}
