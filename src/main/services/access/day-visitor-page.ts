import { dayVisitorSchema, visitorStatuses, type DayVisitor } from '../../../shared/access/visitors'
import { DataIssue, type DataReader } from './data-reader'
import { listOf } from './list-answer'

/**
 * A page of the day's visitors (Today) read in one plain loop: the same result as
 * `listOf(dayVisitorSchema)`, without zod's per-object machinery for the visitors a console sends
 * as it should. Today reads every visitor of a site on each load (the list cannot filter by time):
 * on the first open after a start zod runs cold, and checking 5,000 visitors was the largest part
 * of main's work before the list answered. A visitor in any other shape (a field absent, a status
 * sent as a number, a wrong type) goes through dayVisitorSchema itself, so what is accepted, what
 * is built and what a refusal says stay zod's. `test/unit/access/day-visitor-page.test.ts` checks
 * with generated visitors that both read the same.
 */

const statuses = new Set<string>(visitorStatuses)

/** The zod reader: for what the plain path leaves (not a list, a visitor not plain). */
const zodPage = listOf(dayVisitorSchema)

type Card = DayVisitor['nfc_cards'][number]
type Resource = DayVisitor['resources'][number]

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Own enumerable keys, counted without building their list. */
function keyCount(value: object): number {
  let n = 0
  for (const _ in value) n++
  return n
}

/** `nfc_cards` as sent ({id, token, type} each, all strings), or undefined for zod to read. */
function plainCards(value: unknown): Card[] | undefined {
  if (value === null || value === undefined) return []
  if (!Array.isArray(value)) return undefined
  const out = new Array<Card>(value.length)
  for (let i = 0; i < value.length; i++) {
    const card: unknown = value[i]
    if (!isRecord(card)) return undefined
    const { id, token, type } = card
    if (typeof id !== 'string' || typeof token !== 'string' || token === '' || typeof type !== 'string') {
      return undefined
    }
    // Exactly the three keys: the object as parsed is the card (no copy to make and collect).
    out[i] = keyCount(card) === 3 ? (card as Card) : { id, token, type }
  }
  return out
}

/** `resources` as sent ({id, name, type} each, all strings, the id not empty), or undefined. */
function plainResources(value: unknown): Resource[] | undefined {
  if (value === null || value === undefined) return []
  if (!Array.isArray(value)) return undefined
  const out = new Array<Resource>(value.length)
  for (let i = 0; i < value.length; i++) {
    const resource: unknown = value[i]
    if (!isRecord(resource)) return undefined
    const { id, name, type } = resource
    if (typeof id !== 'string' || id === '' || typeof name !== 'string' || typeof type !== 'string') return undefined
    out[i] = keyCount(resource) === 3 ? (resource as Resource) : { id, name, type }
  }
  return out
}

const optionalString = (value: unknown) => value === undefined || typeof value === 'string'
const optionalTime = (value: unknown) => value === undefined || Number.isSafeInteger(value)

/**
 * A visitor as consoles send it, built with dayVisitorSchema's keys in its order (one hidden class
 * for the visitors of a console), or undefined when anything is not plain.
 */
function plainVisitor(value: Record<string, unknown>): DayVisitor | undefined {
  const { id, first_name, last_name, status, inviter_name, visitor_company, start_time, end_time, pin_code } = value
  if (
    typeof id !== 'string' ||
    id === '' ||
    typeof first_name !== 'string' ||
    typeof last_name !== 'string' ||
    (status !== undefined && (typeof status !== 'string' || !statuses.has(status))) ||
    !optionalString(inviter_name) ||
    !optionalString(visitor_company) ||
    !optionalTime(start_time) ||
    !optionalTime(end_time)
  ) {
    return undefined
  }
  let pin: DayVisitor['pin_code'] = null
  if (pin_code !== null && pin_code !== undefined) {
    if (!isRecord(pin_code) || typeof pin_code.token !== 'string') return undefined
    pin = keyCount(pin_code) === 1 ? (pin_code as { token: string }) : { token: pin_code.token }
  }
  const nfcCards = plainCards(value.nfc_cards)
  const resources = plainResources(value.resources)
  if (nfcCards === undefined || resources === undefined) return undefined
  // An optional field absent stays absent, as zod builds it (a key present stays, whatever it holds).
  const visitor = { id, first_name, last_name } as DayVisitor
  if ('status' in value) visitor.status = status as DayVisitor['status']
  if ('inviter_name' in value) visitor.inviter_name = inviter_name as string | undefined
  if ('visitor_company' in value) visitor.visitor_company = visitor_company as string | undefined
  if ('start_time' in value) visitor.start_time = start_time as number | undefined
  if ('end_time' in value) visitor.end_time = end_time as number | undefined
  visitor.nfc_cards = nfcCards
  visitor.pin_code = pin
  visitor.resources = resources
  // Kept as sent (dayVisitorSchema: Today's own reader reads it).
  if ('schedule' in value) visitor.schedule = value.schedule
  return visitor
}

/** A page's `data` (absent or null = none); throws a DataIssue for the first visitor refused, as zod says it. */
export function readDayVisitorPage(data: unknown): DayVisitor[] {
  if (!Array.isArray(data)) return zodPage.read(data)
  const out = new Array<DayVisitor>(data.length)
  for (let i = 0; i < data.length; i++) {
    const value: unknown = data[i]
    const plain = isRecord(value) ? plainVisitor(value) : undefined
    if (plain) {
      out[i] = plain
      continue
    }
    const parsed = dayVisitorSchema.safeParse(value)
    if (!parsed.success) {
      const first = parsed.error.issues[0]
      throw new DataIssue([i, ...(first?.path ?? [])], first?.message ?? 'invalid')
    }
    out[i] = parsed.data
  }
  return out
}

/** What the HTTP layer takes as `data:` for a page of the day's visitors (data-reader.ts says why not zod). */
export const dayVisitorPageReader: DataReader<DayVisitor[]> = { read: readDayVisitorPage }
