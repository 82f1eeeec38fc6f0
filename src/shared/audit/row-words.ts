import type { AuditCard, AuditImportedCard, AuditRow, AuditTouchPass } from './schemas'
import type { AreaKeys } from '../i18n/areas'
import type { Words } from '../i18n/translator'
import { detailWords, saidParts, type DetailWords } from './detail-words'
import { recordedErrorMessage } from '../errors-wording'
import { rowSubjects } from './row-subjects'

/**
 * The one wording of an audit row, in one language: what the Audit screen shows of each row, what the
 * desk's CSV export writes in each column of its line, and what the desk's search finds it by. The
 * screen gives its reactive catalogues (stores/audit-words.ts), main a Translator per language
 * (services/audit/detail-in-language.ts): a row never reads one way on the screen and another in the file.
 */
export interface RowWords extends DetailWords {
  /**
   * The errors area in the same language and in English (a failed write's recorded message is worded
   * only when it is its code's English: sayError's check). None while the screen's catalogue loads.
   */
  errors?: { words: Words<string>; english: Words<string> } | undefined
  /** An English desk reads main's English as its own: no "recorded in English" label. */
  english: boolean
  /**
   * The console a write went to, by its recorded name as shown in the language (shared/console-name.ts):
   * the built-in console's default name worded, as rows recorded before this wording hold it too.
   */
  consoleName: (name: string) => string
}

/**
 * Words a row shows: the desk's in its language, or words it holds as given in English — the desk's
 * own recorded before facts ("recorded in English"), or the console's own ("the console's words") —
 * labelled, and marked `lang` so a screen reader reads them with an English voice.
 */
export interface ShownWords {
  text: string
  /** "recorded in English" on a desk in another language; "the console's words" on every desk. */
  label?: string
  lang?: 'en'
}

/** Shown words in one line, each label before its words, as a file's cell or a search holds them. */
export function shownText(parts: readonly ShownWords[]): string {
  return parts.map((part) => (part.label ? `${part.label}: ${part.text}` : part.text)).join(' ')
}

function asRecorded(text: string, w: RowWords): ShownWords {
  if (w.english) return { text }
  return { text, label: w.audit.t('detail.asRecorded'), lang: 'en' }
}

/** A row's target: its kind in the language, then the record's own name as the console wrote it. */
export function targetWords(target: AuditRow['target'], w: RowWords): string {
  return [w.audit.t(`target.${target.kind}`), target.name].filter(Boolean).join(' ')
}

/** A card by its number, as Cards names it: "Card 100005 (Front desk)". */
export function cardNumberWords(card: Pick<AuditCard, 'number' | 'alias'>, w: RowWords): string {
  return card.alias
    ? w.audit.t('card.numberAlias', { card: card.number, name: card.alias })
    : w.audit.t('card.number', { card: card.number })
}

/** Whose a card or pass is: "Ada Ng (user)", the holder's kind in the language. */
export function ownerWords(owner: NonNullable<AuditCard['owner']>, w: RowWords): string {
  return w.audit.t('card.owner', { name: owner.name, holder: owner.kind })
}

/** A card as Cards writes it: "Card 100005 (Front desk) · NFC ID 04A23B1C · Ada Ng (user)". */
export function cardWords(card: AuditCard, w: RowWords): string {
  const parts = [cardNumberWords(card, w)]
  if (card.nfcId) parts.push(w.audit.t('card.nfcId', { key: card.nfcId }))
  if (card.owner) parts.push(ownerWords(card.owner, w))
  return parts.join(' · ')
}

/**
 * A card an import sent: by the console's number once the console holds it (as Import shows it, "as
 * card …"), its alias and NFC ID; before that, by its NFC ID (and alias).
 */
export function importedCardWords(card: AuditImportedCard, w: RowWords): string {
  if (card.number) return cardWords({ number: card.number, nfcId: card.nfcId, alias: card.alias }, w)
  return [w.audit.t('card.nfcId', { key: card.nfcId }), card.alias].filter(Boolean).join(' · ')
}

/** A Touch Pass by its card id, as Touch Passes names it: "Touch Pass 057B-D703-… (Lobby)". */
export function passNameWords(pass: Pick<AuditTouchPass, 'cardId' | 'name'>, w: RowWords): string {
  return pass.name
    ? w.audit.t('pass.nameAlias', { card: pass.cardId, name: pass.name })
    : w.audit.t('pass.name', { card: pass.cardId })
}

/** A Touch Pass with its holder: "Touch Pass 057B-D703-0001 (Desk pass) · Rosa Diaz". */
export function touchPassWords(pass: AuditTouchPass, w: RowWords): string {
  const named = passNameWords(pass, w)
  return pass.holder ? `${named} · ${pass.holder}` : named
}

/**
 * Who did it, one way for every row: the kiosk of a computer ("Kiosk on lobby-pc"), or the desk on a
 * computer with the OS user the app runs under ("Desk on vm (root)").
 */
export function deskWords(desk: AuditRow['desk'], w: RowWords): string {
  return desk.kiosk
    ? w.audit.t('desk.kiosk', { host: desk.host })
    : w.audit.t('desk.desk', { host: desk.host, name: desk.user })
}

/** The call a row made: its id and its title in the language ("E7 NFC-Karte löschen"); main's title when none is worded. */
export function endpointWords(endpoint: AuditRow['endpoint'], w: RowWords): string {
  const key = `endpoint.${endpoint.id}`
  const title = w.errors?.words.t(key)
  return `${endpoint.id} ${title && title !== key ? title : endpoint.title}`
}

type Reason = Extract<AreaKeys['audit'], `reason.${string}`>
/** Transport codes of a request whose answer never came back (it may have been done): what they mean. */
const lostAnswer: Record<string, Reason> = {
  ECONNRESET: 'reason.reset',
  EPIPE: 'reason.broken',
  ETIMEDOUT: 'reason.timedOut',
  ECONNABORTED: 'reason.timedOut',
  TIMEOUT: 'reason.timedOut',
  UND_ERR_SOCKET: 'reason.closed',
  UND_ERR_CLOSED: 'reason.closed',
  NETWORK: 'reason.network',
  CANCELLED: 'reason.cancelled'
}
/** Transport codes of a request that never reached the console. */
const notReached: Record<string, Reason> = {
  ECONNREFUSED: 'reason.refused',
  ENOTFOUND: 'reason.notFound',
  EAI_AGAIN: 'reason.notFound',
  EHOSTUNREACH: 'reason.consoleUnreachable',
  ENETUNREACH: 'reason.networkUnreachable'
}

/**
 * A row's code as the detail it is, after the row's sentence: a transport code in words ("answer lost
 * (connection reset)"), a gateway's 5xx the same (the write went out, the answer was lost: the one rule
 * of access/lost-answer.ts); any other code (the console's own, or the desk's such as
 * PRINTER_UNREACHABLE) as it was written, for support to ask for, labelled "Code:" in the row's language
 * so it never reads as a stray English word under the sentence. The screen, the CSV and the search alike.
 */
export function codeWords(code: string, w: RowWords): string {
  const lost = lostAnswer[code]
  if (lost) return w.audit.t('code.lost', { reason: w.audit.t(lost) })
  const unsent = notReached[code]
  if (unsent) return w.audit.t('code.notSent', { reason: w.audit.t(unsent) })
  const gateway = /^HTTP_(5\d\d)$/.exec(code)
  if (gateway) return w.audit.t('code.gateway', { key: gateway[1]! })
  return w.audit.t('code.kept', { code })
}

/**
 * A row's detail from the facts main recorded (detail-words.ts, the one wording of each kind of fact):
 * a row recorded before facts shows its English as given, labelled as recorded in English. A badge
 * print's stock and output are a fact among them (main makes it from the row's `badge`).
 */
export function detailCellWords(row: Pick<AuditRow, 'facts' | 'recordedDetail'>, w: RowWords): ShownWords[] {
  const parts: ShownWords[] = []
  if (row.recordedDetail) parts.push(asRecorded(row.recordedDetail, w))
  if (row.facts?.length) parts.push({ text: detailWords(row.facts, w) })
  return parts
}

/**
 * The outcome's sentence: in the language's words when main recorded it as facts (the app stopped before
 * the answer, a read-back settled it, the desk refused it before sending: then its check's reason
 * follows, as recorded in English). A console's refusal on a desk in another language says the
 * console's own words (`consoleMsg`), labelled as the console's: the outcome and the code say the rest
 * in the desk's words; an English desk reads main's sentence, which names them as the console's. A
 * failure main kept the facts of (a printer out of labels, a console not reached, a console's server
 * error) is said from them, as the screen that asked said it (errors-wording.ts). A message main
 * recorded before either is shown as given.
 */
export function messageWords(
  row: Pick<AuditRow, 'said' | 'message' | 'consoleMsg' | 'failure'>,
  w: RowWords
): ShownWords[] {
  if (row.said)
    return saidParts(row.said, w).map((part) => (part.english ? asRecorded(part.text, w) : { text: part.text }))
  // An English desk reads main's sentence, which says the console's words as its ("The console says: “…”").
  if (row.consoleMsg && !(w.english && row.message))
    return [{ text: row.consoleMsg, label: w.audit.t('detail.consoleWords'), lang: 'en' }]
  if (row.message && row.failure && !w.english && w.errors) {
    const { words, english } = w.errors
    const worded = recordedErrorMessage({ ...row.failure, message: row.message, retryable: false }, words, english)
    if (worded !== null) return [{ text: worded }]
  }
  return row.message ? [asRecorded(row.message, w)] : []
}

/**
 * Everything the Audit screen shows of a row in the language, as text lines: what the desk's search
 * finds the row by in that language (services/audit/audit-log.ts), beside the names, ids and codes it
 * finds it by in any language. A failure is found by the words its message shows ("abgelehnt", "nicht
 * erreichbar"), a code by its words ("Antwort verloren").
 */
export function shownRowText(row: AuditRow, w: RowWords): string[] {
  const { card, touchPass } = rowSubjects(row)
  return [
    w.consoleName(row.console.name),
    w.audit.t(`action.${row.action}`),
    targetWords(row.target, w),
    card ? cardWords(card, w) : '',
    ...(row.importedCards ?? []).map((imported) => importedCardWords(imported, w)),
    touchPass ? touchPassWords(touchPass, w) : '',
    deskWords(row.desk, w),
    shownText(detailCellWords(row, w)),
    w.audit.t(`outcome.${row.outcome}`),
    shownText(messageWords(row, w)),
    row.code ? codeWords(row.code, w) : ''
  ].filter(Boolean)
}
