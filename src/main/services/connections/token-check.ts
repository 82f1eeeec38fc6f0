import { AppError } from '../../../shared/errors'
import { tokenMenuPath } from '../../../shared/i18n/token-menu-path'
import { permissionUses } from '../../../shared/access/permissions'
import type { TokenCheck } from '../../../shared/connections'
import { AccessHttp } from '../access/http'
import { keyStatuses } from '../access/permission-probe'
import type { PinnedCertificate } from '../access/tls-pinning'

export { permissionUses }

const TOKEN_REFUSED = 'TOKEN_REFUSED'

/** Which token was refused: a new one (nothing saved), a replacement (the old one kept), or the saved one. */
export type CheckedToken = 'new' | 'replacement' | 'saved'

const refusedMessages: Record<CheckedToken, (url: string) => string> = {
  new: (url) => `The console at ${url} refused this API token, so nothing was saved.`,
  replacement: (url) => `The console at ${url} refused the new API token. The previous token is kept.`,
  saved: (url) => `The console at ${url} refuses the saved API token (it may have been deleted or expired).`
}

const WHERE_KEYS_COME_FROM =
  `create one on the console: UniFi ${tokenMenuPath.en} → Create New, with the ` +
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
    details: { consoleCode: cause.code, url, which }
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
    // Said as "unreachable" whatever the socket's code (shared/errors-wording.ts).
    details: { url, unreachable: true }
  })
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
    let permissions
    try {
      // Every key, as the sidebar's Check again probes them (access/permission-probe.ts).
      permissions = await keyStatuses(http)
    } catch (err) {
      const e = AppError.from(err)
      if (e.kind === 'auth') throw tokenRefused(http.baseUrl, which, e)
      throw e.kind === 'network' ? consoleUnreachable(http.baseUrl, e) : e
    }
    const latencyMs = Math.round(performance.now() - started)
    return { ok: true, url: http.baseUrl, latencyMs, checkedAt: Date.now(), permissions }
  } finally {
    http.destroy()
  }
}
