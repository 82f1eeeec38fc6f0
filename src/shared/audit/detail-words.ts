import type { VisitorStatus } from '../access/visitor-basics'
import type { AreaKeys } from '../i18n/areas'
import type { Words } from '../i18n/translator'
import type { AuditFact, AuditPassRef, AuditSaid } from './detail-facts'
import { badgeOutputIn } from '../badges/output-words'

type AuditKey = AreaKeys['audit']

/**
 * The words an audit row's facts are said in: the audit area's messages in one language, Badges' (a
 * badge print's stock and where it went, as its history says them), and a visitor field's name as the
 * visitor form labels it in that language (shared/visitors/field-names.ts).
 * The screen gives its reactive catalogues, main a Translator (the English file column, the search in
 * the desk's language, the CSV).
 */
export interface DetailWords {
  audit: Words<AuditKey>
  badges: Words<AreaKeys['badges']>
  field: (sent: string) => string
  /** A visitor's status as Visitors and Today call it (renderer lib/i18n/state-words, main's common area). */
  state: (status: VisitorStatus) => string
}

const joined = (items: readonly string[]): string => items.join(', ')

function passWords(pass: AuditPassRef, w: DetailWords): string {
  return pass.name ? w.audit.t('fact.pass', { card: pass.card, name: pass.name }) : pass.card
}

/** A rename: the new name alone when nothing was read before it, else old → new ("(none)" when it had none). */
function renameWords(
  keys: { new: AuditKey; fromNone: AuditKey; renamed: AuditKey },
  rename: { before?: string | undefined; after: string },
  w: DetailWords
): string {
  const { before, after } = rename
  if (before === undefined) return w.audit.t(keys.new, { after })
  return before === '' ? w.audit.t(keys.fromNone, { after }) : w.audit.t(keys.renamed, { before, after })
}

const passStatus: Record<string, AuditKey> = { ACTIVE: 'fact.pass.activated', SUSPENDED: 'fact.pass.suspended' }

/** One fact in words: one message per kind (the table test in test/unit/audit/detail-facts.test.ts). */
export function factWords(fact: AuditFact, w: DetailWords): string {
  const t = w.audit.t.bind(w.audit)
  switch (fact.kind) {
    case 'visitCancelled':
      return t('fact.visitCancelled', { state: w.state('CANCELLED') })
    case 'deletedForGood':
      return t('fact.deletedForGood')
    case 'changed':
      return t('fact.changed', { fields: joined(fact.fields.map(w.field)) })
    case 'alias':
      return renameWords(
        { new: 'fact.alias.new', fromNone: 'fact.alias.fromNone', renamed: 'fact.alias.renamed' },
        fact,
        w
      )
    case 'passChanged': {
      const parts: string[] = []
      if (fact.renamed)
        parts.push(
          renameWords(
            { new: 'fact.pass.renamed.new', fromNone: 'fact.pass.renamed.fromNone', renamed: 'fact.pass.renamed' },
            fact.renamed,
            w
          )
        )
      if (fact.status) {
        const known = passStatus[fact.status]
        // A status the app has no word for: the console's own code, as given, labelled as the console's words.
        parts.push(known ? t(known) : t('fact.pass.status', { status: fact.status }))
      }
      if (fact.unbundled !== undefined) parts.push(t('fact.pass.unbundled', { count: fact.unbundled }))
      return joined(parts)
    }
    case 'takenOver':
      return fact.from ? t('fact.takenOver.from', { name: fact.from }) : t('fact.takenOver')
    case 'resetsCard':
      return t('fact.resetsCard')
    case 'session':
      return t('fact.session', { id: fact.id })
    case 'cardsSent':
      if (fact.batch !== undefined && fact.file !== undefined)
        return t('fact.cardsSent.batchFile', { count: fact.count, batch: fact.batch, file: fact.file })
      if (fact.batch !== undefined) return t('fact.cardsSent.batch', { count: fact.count, batch: fact.batch })
      if (fact.file !== undefined) return t('fact.cardsSent.file', { count: fact.count, file: fact.file })
      return t('fact.cardsSent', { count: fact.count })
    case 'imported':
      return t('fact.imported', { imported: fact.imported, notImported: fact.notImported })
    case 'passesOrdered':
      return t('fact.passesOrdered', { count: fact.count })
    case 'bought': {
      const passes = joined(fact.passes.map((p) => passWords(p, w)))
      if (fact.listed) return t('fact.bought.listed', { count: fact.passes.length, passes })
      if (fact.asked !== undefined)
        return fact.passes.length
          ? t('fact.bought.fewer', { asked: fact.asked, count: fact.passes.length, passes })
          : t('fact.bought.none', { asked: fact.asked })
      return t('fact.bought', { passes })
    }
    case 'passEach':
      return t('fact.passEach')
    case 'given':
      return joined(
        fact.passes.map((p) => (p.to ? t('fact.given.to', { pass: passWords(p, w), user: p.to }) : passWords(p, w)))
      )
    case 'readBackBought':
      return t('fact.readBack.bought', { passes: joined(fact.passes) })
    case 'readBackNotGiven':
      return t('fact.readBack.notGiven', { users: joined(fact.users) })
    case 'readBackFound':
      if (fact.found === fact.sent) return t('fact.readBack.all', { sent: fact.sent })
      return fact.found > 0
        ? t('fact.readBack.some', { found: fact.found, sent: fact.sent })
        : t('fact.readBack.none', { sent: fact.sent })
    case 'readBackCard':
      return t(fact.held ? 'fact.readBack.cardStillHeld' : 'fact.readBack.cardNotHeld', { holder: fact.holder })
    case 'readBackVisitor':
      return t(fact.qr ? 'fact.readBack.visitorQr' : 'fact.readBack.visitor', { id: fact.id })
    case 'badgePrint': {
      // "4 × 3 in badge insert · saved as PDF · reprint", as Badges' history names the print.
      const b = w.badges
      return `${b.t(`stock.${fact.stock}`)} · ${badgeOutputIn(fact, b)}${fact.reprint ? b.t('history.reprintTag') : ''}`
    }
  }
}

/** The longest detail a row shows (auditRowSchema's `detail`): a long list ends with "…". */
const DETAIL_MAX = 500

/** A row's facts in words, in the order learnt, "; " between them. */
export function detailWords(facts: readonly AuditFact[], w: DetailWords): string {
  const text = facts.map((fact) => factWords(fact, w)).join('; ')
  return text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX - 1)}…` : text
}

/**
 * The outcome's sentence from its facts, as its parts: the sentence in `w`'s language, then, for a call
 * the desk refused before sending it, the reason its check gave: from its facts in `w`'s language, or
 * in main's English for a row recorded before it kept them (`english`: a screen labels and marks it).
 */
export function saidParts(said: AuditSaid, w: DetailWords): { text: string; english?: true }[] {
  if (said.key === 'stopped') return [{ text: w.audit.t('said.stopped') }]
  if (said.key === 'replaced') return [{ text: w.audit.t('said.replaced') }]
  if (said.key === 'refusedHere') {
    const reason = said.missing
      ? { text: w.audit.t('said.refusedHere.missing', said.missing) }
      : { text: said.reason, english: true as const }
    return [{ text: w.audit.t('said.refusedHere') }, reason]
  }
  const done = said.done === 'partly' ? 'partly' : said.done ? 'done' : 'notDone'
  return [{ text: w.audit.t(`said.${done}${said.recorded ? 'Recorded' : said.later ? 'Later' : ''}`) }]
}

/** The outcome's sentence from its facts, in one line (main's English, the search, the CSV). */
export function saidWords(said: AuditSaid, w: DetailWords): string {
  return saidParts(said, w)
    .map((part) => part.text)
    .join(' ')
}
