import type { AuditFact } from './detail-facts'
import type { AuditCard, AuditRow, AuditTouchPass } from './schemas'

/** A person a card or pass is given to or taken back from: the row's target, when it is one. */
type Person = NonNullable<AuditCard['owner']>

/** What a row's subjects are read from. */
type SubjectsOf = Pick<AuditRow, 'action' | 'target' | 'card' | 'touchPass' | 'facts'>

/**
 * A card as a row names it: with its owner by the write and, given while another person held it,
 * that person's name (`takenFrom`: who stopped opening doors with it).
 */
export type SubjectCard = AuditCard & { takenFrom?: string }
/** A Touch Pass as a row names it: its holder by the write, and the one it was taken from (`takenFrom`). */
export type SubjectPass = AuditTouchPass & { takenFrom?: string }

/** The writes that give a card or pass to the row's person: what it held before was someone else's. */
const gives: ReadonlySet<AuditRow['action']> = new Set(['assign', 'enrollment bind'])

/**
 * What a row's write named — its card and Touch Pass, each with whose it is — as the Audit screen, its
 * CSV and its search all give it: the one reading of a row's subjects, so a screen row and its CSV line
 * never name a card or its owner differently.
 *
 * The owner is as the write left it. A card or pass given (an assignment, an enrollment's bind) or
 * taken back is the person the row is about: the one given it, the one it was taken from. A pass's
 * holder came only with a successful answer; the person is who the write named either way, refused or
 * done, as the row's outcome says. Any other write about a card (a rename, a delete) names its owner
 * as the console held it just before.
 *
 * A card or pass given while another person held it names them too (`takenFrom`): a card taken over
 * (force_add, its "taken over" fact) from the owner read before the write; a pass (a suspended one can
 * be given on) from the holder read before it. Once named, the row's "taken over" fact keeps the name
 * (`withTakenFrom`): a pass's answer gives its new holder, and the one before is then the fact's.
 */
export function rowSubjects(row: SubjectsOf): { card?: SubjectCard; touchPass?: SubjectPass } {
  const person = personOf(row.target)
  const takenOver = row.facts?.find((f) => f.kind === 'takenOver')
  const given = Boolean(person && gives.has(row.action))
  const other = (name: string | undefined) => (given && name && name !== person?.name ? name : undefined)
  let card: SubjectCard | undefined = row.card
  if (card && person) {
    const from = takenOver ? (takenOver.from ?? other(card.owner?.name)) : undefined
    card = { ...card, owner: person, ...(from ? { takenFrom: from } : {}) }
  }
  let touchPass: SubjectPass | undefined = row.touchPass
  if (touchPass && person) {
    const from = takenOver?.from ?? other(touchPass.holder)
    touchPass = { ...touchPass, holder: person.name, ...(from ? { takenFrom: from } : {}) }
  }
  return { ...(card ? { card } : {}), ...(touchPass ? { touchPass } : {}) }
}

/**
 * A row's facts with the person a card or pass was taken from named by its "taken over" fact, so every
 * wording of the row (the screen in the desk's language, the CSV, the search) says who it was: a card's
 * take-over says it already (force_add) and gains the name; a pass given while someone held it gains
 * the fact. Made when the journal is read, so rows written before it say it too.
 */
export function withTakenFrom(row: SubjectsOf): AuditFact[] | undefined {
  const { card, touchPass } = rowSubjects(row)
  const from = card?.takenFrom ?? touchPass?.takenFrom
  const facts = row.facts
  if (!from) return facts
  const fact: AuditFact = { kind: 'takenOver', from }
  if (!facts?.some((f) => f.kind === 'takenOver')) return [...(facts ?? []), fact]
  return facts.map((f) => (f.kind === 'takenOver' ? fact : f))
}

/** The person a credential write names by its target (a user's or visitor's path), with the name the row gives them. */
function personOf(target: AuditRow['target']): Person | undefined {
  if ((target.kind !== 'user' && target.kind !== 'visitor') || !target.name) return undefined
  return { kind: target.kind, name: target.name }
}
