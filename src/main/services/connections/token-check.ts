import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { endpoints, type EndpointInfo, type PermissionKey } from '../../../shared/access/endpoints'
import type { PermissionCheck, TokenCheck } from '../../../shared/connections'
import { AccessHttp } from '../access/http'
import type { PinnedCertificate } from '../access/tls-pinning'

/** An id no session, user or visitor can have: the edit probes below change nothing on the console. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000'

interface Probe {
  key: PermissionKey
  endpoint: EndpointInfo
  params?: Record<string, string>
  query?: Record<string, number>
}

/**
 * One harmless call per permission key the app uses. The console has no "who am I" call, so a read
 * proves a view key, and a write on an id that cannot exist proves an edit key: 403 means the key
 * is missing, "no such item" means the console accepted the key and looked. Generating a PIN (E1)
 * comes first: it is the cheapest call that needs a valid token, and stores nothing.
 */
const probes: Probe[] = [
  { key: 'view:credential', endpoint: endpoints.E1 },
  { key: 'edit:credential', endpoint: endpoints.E4, params: { id: NO_SUCH_ID } },
  { key: 'view:user', endpoint: endpoints.usersList, query: { page_num: 1, page_size: 1 } },
  { key: 'edit:user', endpoint: endpoints.userUnassignPin, params: { id: NO_SUCH_ID } },
  { key: 'view:visitor', endpoint: endpoints.visitorsList, query: { page_num: 1, page_size: 1 } },
  { key: 'edit:visitor', endpoint: endpoints.visitorUnassignPin, params: { id: NO_SUCH_ID } },
  { key: 'view:space', endpoint: endpoints.doorsList },
  { key: 'view:device', endpoint: endpoints.devicesList }
]

/** What the app can do with each key, for the Settings page ("what this token can and cannot do"). */
export const permissionUses: Record<PermissionKey, string> = {
  'view:credential': 'generate PINs, list cards and Touch Passes',
  'edit:credential': 'enroll, import, rename and delete cards; change Touch Passes',
  'view:user': 'find people',
  'edit:user': 'give cards, PINs and Touch Passes to people',
  'view:visitor': 'list visitors',
  'edit:visitor': 'create, edit and cancel visitors; give them PINs, cards and QR codes',
  'view:space': 'list doors and door groups',
  'view:device': 'list readers (enrollment)'
}

export const TOKEN_REFUSED = 'TOKEN_REFUSED'

/** Which token was refused: a new one (nothing saved), a replacement (the old one kept), or the saved one. */
export type CheckedToken = 'new' | 'replacement' | 'saved'

const refusedMessages: Record<CheckedToken, (url: string) => string> = {
  new: (url) => `The console at ${url} refused this API token, so nothing was saved.`,
  replacement: (url) => `The console at ${url} refused the new API token. The previous token is kept.`,
  saved: (url) => `The console at ${url} refuses the saved API token (it may have been deleted or expired).`
}

const WHERE_KEYS_COME_FROM =
  'create one on the console: UniFi Access → Settings → General → Advanced → API Token → Create New, with the ' +
  'permission keys you need (for example view:credential and edit:credential for cards). A key from another ' +
  'UniFi app (Protect, Network) does not work here.'

/** The refusal, said so a person can act on it: what was kept, and where a working key comes from. */
export function tokenRefused(url: string, which: CheckedToken, cause: AppError): AppError {
  return new AppError({
    kind: 'auth',
    code: TOKEN_REFUSED,
    message: refusedMessages[which](url),
    hint:
      (which === 'saved' ? 'Use Change token… with a working key. To get one, ' : 'Copy the whole key again, or ') +
      WHERE_KEYS_COME_FROM,
    details: { consoleCode: cause.code }
  })
}

/** The console did not answer at all: say so, and that it works again without a restart once it answers. */
export function consoleUnreachable(url: string, cause: AppError): AppError {
  return new AppError({
    kind: 'network',
    code: cause.code,
    message: `The console at ${url} is unreachable: it did not answer.`,
    hint:
      'Check that the console is switched on and that this computer is on its network (address and port 12445). ' +
      'When it answers again, press Test connection: Access Desk does not need a restart.',
    retryable: true,
    details: { url }
  })
}

/**
 * Whether the token of `http` holds `key`, by that key's harmless call (above). Throws what says
 * the console cannot be asked (no answer, token refused, another certificate).
 */
export async function probePermission(http: AccessHttp, key: string): Promise<PermissionCheck['status']> {
  const probe = probes.find((p) => p.key === key)
  return probe ? outcome(http, probe) : 'unknown'
}

async function outcome(http: AccessHttp, probe: Probe): Promise<PermissionCheck['status']> {
  try {
    await http.request({ endpoint: probe.endpoint, params: probe.params, query: probe.query, data: z.unknown() })
    return 'allowed'
  } catch (err) {
    const e = AppError.from(err)
    if (e.kind === 'permission') return 'missing'
    // Past the permission check, the console looked for the item and did not find it: the key is held.
    if (e.kind === 'not-found' || e.kind === 'validation' || e.kind === 'conflict') return 'allowed'
    if (e.kind === 'unsupported' || e.kind === 'server' || e.kind === 'rate-limited') return 'unknown'
    throw e
  }
}

/**
 * Prove a token against a console before it is kept: the address and the pinned certificate are
 * used exactly as they will be afterwards. Throws TOKEN_REFUSED when the console does not accept the
 * token, a network or certificate error when it cannot be asked; else says which keys it holds.
 */
export async function checkToken(
  input: { url: string; token: string; pin: PinnedCertificate },
  which: CheckedToken
): Promise<TokenCheck> {
  const http = new AccessHttp({ baseUrl: input.url, token: input.token, pin: input.pin, retry: { attempts: 1 } })
  const started = performance.now()
  try {
    const permissions: PermissionCheck[] = []
    for (const probe of probes) {
      try {
        permissions.push({ key: probe.key, status: await outcome(http, probe), uses: permissionUses[probe.key] })
      } catch (err) {
        const e = AppError.from(err)
        if (e.kind === 'auth') throw tokenRefused(http.baseUrl, which, e)
        throw e.kind === 'network' ? consoleUnreachable(http.baseUrl, e) : e
      }
    }
    return { ok: true, url: http.baseUrl, latencyMs: Math.round(performance.now() - started), permissions }
  } finally {
    http.destroy()
  }
}
