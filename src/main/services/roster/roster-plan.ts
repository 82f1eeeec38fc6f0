import type { BatchRow } from '../../../shared/batches/schemas'
import type { NfcCard } from '../../../shared/access/nfc-cards'
import type {
  CardPlan,
  ColumnMapping,
  Conflict,
  ConflictKind,
  PersonMatch,
  PersonRef,
  PlanRow,
  PlanTotals,
  RosterField,
  RosterOptions
} from '../../../shared/roster/sheet'
import { undecidedByDefault } from '../../../shared/roster/sheet'
import { planRowStanding, plannedSteps } from '../../../shared/roster/plan-counts'
import { readYesNo, understoodYesNo } from '../../../shared/roster/yes-no-words'
import type { ConsoleCards } from '../batches/console-cards'
import { readNfcCell, unwrapCell } from '../batches/csv-nfc-id'
import { writtenDigits } from '../../../shared/nfc/card-number'
import { cardKey } from '../../../shared/nfc/card-identity'
import { rowName, type PeopleIndex, type PersonKeys } from './person-match'
import { personName } from '../../../shared/person-name'
import { sentence, type RosterSaid } from '../../../shared/roster/roster-said'
import type { MessageValues } from '../../../shared/i18n/translator'
import { rosterEnglish } from './roster-english'

export interface ConflictDecision {
  /** null: every row with a conflict of this kind. */
  rowId: string | null
  kind: ConflictKind
  decision: 'skip' | 'go-ahead'
}

export interface PlanInput {
  /** The data rows as read (`RosterFile.rows`). */
  rows: string[][]
  /** The line each row starts on (`RosterFile.lines`); without it, row i is line i + 2. */
  lines?: number[] | undefined
  /** The lines the file could not read (`RosterFile.unreadable`): left out, whatever the user chooses. */
  unreadable?: readonly number[] | undefined
  mapping: ColumnMapping
  options: RosterOptions
  people: PeopleIndex
  /** rowId → the person the user chose for the row; null: the row is left out. */
  resolved: Map<string, PersonRef | null>
  cards: ConsoleCards
  /** The rows of `options.batchId`, in the batch's order; [] without a batch. */
  batchRows: BatchRow[]
  /** Touch Passes the console can still assign. */
  assignablePasses: number
  /** The user's choices on conflicts, in the order made: a later one wins. */
  decisions: ConflictDecision[]
}

export interface RosterPlan {
  rows: PlanRow[]
  totals: PlanTotals
}

// Which steps a row runs and where it stands: one rule with the screen's chips and counts.
export { plannedSteps, type PlannedSteps } from '../../../shared/roster/plan-counts'

const ENROLL = /^enroll?$/i
/** Batch rows a roster can take: not yet sent, or imported. Failed rows and rows to check are not. */
const USABLE_BATCH_STATUS = new Set(['pending', 'imported'])

/**
 * What each roster row will get, and why some of it will not happen, before anything is sent.
 * Pure: the same input gives the same plan.
 *
 * - A row keeps its wishes (card, PIN, pass) whatever its person's state; only a matched row (found,
 *   or chosen by the user) runs, and only the steps no conflict skips (see `plannedSteps`).
 * - Card cell: an NFC ID in any form the Import screen accepts → the console's card if it holds it,
 *   else the batch's row with that NFC ID, else imported; "enroll" → enrolled now; empty → the
 *   roster's option. Batch rows go, in the batch's order, to the rows that ask for one in file
 *   order (rows the user left out take none), skipping rows a card cell already names and rows
 *   that cannot be used (failed, to check, being sent).
 * - Conflicts are overridable where "go ahead" makes sense (a second card, a new PIN, a card taken
 *   from its holder); the default is to skip the step. Decisions apply in order, a later one
 *   winning; rowId null applies to every row.
 * - Touch Passes are counted against the assignable ones, in file order, among rows whose pass
 *   step would run.
 */
export function planRoster(input: PlanInput): RosterPlan {
  const { rows, mapping, options, people, resolved, cards, batchRows } = input
  const decide = decider(input.decisions)
  const column = (field: RosterField): number | undefined => {
    const index = mapping[field]
    return index === null || index === undefined ? undefined : index
  }
  const columns = {
    card: column('card'),
    pin: column('pin'),
    touchPass: column('touchPass')
  }
  const cell = (row: string[], index: number | undefined): string =>
    index === undefined ? '' : (row[index] ?? '').trim()

  // Card cells first: which batch rows they name (skipped when handing out batch rows) and which
  // NFC ID appears first on which line (for duplicates). A card is one card in either byte order
  // (shared/nfc/card-identity.ts): every comparison here is of `cardKey`s, as the console's (`byNfcId`).
  const batchByNfcId = new Map<string, BatchRow>()
  for (const b of batchRows) if (!batchByNfcId.has(cardKey(b.nfcId))) batchByNfcId.set(cardKey(b.nfcId), b)
  const cardCells: (ReturnType<typeof readNfcCell> | 'enroll' | undefined)[] = []
  const namedNfcIds = new Set<string>()
  for (const row of rows) {
    const text = cell(row, columns.card)
    if (text === '') cardCells.push(undefined)
    else if (ENROLL.test(text)) cardCells.push('enroll')
    else {
      const read = readNfcCell(text)
      cardCells.push(read)
      if (read.ok) namedNfcIds.add(cardKey(read.hex))
    }
  }

  const out: PlanRow[] = []
  const firstLineOfCard = new Map<string, number>()
  const firstLineOfPerson = new Map<string, number>()
  let nextBatch = 0
  const takeBatchRow = (): BatchRow | undefined => {
    while (nextBatch < batchRows.length) {
      const b = batchRows[nextBatch++]!
      const key = cardKey(b.nfcId)
      if (!USABLE_BATCH_STATUS.has(b.status) || namedNfcIds.has(key)) continue
      // A batch holding one NFC ID twice (in either order) hands it out once.
      namedNfcIds.add(key)
      return b
    }
    return undefined
  }
  let passesLeft = Math.max(0, input.assignablePasses)
  const notRead = new Set(input.unreadable)

  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!
    const line = input.lines?.[i] ?? i + 2
    const rowId = `r${line}`
    const keys = rowKeys(row, mapping)
    const given = rowName(keys) || keys.email || keys.employeeNumber
    // A row naming nobody: "Line 7" in English here (the CLI's, and this file's sentences); `unnamed` for a desk.
    const label = given || `Line ${line}`
    // A line not read is named by its line: its cells, split across an open quote, name nobody.
    if (notRead.has(line)) {
      out.push(unreadableRow(rowId, line, `Line ${line}`, true))
      continue
    }
    const match = matchOf(rowId, keys, people, resolved)
    const person = match.state === 'matched' ? match.person : undefined
    const holdings = person ? people.get(person) : undefined
    const name = person?.name ?? label
    const conflicts: Conflict[] = []
    const conflict = (
      kind: ConflictKind,
      step: Conflict['step'],
      /** The facts, or the facts for the user's decision (an unclear cell once answered says the answer). */
      message: RosterSaid | ((decision: Conflict['decision']) => RosterSaid),
      overridable: boolean,
      more: { skipped?: RosterSaid; holder?: Conflict['holder'] } = {}
    ): void => {
      const chosen = overridable ? decide(rowId, kind) : 'skip'
      const decision = chosen ?? (undecidedByDefault.has(kind) ? 'undecided' : 'skip')
      const said =
        typeof message === 'function' ? message(decision) : chosen === 'go-ahead' ? asChosen(message) : message
      // Main's English of the facts (the CLI's) beside them: a desk says the facts in its language.
      conflicts.push({
        kind,
        step,
        message: rosterEnglish(said),
        said,
        ...(more.skipped ? { skipped: rosterEnglish(more.skipped), skippedSaid: more.skipped } : {}),
        ...(more.holder ? { holder: more.holder } : {}),
        overridable,
        decision
      })
    }
    const one = (key: Parameters<typeof sentence>[0], values?: MessageValues): RosterSaid => [sentence(key, values)]

    if (person) {
      const key = `${person.type}:${person.id}`
      const first = firstLineOfPerson.get(key)
      if (first === undefined) firstLineOfPerson.set(key, line)
      else conflict('duplicate-person', 'row', one('duplicatePerson', { name, line: first }), false)
    }

    // The card.
    let card: CardPlan = { kind: 'none' }
    const cardCell = cardCells[i]
    if (cardCell === 'enroll') card = { kind: 'enroll' }
    else if (cardCell !== undefined && !cardCell.ok) {
      conflict('bad-card-cell', 'card', one('badCardCell', { cell: cell(row, columns.card) }), false)
    } else if (cardCell !== undefined) {
      const nfcId = cardCell.hex
      // The one "is it on the console" question Import asks too, with how sure a "no" is.
      const found = cards.lookup(nfcId)
      const onConsole = found.card
      const inBatch = options.batchId !== null ? batchByNfcId.get(cardKey(nfcId)) : undefined
      if (onConsole) card = { kind: 'existing', nfcId, token: onConsole.token, displayId: onConsole.display_id }
      else if (inBatch && options.batchId !== null && USABLE_BATCH_STATUS.has(inBatch.status)) {
        card = batchCard(options.batchId, inBatch)
      } else {
        const unsure = found.card === undefined ? found.unsure : undefined
        const unsureSaid = unsure ? cards.unsureCounts() : undefined
        card = { kind: 'import', nfcId, ...(unsure ? { unsure } : {}), ...(unsureSaid ? { unsureSaid } : {}) }
      }
      const digits = writtenDigits(unwrapCell(cell(row, columns.card), [], 'nfcId'))
      if (digits) {
        const { message, skipped } = digitsSaid(digits, onConsole !== undefined, cards.lookup(digits.decimalUid).card)
        conflict('digits-card-cell', 'card', message, true, { skipped })
      }
      // A row the user left out holds no card: the same card on a later row is that row's.
      const first = firstLineOfCard.get(cardKey(nfcId))
      if (first !== undefined) {
        conflict('duplicate-card', 'card', one('duplicateCard', { card: nfcId, line: first }), false)
      } else if (match.state !== 'skipped') firstLineOfCard.set(cardKey(nfcId), line)
    } else if (options.cards === 'enroll') card = { kind: 'enroll' }
    else if (options.cards === 'batch' && match.state !== 'skipped') {
      const b = options.batchId !== null ? takeBatchRow() : undefined
      if (b && options.batchId !== null) card = batchCard(options.batchId, b)
      else {
        conflict(
          'batch-row-unusable',
          'card',
          options.batchId === null ? one('noBatch') : one('batchEmpty', { rows: batchRows.length }),
          false
        )
      }
    }
    if (card.kind !== 'none') {
      const owned = cardOnConsole(card, cards)
      if (owned && owned.user_id && !(person && heldBy(owned, person))) {
        const holder = holderOf(owned, people)
        const owner = ownerValues(owned, holder)
        conflict('card-owned', 'card', one('cardOwned', { card: owned.display_id, ...owner, name }), true, {
          skipped: one('cardOwnedSkipped', { card: owned.display_id, ...owner }),
          ...(holder ? { holder } : {})
        })
      }
      if (holdings && holdings.cards.length > 0) {
        const held = {
          name,
          count: holdings.cards.length,
          cards: holdings.cards.map((c) => c.displayId || c.token).join(', ')
        }
        const same = owned && holdings.cards.some((c) => c.token === owned.token)
        conflict(
          'has-card',
          'card',
          same ? one('sameCardHeld', { name, card: owned.display_id }) : one('hasCard', held),
          true,
          same ? {} : { skipped: one('hasCardSkipped', held) }
        )
      }
    }

    // The PIN. A cell not understood is asked about, never read as yes or no.
    const pinCell = cell(row, columns.pin)
    const pin = wants(options.pin, pinCell)
    if (pin === undefined) {
      const { message, skipped } = unclear('pin', pinCell)
      conflict('unclear-pin-cell', 'pin', message, true, { skipped })
    }
    if (pin !== false && holdings?.hasPin)
      conflict('has-pin', 'pin', one('hasPin', { name }), true, { skipped: one('hasPinSkipped', { name }) })

    // The Touch Pass.
    const passCell = cell(row, columns.touchPass)
    const touchPass = wants(options.touchPass, passCell)
    if (touchPass === undefined) {
      const { message, skipped } = unclear('pass', passCell)
      conflict('unclear-pass-cell', 'pass', message, true, { skipped })
    }
    if (touchPass !== false && person?.type === 'visitor') {
      conflict('pass-for-visitor', 'pass', one('passForVisitor', { name }), false)
    }
    if (touchPass !== false && holdings?.hasPass) {
      conflict('has-pass', 'pass', one('hasPass', { name }), false)
    }

    const planRow: PlanRow = {
      rowId,
      line,
      label,
      ...(!given && { unnamed: true as const }),
      match,
      card,
      pin: pin !== false,
      touchPass: touchPass !== false,
      conflicts
    }
    if (planRow.touchPass && match.state === 'matched' && plannedSteps(planRow).pass) {
      if (passesLeft > 0) passesLeft--
      else {
        conflict('no-pass-left', 'pass', one('noPassLeft', { name, count: input.assignablePasses }), false)
      }
    }
    out.push(planRow)
  }
  return { rows: out, totals: totalsOf(out, input.assignablePasses) }
}

/**
 * A line the file could not read (a quote never closed: its cells are not known): its own row, left
 * out whatever the user chooses for it, with what to do. Nothing is sent for it.
 */
function unreadableRow(rowId: string, line: number, label: string, unnamed: boolean): PlanRow {
  const said: RosterSaid = [sentence('lineNotRead', { line })]
  return {
    rowId,
    line,
    label,
    ...(unnamed && { unnamed: true as const }),
    match: { state: 'skipped' },
    card: { kind: 'none' },
    pin: false,
    touchPass: false,
    conflicts: [
      { kind: 'unreadable-line', step: 'row', message: rosterEnglish(said), said, overridable: false, decision: 'skip' }
    ]
  }
}

export function totalsOf(rows: PlanRow[], assignablePasses: number): PlanTotals {
  const t: PlanTotals = {
    rows: rows.length,
    matched: 0,
    ambiguous: 0,
    missing: 0,
    skipped: 0,
    cardsExisting: 0,
    cardsImport: 0,
    cardsBatch: 0,
    cardsEnroll: 0,
    pins: 0,
    passes: 0,
    passesAvailable: assignablePasses,
    conflicts: 0,
    undecided: 0,
    ready: 0
  }
  for (const row of rows) {
    t[row.match.state]++
    t.conflicts += row.conflicts.length
    if (row.match.state === 'matched' && row.conflicts.some((c) => c.decision === 'undecided')) t.undecided++
    if (row.match.state !== 'matched') continue
    const steps = plannedSteps(row)
    if (steps.card) {
      if (row.card.kind === 'existing') t.cardsExisting++
      else if (row.card.kind === 'import') t.cardsImport++
      else if (row.card.kind === 'batch') t.cardsBatch++
      else if (row.card.kind === 'enroll') t.cardsEnroll++
    }
    if (steps.pin) t.pins++
    if (steps.pass) t.passes++
    // Ready as the plan's chip and Run count it (a row waiting for an answer sends nothing yet).
    if (planRowStanding(row) === 'ready') t.ready++
  }
  return t
}

/** How a row names its person, by the mapping (unmapped or empty cells: ""). */
function rowKeys(row: string[], mapping: ColumnMapping): PersonKeys {
  const cellOf = (field: RosterField): string => {
    const index = mapping[field]
    return index === null || index === undefined ? '' : (row[index] ?? '').trim()
  }
  return {
    email: cellOf('email'),
    employeeNumber: cellOf('employeeNumber'),
    fullName: cellOf('fullName'),
    firstName: cellOf('firstName'),
    lastName: cellOf('lastName')
  }
}

function matchOf(
  rowId: string,
  keys: PersonKeys,
  people: PeopleIndex,
  resolved: Map<string, PersonRef | null>
): PersonMatch {
  if (resolved.has(rowId)) {
    const chosen = resolved.get(rowId)
    if (chosen === null || chosen === undefined) {
      // Left out: whom the keys find is kept beside it (the results' type and email), never sent to.
      const found = people.match(keys)
      return found.state === 'matched' ? { state: 'skipped', was: found.person } : { state: 'skipped' }
    }
    return { state: 'matched', person: people.get(chosen)?.person ?? chosen, by: 'chosen' }
  }
  return people.match(keys)
}

/** Whether the row asks for it: undefined when its cell says neither yes nor no (yes-no-words.ts). */
function wants(option: RosterOptions['pin'], cellText: string): boolean | undefined {
  if (option === 'all') return true
  if (option === 'column') {
    const said = readYesNo(cellText)
    return said === undefined ? undefined : said === 'yes'
  }
  return false
}

/**
 * The facts of an unclear yes/no cell, before and after the run: the cell as written and the words
 * understood while the user has not answered; their answer once they have (a row answered "Give a
 * PIN" no longer asks).
 */
function unclear(
  what: 'pin' | 'pass',
  cellText: string
): { message: (decision: Conflict['decision']) => RosterSaid; skipped: RosterSaid } {
  const values = { what, cell: cellText }
  return {
    message: (decision) => [
      decision === 'go-ahead'
        ? sentence('unclearYes', values)
        : decision === 'skip'
          ? sentence('unclearNo', values)
          : sentence('unclearAsked', { ...values, understood: understoodYesNo })
    ],
    skipped: [sentence('unclearSkipped', values)]
  }
}

function batchCard(batchId: string, b: BatchRow): CardPlan {
  const card: CardPlan = { kind: 'batch', batchId, rowId: b.id, nfcId: b.nfcId }
  if (b.token !== undefined) card.token = b.token
  if (b.displayId !== undefined) card.displayId = b.displayId
  return card
}

/** The console's record of the card a plan names, when it has one. */
function cardOnConsole(card: CardPlan, cards: ConsoleCards): NfcCard | undefined {
  if (card.kind === 'existing') return cards.token(card.token)
  if (card.kind === 'batch' && card.token !== undefined) return cards.token(card.token)
  return undefined
}

/** Whether the console's card is this person's (the card names its holder's type when it has one). */
function heldBy(card: NfcCard, person: PersonRef): boolean {
  if (card.user_id !== person.id) return false
  if (card.user_type === '') return true
  return (card.user_type === 'VISITOR') === (person.type === 'visitor')
}

/**
 * Who holds a console card, by name and kind, so the row says whom to ask: the console's people
 * first, else the owner the card record itself carries. undefined when neither names them.
 */
function holderOf(card: NfcCard, people: PeopleIndex): { name: string; type: 'user' | 'visitor' } | undefined {
  const types: ('user' | 'visitor')[] =
    card.user_type === 'VISITOR' ? ['visitor'] : card.user_type === 'USER' ? ['user'] : ['user', 'visitor']
  for (const type of types) {
    const known = people.get({ type, id: card.user_id })?.person.name
    if (known) return { name: known, type }
  }
  const named = card.user ? personName(card.user) : ''
  if (!named) return undefined
  return { name: named, type: card.user_type === 'VISITOR' ? 'visitor' : 'user' }
}

/**
 * Who holds a console card, as the roster's `said.owner` names them: by name and kind, else what the
 * card record still says (the kind and id), so they can be found on Cards.
 */
function ownerValues(
  card: NfcCard,
  holder: { name: string; type: 'user' | 'visitor' } | undefined
): Record<string, string> {
  if (holder) return { ownerKind: holder.type, holder: holder.name, ownerId: card.user_id }
  const kind = card.user_type === 'VISITOR' ? 'unnamedVisitor' : card.user_type === 'USER' ? 'unnamedUser' : 'someone'
  return { ownerKind: kind, holder: '', ownerId: card.user_id }
}

/**
 * A conflict's sentence once the user chose to go ahead: its "Skipped unless you choose …" says what
 * they chose instead, so the words beside a pressed "Do it anyway" never say the step is skipped.
 * Every overridable conflict's sentence is here (roster-plan-chosen.test.ts holds each kind to it).
 */
const CHOSEN: Partial<Record<RosterSaid[number]['key'], Parameters<typeof sentence>[0]>> = {
  cardOwned: 'cardOwnedChosen',
  hasCard: 'hasCardChosen',
  hasPin: 'hasPinChosen',
  digits: 'digitsChosen'
}

function asChosen(said: RosterSaid): RosterSaid {
  return said.map((s) => {
    const chosen = s.key === 'error' ? undefined : CHOSEN[s.key]
    return chosen && s.key !== 'error' ? { ...s, key: chosen } : s
  })
}

/** The decision for a row's conflict of a kind: the last one that names the row or all rows. */
function decider(
  decisions: ConflictDecision[]
): (rowId: string, kind: ConflictKind) => 'skip' | 'go-ahead' | undefined {
  const byRow = new Map<string, { at: number; decision: 'skip' | 'go-ahead' }>()
  const forAll = new Map<ConflictKind, { at: number; decision: 'skip' | 'go-ahead' }>()
  decisions.forEach((d, at) => {
    if (d.rowId === null) forAll.set(d.kind, { at, decision: d.decision })
    else byRow.set(`${d.rowId}\u0000${d.kind}`, { at, decision: d.decision })
  })
  return (rowId, kind) => {
    const row = byRow.get(`${rowId}\u0000${kind}`)
    const all = forAll.get(kind)
    if (row && (!all || row.at > all.at)) return row.decision
    return all?.decision
  }
}

/**
 * A card cell of digits only, as Import reads one (shared/nfc/card-number.ts writtenDigits, the rule
 * of Import's CSV preview and typed IDs): hex, the console's format, never changed silently; but it
 * may be the card's decimal number (the reader panel's "Decimal", what many cards print), and then
 * it is another card. Which of the two the console holds is said; the step waits for the user.
 */
function digitsSaid(
  digits: { digits: string; decimalUid: string },
  hexOnConsole: boolean,
  decimalCard: NfcCard | undefined
): { message: RosterSaid; skipped: RosterSaid } {
  const { digits: d, decimalUid } = digits
  return {
    message: [
      sentence('digits', {
        digits: d,
        decimalUid,
        hexHeld: hexOnConsole ? 'yes' : 'no',
        decimalHeld: decimalCard ? 'yes' : 'no',
        decimalNumber: decimalCard?.display_id || decimalUid
      })
    ],
    skipped: [sentence('digitsSkipped', { digits: d, decimalUid })]
  }
}
