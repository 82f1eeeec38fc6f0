import type { EndpointId } from '../../../shared/access/endpoints'
import { endpoints } from '../../../shared/access/endpoints'
import {
  cardDeleted,
  cardHeldBy,
  findVisit,
  holdsQr,
  passesBought,
  passesGiven,
  pinGiven,
  visitCancelFound
} from '../access/read-back-rules'
import { ConsoleCards } from '../batches/console-cards'
import { boughtFinding, foundFinding, givenFinding } from './read-back-findings'
import type { ReadBackFinding } from './settle-write'
import type { AuditReader } from './write-names'
import { pinDigest, type KeptWrite } from './kept-write'

/**
 * How a write of one kind is read back from what the console holds now, by its request alone and what
 * was read just before it was sent, as the audit journal keeps them (kept-write.ts): the same rules
 * (access/read-back-rules.ts) as the read a service makes right after a lost answer, in this run or
 * after a restart. Undefined: what the console holds cannot tell.
 */
type LaterCheck = (
  call: KeptWrite,
  reader: AuditReader,
  before: KeptWrite['before']
) => Promise<ReadBackFinding | undefined>

type Fields = Record<string, unknown>
const bodyOf = (call: KeptWrite): Fields => call.body ?? {}
const param = (call: KeptWrite, name: string): string => String(call.params?.[name] ?? '')

/** A write whose effect what the console holds later cannot show, and why (said where the table names it). */
export interface NoLaterCheck {
  cannotTell: string
}

const pinCheck =
  (kind: 'user' | 'visitor', given: boolean): LaterCheck =>
  async (call, reader, before) => {
    const id = param(call, 'id')
    const person = kind === 'user' ? await reader.users.get(id) : await reader.visitors.get(id)
    // Compared as kept: by their digests (a PIN's token is never written to the journal).
    const now = pinDigest(person.pin_code?.token ?? null)
    // A removal: none held now is done; the one held before still held is not.
    if (!given) return now === null ? { done: true } : before?.pinDigest === now ? { done: false } : undefined
    // Nothing read before the write: whether a PIN held now is the one given cannot be told.
    if (before?.pinDigest === undefined) return undefined
    const done = pinGiven(before.pinDigest, now)
    return done === undefined ? undefined : { done }
  }

/** A card given to (`held`) or taken back from (not held) the person its path names: the card's holder now. */
const cardCheck =
  (kind: 'user' | 'visitor', held: boolean): LaterCheck =>
  async (call, reader) => {
    const token = bodyOf(call).token
    if (typeof token !== 'string') return undefined
    const holds = await cardHeldBy(reader, token, param(call, 'id'))
    return {
      done: holds === held,
      ...(holds === held ? {} : { fact: { kind: 'readBackCard', held: !held, holder: kind } as const })
    }
  }

/** The fields of a visitor update (E18) that are plain values, as sent: what the visitor holds now is compared. */
const plainFields = (body: Fields): [string, unknown][] =>
  Object.entries(body).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))

const ENROLLMENT =
  'an enrollment session lives a short while on its reader: once the console answers again it is over whether it began or not'

/**
 * The later check of every kind of write (write-kinds.ts), or why what the console holds cannot tell:
 * test/unit/audit/settle-later-every-kind.test.ts fails a kind of write that has neither. Each asks
 * the console what it would hold had the write been done, by the same rules (access/read-back-rules.ts,
 * read-back-findings.ts) as the read a service makes right after a lost answer.
 */
export const laterChecks: Partial<Record<EndpointId, LaterCheck | NoLaterCheck>> = {
  E2: { cannotTell: ENROLLMENT },
  E4: { cannotTell: ENROLLMENT },
  E7: async (call, reader) => ({ done: await cardDeleted(reader, param(call, 'token')) }),
  E8: async (call, reader, before) => {
    const alias = bodyOf(call).alias
    if (typeof alias !== 'string') return undefined
    const now = (await reader.nfcCards.get(param(call, 'token'))).alias
    if (now === alias) return { done: true }
    return before?.cardAlias === now ? { done: false } : undefined
  },
  E12: async (call, reader, before) => {
    const { card_name: name, status, bundles } = bodyOf(call)
    const pass = await reader.touchPasses.get(param(call, 'id'))
    const sent = Array.isArray(bundles)
      ? (bundles as { bundle_id?: unknown }[]).map((b) => pass.bundles.find((held) => held.bundle_id === b.bundle_id))
      : []
    const holds =
      (typeof name !== 'string' || pass.card_name === name) &&
      (typeof status !== 'string' || pass.status === status) &&
      sent.every((b) => !b || b.bundle_status === 'DISABLED')
    if (holds) return { done: true }
    // Only a rename can be told not done: the name read before it is still the pass's.
    return typeof name === 'string' && status === undefined && before?.passName === pass.card_name
      ? { done: false }
      : undefined
  },
  E14: async (call, reader, before) => {
    const count = bodyOf(call).count
    if (!before?.passIds || typeof count !== 'number') return undefined
    const found = passesBought(new Set(before.passIds), await reader.touchPasses.all(), count)
    if (found === 'none') return { done: false }
    return found ? boughtFinding(found.bought) : undefined
  },
  E16: async (call, reader) => {
    const ids = call.nfcIds
    if (!ids?.length) return undefined
    const cards = new ConsoleCards(await reader.nfcCards.all())
    const held = ids.map((id) => [id, cards.lookup(id.toUpperCase()).card] as const)
    const numbers = held.flatMap(([id, card]) => (card?.display_id ? [[id, card.display_id] as [string, string]] : []))
    const missing = held.flatMap(([id, card]) => (card ? [] : [id]))
    return foundFinding(ids.length - missing.length, ids.length, missing, numbers)
  },
  E17: async (call, reader) => {
    const body = bodyOf(call)
    const { first_name, last_name, start_time, end_time } = body
    if (typeof first_name !== 'string' || typeof last_name !== 'string') return undefined
    if (typeof start_time !== 'number' || typeof end_time !== 'number') return undefined
    const found = await findVisit(reader, { first_name, last_name, start_time, end_time })
    return found ? { done: true, fact: { kind: 'readBackVisitor', id: found.id } } : { done: false }
  },
  E18: async (call, reader) => {
    const sent = plainFields(bodyOf(call))
    // A schedule or a list sent alone: the console's own shape of it cannot be compared here.
    if (sent.length === 0) return undefined
    const held = (await reader.visitors.get(param(call, 'id'))) as unknown as Fields
    return sent.every(([key, value]) => held[key] === value) ? { done: true } : undefined
  },
  visitorAssignQr: async (call, reader) => {
    const id = param(call, 'id')
    return (await holdsQr(reader, id))
      ? { done: true, fact: { kind: 'readBackVisitor', id, qr: true } }
      : { done: false }
  },
  visitorUnassignQr: async (call, reader) => ({ done: !(await holdsQr(reader, param(call, 'id'))) }),
  userAssignPin: pinCheck('user', true),
  visitorAssignPin: pinCheck('visitor', true),
  userUnassignPin: pinCheck('user', false),
  visitorUnassignPin: pinCheck('visitor', false),
  userAssignNfc: cardCheck('user', true),
  visitorAssignNfc: cardCheck('visitor', true),
  userUnassignNfc: cardCheck('user', false),
  visitorUnassignNfc: cardCheck('visitor', false),
  userAssignTouchPass: async (call, reader) => {
    const pass = await reader.touchPasses.get(param(call, 'touch_pass_id'))
    return { done: pass.user_id === param(call, 'user_id') }
  },
  userUnassignTouchPass: async (call, reader) => {
    const pass = await reader.touchPasses.get(param(call, 'touch_pass_id'))
    return { done: pass.user_id !== param(call, 'user_id') }
  },
  usersAssignTouchPasses: async (call, reader, before) => {
    const ids = bodyOf(call).ids
    if (!before?.passIds || !Array.isArray(ids)) return undefined
    const users = ids.filter((i): i is string => typeof i === 'string')
    const { given, notGiven } = await passesGiven(reader, users, new Set(before.passIds))
    return givenFinding(given.length, notGiven)
  },
  visitorDelete: async (call, reader) => {
    const found = await visitCancelFound(reader, param(call, 'id'))
    // A forced delete leaves no visitor. A cancel keeps the visitor as CANCELLED (§4.6), the rule the
    // cancel's own read-back uses (visitors/cancel-read-back.ts); a visitor gone cannot tell.
    if (call.query?.['is_force'] === true) return { done: found.state === 'gone' }
    return found.state === 'gone' ? undefined : { done: found.state === 'cancelled' }
  }
}

const byId = new Map<string, LaterCheck>(
  Object.entries(laterChecks).flatMap(([name, check]) =>
    typeof check === 'function' ? [[endpoints[name as EndpointId].id, check] as const] : []
  )
)

/** Whether a write of this endpoint (its id, as a row names it) can be read back by its kind. */
export const hasLaterCheck = (endpointId: string): boolean => byId.has(endpointId)

/**
 * The check of a write, as the journal keeps it, bound to its console's client; none for a write of
 * another kind. A console whose client is gone (its profile removed) fails the check: the row stays
 * Unknown.
 */
export function laterCheckOf(
  endpointId: string,
  call: KeptWrite,
  reader: (() => AuditReader | undefined) | undefined
): (() => Promise<ReadBackFinding | undefined>) | undefined {
  const check = byId.get(endpointId)
  if (!check || !reader) return undefined
  return async () => {
    const client = reader()
    if (!client) throw new Error('the console of this write is no longer saved')
    return check(call, client, call.before)
  }
}
