import type { AuditCard, AuditImportedCard, AuditRow, AuditTouchPass, AuditVisit } from '../../../shared/audit/schemas'
import { formatLocal } from '../lib/local-time'
import { auditWords } from '../lib/i18n/audit-messages.svelte'
import { badgesWords } from '../lib/i18n/badge-output-words.svelte'
import type { AreaKeys } from '../../../shared/i18n/areas'
import { deskLanguage } from '../lib/i18n/desk-language.svelte'
import { errorMessageWords } from '../lib/i18n/error-words.svelte'
import { visitorsWords } from '../lib/i18n/visitors-messages.svelte'
import { detailWords, saidParts, type DetailWords } from '../../../shared/audit/detail-words'
import { visitorFieldNameIn } from '../../../shared/visitors/field-names'

/**
 * What an audit row names, in the words the other screens use, in the desk's language: a card as Cards
 * writes it ("Card 100005 (Front desk) · NFC ID 04A23B1C · Ada Ng (user)"), a pass as Touch Passes does
 * (its card id), a visit's times in the desk's time zone through the app's formatter, as every time on
 * Audit. Reactive: read in markup, they follow a language switch.
 */
export function cardWords(card: AuditCard): string {
  const m = auditWords()
  const parts = [
    card.alias
      ? m.t('card.numberAlias', { card: card.number, name: card.alias })
      : m.t('card.number', { card: card.number })
  ]
  if (card.nfcId) parts.push(m.t('card.nfcId', { key: card.nfcId }))
  if (card.owner) parts.push(m.t('card.owner', { name: card.owner.name, holder: card.owner.kind }))
  return parts.join(' · ')
}

/**
 * A card an import sent, as the CSV's line of it names it: by the console's number once the console
 * holds it (as Import shows it, "as card …"), its alias and NFC ID; before that, by its NFC ID (and alias).
 */
export function importedCardWords(card: AuditImportedCard): string {
  if (card.number) return cardWords({ number: card.number, nfcId: card.nfcId, alias: card.alias })
  return [auditWords().t('card.nfcId', { key: card.nfcId }), card.alias].filter(Boolean).join(' · ')
}

/**
 * A console as the filter offers it: every name its rows carry (two profiles on one console, a
 * profile renamed), the current one first, and its address: "HQ view / Demo console (https://…)".
 */
export function consoleWords(c: { name: string; url: string; names?: string[] | undefined }): string {
  const names = [c.name, ...(c.names ?? []).filter((n) => n !== c.name)]
  return `${names.join(' / ')} (${c.url || auditWords().t('console.noAddress')})`
}

/**
 * Who did it, one way for every row: the kiosk of a computer ("Kiosk on lobby-pc"), or the desk on a
 * computer with the OS user the app runs under ("Desk on vm (root)"). Main records the facts (audit-service
 * `who`, `asKiosk`); the words are the desk's language's.
 */
export function deskWords(desk: AuditRow['desk']): string {
  const m = auditWords()
  return desk.kiosk ? m.t('desk.kiosk', { host: desk.host }) : m.t('desk.desk', { host: desk.host, name: desk.user })
}

/**
 * A row's facts are said in the Audit screen's words, a badge print's in Badges' (its history says the
 * same); a visitor field as the visitor form labels it.
 */
function rowWords(): DetailWords {
  const fields = visitorsWords()
  return { audit: auditWords(), badges: badgesWords(), field: (sent) => visitorFieldNameIn(sent, fields) }
}

/**
 * Words a row shows: the desk's in its language, or words it holds as given in English — the desk's
 * own recorded before facts ("recorded in English"), or the console's own ("the console's words") —
 * labelled and marked `lang` for a screen reader.
 */
export interface ShownWords {
  text: string
  /** "recorded in English" on a desk in another language; "the console's words" on every desk. */
  label?: string
  lang?: 'en'
}

function asRecorded(text: string): ShownWords {
  if (deskLanguage.locale.startsWith('en')) return { text }
  return { text, label: auditWords().t('detail.asRecorded'), lang: 'en' }
}

/** The console's own words (its `msg`): said as its, not the desk's, in the console's language (English). */
function theConsolesWords(text: string): ShownWords {
  return { text, label: auditWords().t('detail.consoleWords'), lang: 'en' }
}

/**
 * A row's detail in the desk's language, from the facts main recorded (shared/audit/detail-words.ts,
 * the one wording of each kind of fact, which main's search and CSV use too): a row recorded before
 * facts shows its English as given, labelled as recorded in English. A badge print's stock and output
 * are a fact among them (main makes it from the row's `badge`).
 */
export function detailCellWords(row: Pick<AuditRow, 'facts' | 'recordedDetail'>): ShownWords[] {
  const parts: ShownWords[] = []
  if (row.recordedDetail) parts.push(asRecorded(row.recordedDetail))
  if (row.facts?.length) parts.push({ text: detailWords(row.facts, rowWords()) })
  return parts
}

/**
 * The outcome's sentence: in the desk's words when main recorded it as facts (the app stopped before the
 * answer, a read-back settled it, the desk refused it before sending: then its check's reason follows,
 * as recorded in English). A console's refusal on a desk in another language says the console's own
 * words (`consoleMsg`), labelled as the console's: the outcome and the code say the rest in the desk's
 * words; an English desk reads main's sentence, which names them as the console's. A message main
 * recorded before either (an older row, a failure with no words of the console's) is shown as given.
 * A failure main kept the facts of (a printer out of labels, a console not reached) is said from them
 * in the desk's language, as the screen that asked said it (errorMessageWords).
 */
export function messageWords(row: Pick<AuditRow, 'said' | 'message' | 'consoleMsg' | 'failure'>): ShownWords[] {
  if (row.said)
    return saidParts(row.said, rowWords()).map((part) => (part.english ? asRecorded(part.text) : { text: part.text }))
  // An English desk reads main's sentence, which says the console's words as its ("The console says: “…”").
  if (row.consoleMsg && !(deskLanguage.locale.startsWith('en') && row.message))
    return [theConsolesWords(row.consoleMsg)]
  if (row.message && row.failure && !deskLanguage.locale.startsWith('en')) {
    const worded = errorMessageWords({ ...row.failure, message: row.message, retryable: false })
    if (worded !== null) return [{ text: worded }]
  }
  return row.message ? [asRecorded(row.message)] : []
}

export function touchPassWords(pass: AuditTouchPass): string {
  const m = auditWords()
  const named = pass.name
    ? m.t('pass.nameAlias', { card: pass.cardId, name: pass.name })
    : m.t('pass.name', { card: pass.cardId })
  return pass.holder ? `${named} · ${pass.holder}` : named
}

/** "Visit 12 Jan 2026, 09:00 → 12 Jan 2026, 17:00" in the desk's zone; one end when an edit sent one. */
export function visitWords(visit: AuditVisit): string {
  const { start, end } = visit
  const m = auditWords()
  if (start !== undefined && end !== undefined)
    return m.t('visit.range', { start: formatLocal(start), end: formatLocal(end) })
  if (start !== undefined) return m.t('visit.from', { time: formatLocal(start) })
  if (end !== undefined) return m.t('visit.until', { time: formatLocal(end) })
  return ''
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
 * of access/lost-answer.ts); the console's own code as it wrote it (what its support asks for).
 */
export function codeWords(code: string): string {
  const m = auditWords()
  const lost = lostAnswer[code]
  if (lost) return m.t('code.lost', { reason: m.t(lost) })
  const unsent = notReached[code]
  if (unsent) return m.t('code.notSent', { reason: m.t(unsent) })
  const gateway = /^HTTP_(5\d\d)$/.exec(code)
  if (gateway) return m.t('code.gateway', { key: gateway[1]! })
  return code
}
