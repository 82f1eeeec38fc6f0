import { loadCsvParser } from '../csv-parser'
import { endpoints, type EndpointId } from '../../../shared/access/endpoints'
import {
  IMPORTED_CARDS_MAX,
  type AuditAction,
  type AuditImportedCard,
  type AuditTarget,
  type AuditTouchPass,
  type AuditVisit
} from '../../../shared/audit/schemas'
import type { AuditFact, AuditPassRef } from '../../../shared/audit/detail-facts'
import type { WriteCall } from '../access/http'
import { NO_SUCH_ID } from '../access/permission-probe'
import { batchOfUploadFilename, namedTouchPass, type WriteNames, type WriteSubjects } from './write-names'
import { personName } from '../../../shared/person-name'

/**
 * What each console write is, for the audit journal: its action, its target, and the facts of what
 * was sent (shared/audit/detail-facts.ts; every screen and file words them in its language). Only the
 * fields named here are read from a request, so a PIN (`pin_code`) or anything else sensitive never
 * reaches the journal: a PIN assignment names its owner only.
 */
export interface WriteKind {
  /**
   * The action, or how the call says it (a visitor's DELETE cancels the visit unless it is forced)
   * and what the console held before (a PIN given to someone who held one replaces it).
   */
  action: AuditAction | ((call: WriteCall, names: WriteNames) => AuditAction)
  target: (call: WriteCall) => AuditTarget
  /**
   * What was sent beyond the action and target, as facts (a count, a batch's name, the fields changed);
   * `names.before` gives a rename's old value. `null`, said by each kind, where the action, the target
   * and the row's card, pass and visit say all (test/unit/audit/detail-facts.test.ts holds every kind to it).
   */
  detail: ((call: WriteCall, names: WriteNames) => Promise<AuditFact | undefined> | AuditFact | undefined) | null
  /**
   * What the write is about by id, named before it is sent from earlier rows or a read (see
   * write-names.ts). Left out where the request or the console's answer names it.
   */
  about?: (call: WriteCall) => WriteSubjects
  /**
   * The cards an import sends (their NFC IDs and aliases, as its file has them): the Audit finds the
   * row by any of them, and its CSV gives each a line.
   */
  cards?: (call: WriteCall) => Promise<AuditImportedCard[] | undefined>
  /** A visit's window the request sends: the screen shows it in the desk's time zone. */
  visit?: (call: WriteCall) => AuditVisit | undefined
  /**
   * The visitor's company as the request sends it (a create, an update that changes it). Every row of a
   * visitor write carries the company beside the name and the visit's window (audit-service `visitorRow`):
   * from the request where it sends them, else from the visitor as read before the write (`about`).
   */
  company?: (call: WriteCall) => string | undefined
  /** What the console's answer adds: the id of what it created, how many it imported, a pass's card id. */
  answered?: (
    result: unknown,
    call: WriteCall
  ) => {
    id?: string
    name?: string
    fact?: AuditFact
    touchPass?: AuditTouchPass
    /**
     * The cards an import made, by NFC ID (as its answer writes it) → token: the recorder reads the
     * numbers the console shows them by (imported-numbers.ts).
     */
    importedTokens?: [string, string][]
    /**
     * The answer named less than was done (a purchase answered with 1 of its 2 passes): the object
     * the caller gets (the answer's data), by which its read-back names the rest (settle-write nameWrite).
     */
    namesMore?: object
  }
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
  const name = personName({ first_name: text(data.first_name), last_name: text(data.last_name) })
  return { ...(id ? { id } : {}), ...(name ? { name } : {}) }
}
/** A Touch Pass as an answer (§3.25, E12) has it: its card id and holder; the holder names the user. */
const answeredPass = (result: unknown): { name?: string; touchPass?: AuditTouchPass } => {
  const data = (dataOf(result) ?? {}) as Fields
  const id = text(data.id)
  const name = text(data.user_name)
  const pass = {
    id: id ?? '',
    card_id: text(data.card_id) ?? '',
    card_name: text(data.card_name),
    user_name: name ?? ''
  }
  return {
    ...(name ? { name } : {}),
    ...(id ? { touchPass: namedTouchPass(pass) } : {})
  }
}

function visitorName(call: WriteCall): string | undefined {
  const body = bodyOf(call)
  const name = personName({ first_name: text(body.first_name), last_name: text(body.last_name) })
  return name || undefined
}

/** The visit's window as sent (unix seconds); the screen writes it in the desk's zone, the CSV with its offset. */
function visitWindow(call: WriteCall): AuditVisit | undefined {
  const { start_time: start, end_time: end } = bodyOf(call)
  const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)
  if (!whole(start) && !whole(end)) return undefined
  return { ...(whole(start) ? { start } : {}), ...(whole(end) ? { end } : {}) }
}

/**
 * The visitor fields an update sends, by their names in the request: every screen and file names them as
 * the form does ("Phone", "Weekly schedule": the one table, shared/visitors/field-names.ts); their values
 * stay out (a phone).
 */
function changedFields(call: WriteCall): AuditFact | undefined {
  const fields = Object.keys(bodyOf(call)).slice(0, 100)
  return fields.length ? { kind: 'changed', fields } : undefined
}

/** The target named by a path parameter (`:id`, `:token`, `:user_id`). */
const byParam =
  (kind: AuditTarget['kind'], name = 'id') =>
  (call: WriteCall): AuditTarget => {
    const id = param(call, name)
    return id ? { kind, id } : { kind }
  }
const owner = byParam

/** The owner named by its path parameter, and the card a body's token names. */
const ownerAndCard =
  (kind: 'user' | 'visitor') =>
  (call: WriteCall): WriteSubjects => {
    const id = param(call, 'id')
    const token = text(bodyOf(call).token)
    return { ...(id ? { person: { kind, id } } : {}), ...(token ? { card: { token } } : {}) }
  }
const person =
  (kind: 'user' | 'visitor', name = 'id') =>
  (call: WriteCall): WriteSubjects => {
    const id = param(call, name)
    return id ? { person: { kind, id } } : {}
  }
/** The card a `:token` names (a delete or a rename). */
const cardByToken = (call: WriteCall): WriteSubjects => {
  const token = param(call, 'token')
  return token ? { card: { token } } : {}
}

/**
 * A take-over said; the card itself is the row's card (`about`: its number and alias, as Cards names
 * it), never its raw 64-character token written out in the detail (a refused row said only that).
 */
const cardInBody = (call: WriteCall): AuditFact | undefined => {
  const token = text(bodyOf(call).token)
  if (!token) return undefined
  return bodyOf(call).force_add === true ? { kind: 'takenOver' } : undefined
}

const ownerKinds = (kind: 'user' | 'visitor') =>
  ({
    assignNfc: { action: 'assign', target: owner(kind), about: ownerAndCard(kind), detail: cardInBody },
    // The card taken back is the row's card: nothing more is sent.
    unassignNfc: { action: 'unassign', target: owner(kind), about: ownerAndCard(kind), detail: null },
    // Their record read before sending says whether they held a PIN: the new one then replaced it.
    // The PIN itself is never recorded: the action and its owner say all.
    assignPin: {
      action: (_call, names) => (names.before?.heldPin ? 'PIN replacement' : 'PIN assignment'),
      target: owner(kind),
      about: person(kind),
      detail: null
    },
    unassignPin: { action: 'PIN removal', target: owner(kind), about: person(kind), detail: null }
  }) satisfies Record<string, WriteKind>

const user = ownerKinds('user')
const visitor = ownerKinds('visitor')

/**
 * The CSV of an import: how many cards, and where from (E16 sends it as multipart `file`): a batch's
 * upload names its batch, never the chunk's made-up file name (write-names batchUploadFilename), and
 * the CSV files its rows were read from when the caller says (`readBefore.files`), so a search for a
 * file's name finds the upload of its cards.
 */
async function importedFile(call: WriteCall): Promise<AuditFact | undefined> {
  if (!(call.body instanceof FormData)) return undefined
  const file = call.body.get('file')
  if (!(file instanceof Blob)) return undefined
  const count = (await file.text()).split('\n').filter((l) => l.trim() !== '').length
  const batch = file instanceof File ? batchOfUploadFilename(file.name) : null
  const files = call.readBefore?.files?.join(', ')
  if (batch !== null)
    return { kind: 'cardsSent', count, batch: batch.slice(0, 300), ...(files ? { file: files.slice(0, 300) } : {}) }
  return file instanceof File
    ? { kind: 'cardsSent', count, file: file.name.slice(0, 300) }
    : { kind: 'cardsSent', count }
}

/**
 * The cards an import's CSV sends (E16: an NFC ID, then optionally an alias, no header), read as the
 * console reads it (papaparse, as the batches' validator does), so a quoted alias with a comma is one alias.
 */
async function importedCards(call: WriteCall): Promise<AuditImportedCard[] | undefined> {
  const file = call.body instanceof FormData ? call.body.get('file') : null
  if (!(file instanceof Blob)) return undefined
  const Papa = await loadCsvParser()
  const rows = Papa.parse<string[]>(await file.text(), { skipEmptyLines: true }).data
  const cards: AuditImportedCard[] = []
  for (const [id, alias] of rows.slice(0, IMPORTED_CARDS_MAX)) {
    const nfcId = id?.trim().slice(0, 40)
    if (!nfcId) continue
    cards.push(alias?.trim() ? { nfcId, alias: alias.trim().slice(0, 200) } : { nfcId })
  }
  return cards.length ? cards : undefined
}

function importAnswer(result: unknown): { fact?: AuditFact; importedTokens?: [string, string][] } {
  const records = dataOf(result)
  if (!Array.isArray(records)) return {}
  const importedTokens = records.flatMap((r) => {
    const { nfc_id: nfcId, token } = r as Fields
    return text(nfcId) && text(token) ? [[nfcId as string, token as string] as [string, string]] : []
  })
  const imported = records.filter((r) => text((r as Fields).token)).length
  return {
    fact: { kind: 'imported', imported, notImported: records.length - imported },
    ...(importedTokens.length ? { importedTokens } : {})
  }
}

/** A row names at most this many passes (auditFactSchema's lists); its words end with "…" past 500 characters. */
const PASSES_MAX = 100

/** A pass as Touch Passes names it in a list: its card id (its id when it has none) and its name. */
export function passRef(pass: { id?: unknown; card_id?: unknown; card_name?: unknown }): AuditPassRef {
  const card = (text(pass.card_id) ?? text(pass.id) ?? '?').slice(0, 100)
  const name = text(pass.card_name)?.slice(0, 200)
  return name ? { card, name } : { card }
}

/**
 * The passes bought, as Touch Passes names them. The console may answer only the first of several
 * (facts E14): then the row says plainly how many were bought and that the answer named fewer, and
 * waits for the purchase's read of the list (touch-pass-service) to name the rest (`namesMore`).
 */
function purchaseAnswer(result: unknown, call: WriteCall): { fact?: AuditFact; namesMore?: object } {
  const passes = dataOf(result)
  if (!Array.isArray(passes)) return {}
  const named = (passes as Fields[])
    .filter((p) => text(p.card_id) ?? text(p.id))
    .map(passRef)
    .slice(0, PASSES_MAX)
  const count = bodyOf(call).count
  if (typeof count === 'number' && named.length < count)
    return { fact: { kind: 'bought', passes: named, asked: count }, namesMore: passes }
  return named.length ? { fact: { kind: 'bought', passes: named } } : {}
}

/** Which pass went to whom, as Touch Passes names them: "057B-D703-… to Ada Ng". */
function assignManyAnswer(result: unknown): { fact?: AuditFact } {
  const passes = dataOf(result)
  if (!Array.isArray(passes)) return {}
  const each = passes.slice(0, PASSES_MAX).map((p) => {
    const to = text((p as Fields).user_name)
    return { ...passRef(p as Fields), ...(to ? { to: to.slice(0, 300) } : {}) }
  })
  return each.length ? { fact: { kind: 'given', passes: each } } : {}
}

/** A new name, with the one read just before it was sent when there was a read ("" when it had none). */
const rename = (before: string | undefined, after: string): { before?: string; after: string } =>
  before === undefined ? { after } : { before, after }

function touchPassChange(call: WriteCall, names: WriteNames): AuditFact | undefined {
  const body = bodyOf(call)
  const status = text(body.status)
  const fact: Extract<AuditFact, { kind: 'passChanged' }> = {
    kind: 'passChanged',
    ...(typeof body.card_name === 'string' ? { renamed: rename(names.before?.passName, body.card_name) } : {}),
    ...(status ? { status } : {}),
    ...(Array.isArray(body.bundles) ? { unbundled: body.bundles.length } : {})
  }
  return Object.keys(fact).length > 1 ? fact : undefined
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
    // Named as Enroll names it: its door, name and model (a device id alone says nothing at the desk).
    about: (call) => {
      const id = text(bodyOf(call).device_id)
      return id ? { reader: { id } } : {}
    },
    detail: (call) => (bodyOf(call).reset_ua_card === true ? { kind: 'resetsCard' } : undefined),
    answered: (result) => {
      const id = text(((dataOf(result) as Fields | undefined) ?? {}).session_id)
      return id ? { fact: { kind: 'session', id } } : {}
    }
  },
  E4: { action: 'enrollment end', target: byParam('enrollment session'), detail: null },
  // The card deleted is the row's card (its number, alias and owner then).
  E7: { action: 'delete', target: byParam('NFC card', 'token'), about: cardByToken, detail: null },
  E8: {
    action: 'update',
    target: byParam('NFC card', 'token'),
    about: cardByToken,
    detail: (call, names) => {
      const alias = bodyOf(call).alias
      return typeof alias === 'string' ? { kind: 'alias', ...rename(names.before?.cardAlias, alias) } : undefined
    }
  },
  E12: {
    action: 'update',
    target: byParam('Touch Pass'),
    about: (call) => {
      const id = param(call, 'id')
      return id ? { touchPass: { id } } : {}
    },
    detail: touchPassChange,
    answered: (result) => {
      const { touchPass } = answeredPass(result)
      return touchPass ? { touchPass } : {}
    }
  },
  E14: {
    action: 'purchase',
    target: () => ({ kind: 'Touch Pass' }),
    // The list before it: the passes it bought are the new ones, read back when its answer is lost.
    about: () => ({ passesBefore: 'listed' }),
    detail: (call) => {
      const count = bodyOf(call).count
      return typeof count === 'number' && Number.isInteger(count) && count >= 0
        ? { kind: 'passesOrdered', count }
        : undefined
    },
    answered: purchaseAnswer
  },
  E16: {
    action: 'import',
    target: () => ({ kind: 'NFC card' }),
    detail: importedFile,
    cards: importedCards,
    // Its server error may follow an import carried out: the endpoint's `appliesInPart` (lost-answer.ts).
    answered: importAnswer
  },
  E17: {
    action: 'create',
    target: (call) => {
      const name = visitorName(call)
      return name ? { kind: 'visitor', name } : { kind: 'visitor' }
    },
    // The visitor's name with their company and the visit's window are the row's own fields.
    detail: null,
    visit: visitWindow,
    company: (call) => text(bodyOf(call).visitor_company),
    answered: answeredVisitor
  },
  E18: {
    action: 'update',
    target: (call) => {
      const name = visitorName(call)
      return { ...byParam('visitor')(call), ...(name ? { name } : {}) }
    },
    // Read before the write for the company and window the request does not send (one rule for visitor rows).
    about: person('visitor'),
    detail: changedFields,
    visit: visitWindow,
    company: (call) => text(bodyOf(call).visitor_company),
    answered: answeredVisitor
  },
  userAssignNfc: user.assignNfc,
  userUnassignNfc: user.unassignNfc,
  userAssignPin: user.assignPin,
  userUnassignPin: user.unassignPin,
  userAssignTouchPass: {
    action: 'assign',
    target: owner('user', 'user_id'),
    // The pass and the user are named before (a refused assignment, or one whose answer is lost,
    // still says which pass and whom); the answer, the pass with its new holder, adds nothing then.
    about: (call) => {
      const id = param(call, 'touch_pass_id')
      return { ...person('user', 'user_id')(call), ...(id ? { touchPass: { id } } : {}) }
    },
    // The pass and its new holder are the row's pass and target.
    detail: null,
    answered: answeredPass
  },
  userUnassignTouchPass: {
    action: 'unassign',
    target: owner('user', 'user_id'),
    about: (call) => {
      const id = param(call, 'touch_pass_id')
      return { ...person('user', 'user_id')(call), ...(id ? { touchPass: { id } } : {}) }
    },
    detail: null
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
    detail: () => ({ kind: 'passEach' }),
    // The passes free before it: a user given one holds one of them (read back when its answer is lost).
    about: () => ({ passesBefore: 'free' }),
    answered: assignManyAnswer
  },
  visitorDelete: {
    // Without is_force the visit is cancelled, not deleted: Audit says what the desk did.
    action: (call) => (call.query?.is_force === true ? 'delete' : 'cancel visit'),
    target: owner('visitor'),
    about: person('visitor'),
    // Without is_force the console keeps the visitor as CANCELLED (§4.6).
    detail: (call) => ({ kind: call.query?.is_force === true ? 'deletedForGood' : 'visitCancelled' })
  },
  visitorAssignNfc: visitor.assignNfc,
  visitorUnassignNfc: visitor.unassignNfc,
  visitorAssignPin: visitor.assignPin,
  visitorUnassignPin: visitor.unassignPin,
  visitorAssignQr: { action: 'QR assignment', target: owner('visitor'), about: person('visitor'), detail: null },
  visitorUnassignQr: { action: 'QR removal', target: owner('visitor'), about: person('visitor'), detail: null }
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
  // Nothing is known of its body: its path names it, and nothing of what it sent is read.
  return { action, target: () => ({ kind: 'record', name: call.endpoint.path }), detail: null }
}

/** The action a write is recorded as. */
export function actionOf(kind: WriteKind, call: WriteCall, names: WriteNames = {}): AuditAction {
  return typeof kind.action === 'function' ? kind.action(call, names) : kind.action
}
