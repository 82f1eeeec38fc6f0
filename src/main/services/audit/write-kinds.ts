import { endpoints, type EndpointId } from '../../../shared/access/endpoints'
import type { AuditAction, AuditTarget } from '../../../shared/audit/schemas'
import type { WriteCall } from '../access/http'
import { NO_SUCH_ID } from '../access/permission-probe'

/**
 * What each console write is, for the audit journal: its action, its target, and a short summary
 * of what was sent. Only the fields named here are read from a request, so a PIN (`pin_code`) or
 * anything else sensitive never reaches the journal: a PIN assignment names its owner only.
 */
export interface WriteKind {
  action: AuditAction
  target: (call: WriteCall) => AuditTarget
  /** A summary of what was sent (a count, a name, a time range). */
  detail?: (call: WriteCall) => Promise<string | undefined> | string | undefined
  /** What the console's answer adds: the id of what it created, how many it imported. */
  answered?: (result: unknown) => { id?: string; name?: string; detail?: string }
}

type Fields = Record<string, unknown>

const bodyOf = (call: WriteCall): Fields =>
  call.body && typeof call.body === 'object' && !(call.body instanceof FormData) ? (call.body as Fields) : {}
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)
const param = (call: WriteCall, name: string): string | undefined => text(call.params?.[name])
/** `{ data }` of a Reply, or the data of requestOrCode. */
const dataOf = (result: unknown): unknown => (result as { data?: unknown } | undefined)?.data
/** A visitor's name as the console's answer (E17, E18) has it. */
const answeredVisitor = (result: unknown): { id?: string; name?: string } => {
  const data = (dataOf(result) ?? {}) as Fields
  const id = text(data.id)
  const name = [text(data.first_name), text(data.last_name)].filter(Boolean).join(' ')
  return { ...(id ? { id } : {}), ...(name ? { name } : {}) }
}
/** The holder's name as a Touch Pass answer (§3.25) has it. */
const answeredHolder = (result: unknown): { name?: string } => {
  const name = text(((dataOf(result) ?? {}) as Fields).user_name)
  return name ? { name } : {}
}
const localTime = (epochSeconds: unknown): string | undefined =>
  typeof epochSeconds === 'number'
    ? new Date(epochSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')
    : undefined

function visitorName(call: WriteCall): string | undefined {
  const body = bodyOf(call)
  const name = [text(body.first_name), text(body.last_name)].filter(Boolean).join(' ')
  return name || undefined
}

function visitWindow(call: WriteCall): string | undefined {
  const body = bodyOf(call)
  const from = localTime(body.start_time)
  const to = localTime(body.end_time)
  return from && to ? `visit ${from} → ${to} UTC` : undefined
}

/** The visitor fields an update sends, by name (their values stay out: a phone or an email). */
function changedFields(call: WriteCall): string | undefined {
  const keys = Object.keys(bodyOf(call))
  return keys.length ? `changed ${keys.join(', ')}` : undefined
}

/** The target named by a path parameter (`:id`, `:token`, `:user_id`). */
const byParam =
  (kind: AuditTarget['kind'], name = 'id') =>
  (call: WriteCall): AuditTarget => {
    const id = param(call, name)
    return id ? { kind, id } : { kind }
  }
const owner = byParam

const cardInBody = (call: WriteCall): string | undefined => {
  const token = text(bodyOf(call).token)
  if (!token) return undefined
  return bodyOf(call).force_add === true ? `NFC card ${token} (taken over from its holder)` : `NFC card ${token}`
}

const ownerKinds = (kind: 'user' | 'visitor') =>
  ({
    assignNfc: { action: 'assign', target: owner(kind), detail: cardInBody },
    unassignNfc: { action: 'unassign', target: owner(kind), detail: cardInBody },
    assignPin: { action: 'PIN assignment', target: owner(kind) },
    unassignPin: { action: 'PIN removal', target: owner(kind) }
  }) satisfies Record<string, WriteKind>

const user = ownerKinds('user')
const visitor = ownerKinds('visitor')

/** The CSV of an import: how many cards, from which file (E16 sends it as multipart `file`). */
async function importedFile(call: WriteCall): Promise<string | undefined> {
  if (!(call.body instanceof FormData)) return undefined
  const file = call.body.get('file')
  if (!(file instanceof Blob)) return undefined
  const lines = (await file.text()).split('\n').filter((l) => l.trim() !== '').length
  const name = file instanceof File ? ` from ${file.name}` : ''
  return `${lines} card${lines === 1 ? '' : 's'}${name}`
}

function importAnswer(result: unknown): { detail?: string } {
  const records = dataOf(result)
  if (!Array.isArray(records)) return {}
  const imported = records.filter((r) => text((r as Fields).token)).length
  return { detail: `${imported} imported, ${records.length - imported} not imported` }
}

function purchaseAnswer(result: unknown): { detail?: string } {
  const passes = dataOf(result)
  if (!Array.isArray(passes)) return {}
  const ids = passes.map((p) => text((p as Fields).id)).filter(Boolean)
  return ids.length ? { detail: `bought ${ids.join(', ')}` } : {}
}

function touchPassChange(call: WriteCall): string | undefined {
  const body = bodyOf(call)
  const parts: string[] = []
  if (text(body.card_name)) parts.push(`renamed "${text(body.card_name)}"`)
  if (text(body.status)) parts.push(`status ${text(body.status)}`)
  if (Array.isArray(body.bundles)) parts.push(`${body.bundles.length} device bundle(s) unbundled`)
  return parts.join(', ') || undefined
}

/**
 * Every endpoint that is not a GET, keyed by its name in `endpoints`. `null`: sent with POST but
 * changes nothing (E1 only generates a PIN; the PIN itself is never recorded).
 */
export const writeKinds: Partial<Record<EndpointId, WriteKind | null>> = {
  E1: null,
  E2: {
    action: 'enrollment start',
    target: (call) => {
      const id = text(bodyOf(call).device_id)
      return id ? { kind: 'reader', id } : { kind: 'reader' }
    },
    detail: (call) => (bodyOf(call).reset_ua_card === true ? 'resets the card first' : undefined),
    answered: (result) => {
      const id = text(((dataOf(result) as Fields | undefined) ?? {}).session_id)
      return id ? { detail: `session ${id}` } : {}
    }
  },
  E4: { action: 'enrollment end', target: byParam('enrollment session') },
  E7: { action: 'delete', target: byParam('NFC card', 'token') },
  E8: {
    action: 'update',
    target: byParam('NFC card', 'token'),
    detail: (call) => (typeof bodyOf(call).alias === 'string' ? `alias "${String(bodyOf(call).alias)}"` : undefined)
  },
  E12: {
    action: 'update',
    target: byParam('Touch Pass'),
    detail: touchPassChange
  },
  E14: {
    action: 'purchase',
    target: () => ({ kind: 'Touch Pass' }),
    detail: (call) => {
      const count = bodyOf(call).count
      return typeof count === 'number' ? `${count} Touch Pass${count === 1 ? '' : 'es'}` : undefined
    },
    answered: purchaseAnswer
  },
  E16: { action: 'import', target: () => ({ kind: 'NFC card' }), detail: importedFile, answered: importAnswer },
  E17: {
    action: 'create',
    target: (call) => {
      const name = visitorName(call)
      return name ? { kind: 'visitor', name } : { kind: 'visitor' }
    },
    detail: visitWindow,
    answered: answeredVisitor
  },
  E18: {
    action: 'update',
    target: (call) => {
      const name = visitorName(call)
      return { ...byParam('visitor')(call), ...(name ? { name } : {}) }
    },
    detail: changedFields,
    answered: answeredVisitor
  },
  userAssignNfc: user.assignNfc,
  userUnassignNfc: user.unassignNfc,
  userAssignPin: user.assignPin,
  userUnassignPin: user.unassignPin,
  userAssignTouchPass: {
    action: 'assign',
    target: owner('user', 'user_id'),
    detail: (call) => `Touch Pass ${param(call, 'touch_pass_id') ?? ''}`,
    answered: answeredHolder
  },
  userUnassignTouchPass: {
    action: 'unassign',
    target: owner('user', 'user_id'),
    detail: (call) => `Touch Pass ${param(call, 'touch_pass_id') ?? ''}`
  },
  usersAssignTouchPasses: {
    action: 'assign',
    target: (call) => {
      const ids = bodyOf(call).ids
      const list = Array.isArray(ids) ? ids.filter((i): i is string => typeof i === 'string') : []
      return {
        kind: 'users',
        id: list.join(', ').slice(0, 200),
        name: `${list.length} user${list.length === 1 ? '' : 's'}`
      }
    },
    detail: () => 'a Touch Pass each'
  },
  visitorDelete: {
    action: 'delete',
    target: owner('visitor'),
    // Without is_force the console keeps the visitor as CANCELLED (§4.6).
    detail: (call) => (call.query?.is_force === true ? 'deleted for good' : 'visit cancelled (kept as CANCELLED)')
  },
  visitorAssignNfc: visitor.assignNfc,
  visitorUnassignNfc: visitor.unassignNfc,
  visitorAssignPin: visitor.assignPin,
  visitorUnassignPin: visitor.unassignPin,
  visitorAssignQr: { action: 'QR assignment', target: owner('visitor') },
  visitorUnassignQr: { action: 'QR removal', target: owner('visitor') }
}

const byId = new Map<string, WriteKind | null>(
  Object.entries(writeKinds).map(([name, kind]) => [endpoints[name as EndpointId].id, kind ?? null])
)

/**
 * The kind of a write; null when it changes nothing (E1, permission probes). An endpoint missing from the table (one added
 * later) is still recorded, by its method, rather than left out of the journal.
 */
export function writeKindOf(call: WriteCall): WriteKind | null {
  // A permission probe: a write on an id that cannot exist, refused by design, changes nothing.
  if (Object.values(call.params ?? {}).includes(NO_SUCH_ID)) return null
  const known = byId.get(call.endpoint.id)
  if (known !== undefined) return known
  const action: AuditAction =
    call.endpoint.method === 'POST' ? 'create' : call.endpoint.method === 'DELETE' ? 'delete' : 'update'
  return { action, target: () => ({ kind: 'record', name: call.endpoint.path }) }
}
