import type { EndpointId } from '../../../shared/access/endpoints'
import { endpoints } from '../../../shared/access/endpoints'
import type { WriteCall } from '../access/http'
import { findVisit, holdsQr, pinGiven } from '../access/read-back-rules'
import type { ReadBackFinding } from './settle-write'
import type { AuditReader, WriteNames } from './write-names'

/**
 * How a write of one kind is read back from what the console holds now, by its request alone (and what
 * was read just before it was sent, `before`): the same rules (access/read-back-rules.ts) as the read a
 * service makes right after a lost answer. Undefined: what the console holds cannot tell.
 */
type LaterCheck = (
  call: WriteCall,
  reader: AuditReader,
  before: WriteNames['before']
) => Promise<ReadBackFinding | undefined>

type Fields = Record<string, unknown>
const bodyOf = (call: WriteCall): Fields =>
  call.body && typeof call.body === 'object' && !(call.body instanceof FormData) ? (call.body as Fields) : {}
const param = (call: WriteCall, name: string): string => String(call.params?.[name] ?? '')

const pinCheck =
  (kind: 'user' | 'visitor'): LaterCheck =>
  async (call, reader, before) => {
    // Nothing read before the write: whether a PIN held now is the one given cannot be told.
    if (before?.pinToken === undefined) return undefined
    const id = param(call, 'id')
    const person = kind === 'user' ? await reader.users.get(id) : await reader.visitors.get(id)
    const given = pinGiven(before.pinToken, person.pin_code?.token ?? null)
    return given === undefined ? undefined : { done: given }
  }

const cardCheck =
  (kind: 'user' | 'visitor'): LaterCheck =>
  async (call, reader) => {
    const token = bodyOf(call).token
    if (typeof token !== 'string') return undefined
    const card = await reader.nfcCards.get(token)
    const id = param(call, 'id')
    return {
      done: card.user_id === id,
      ...(card.user_id === id ? {} : { detail: `read back: card not held by the ${kind}` })
    }
  }

/**
 * The writes that can be checked later. Left out: those whose read-back needs what the service read
 * before sending (a Touch Pass purchase compares the list before and after; a batch of passes, the
 * passes free before), and those read back by the person (an upload's "Check with the console").
 */
const laterChecks: Partial<Record<EndpointId, LaterCheck>> = {
  E17: async (call, reader) => {
    const body = bodyOf(call)
    const { first_name, last_name, start_time, end_time } = body
    if (typeof first_name !== 'string' || typeof last_name !== 'string') return undefined
    if (typeof start_time !== 'number' || typeof end_time !== 'number') return undefined
    const found = await findVisit(reader, { first_name, last_name, start_time, end_time })
    return found ? { done: true, detail: `read back: visitor ${found.id}` } : { done: false }
  },
  visitorAssignQr: async (call, reader) => {
    const id = param(call, 'id')
    return (await holdsQr(reader, id))
      ? { done: true, detail: `read back: visitor ${id} holds a QR code` }
      : { done: false }
  },
  userAssignPin: pinCheck('user'),
  visitorAssignPin: pinCheck('visitor'),
  userAssignNfc: cardCheck('user'),
  visitorAssignNfc: cardCheck('visitor'),
  userAssignTouchPass: async (call, reader) => {
    const pass = await reader.touchPasses.get(param(call, 'touch_pass_id'))
    return { done: pass.user_id === param(call, 'user_id') }
  }
}

const byId = new Map<string, LaterCheck>(
  Object.entries(laterChecks).map(([name, check]) => [endpoints[name as EndpointId].id, check])
)

/**
 * The check of this write when the console answers again, bound to its console's client; none for a
 * write of another kind. A console whose client is gone (its profile removed) fails the check: the row
 * stays Unknown.
 */
export function laterCheckOf(
  call: WriteCall,
  reader: (() => AuditReader | undefined) | undefined,
  before: WriteNames['before']
): (() => Promise<ReadBackFinding | undefined>) | undefined {
  const check = byId.get(call.endpoint.id)
  if (!check || !reader) return undefined
  return async () => {
    const client = reader()
    if (!client) throw new Error('the console of this write is no longer saved')
    return check(call, client, before)
  }
}
