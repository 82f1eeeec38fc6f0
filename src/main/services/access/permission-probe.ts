import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import type { PermissionKey } from '../../../shared/access/endpoints'
import { keyProbes, NO_SUCH_ID, permissionUses } from '../../../shared/access/permissions'
import type { PermissionCheck } from '../../../shared/connections'
import type { AccessHttp } from './http'
import { answerLost } from './lost-answer'
import type { AccessClient } from './client'

export { NO_SUCH_ID }

/** The harmless call that proves `key` (the one table: shared/access/permissions.ts `keyProbes`). */
function callProbe(http: AccessHttp, key: PermissionKey, timeoutMs?: number): Promise<unknown> {
  const probe = keyProbes[key]
  return http.request({
    endpoint: probe.endpoint,
    params: probe.params,
    query: probe.query,
    data: z.unknown(),
    // The probe's own call: the connection state says what it met, never "Generate PIN code (E1)" as an action.
    probe: true,
    ...(timeoutMs ? { timeoutMs } : {})
  })
}

/**
 * Whether the token of `http` holds `key`, for the token check and Check again: a key the console
 * could not judge (unsupported, 5xx, 429) is 'unknown'. Throws what says the console cannot be asked
 * (no answer, token refused, another certificate).
 */
export async function keyStatus(
  http: AccessHttp,
  key: PermissionKey,
  timeoutMs?: number
): Promise<PermissionCheck['status']> {
  try {
    await callProbe(http, key, timeoutMs)
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
 * Every key of the one probe table, in its order (view:credential first: the cheapest call a valid
 * token passes), each held, missing or not known: the one probe of Settings' Test connection and of
 * the sidebar's Check again, so both name the same keys. The probes go at once (independent reads:
 * a far console costs one round trip, not eight in a row). Throws what says the console cannot be
 * asked (no answer, token refused, another certificate), the first such answer in the table's order;
 * a lost answer while another probe was answered leaves its key not known instead.
 */
export async function keyStatuses(http: AccessHttp, options: { timeoutMs?: number } = {}): Promise<PermissionCheck[]> {
  const keys = Object.keys(keyProbes) as PermissionKey[]
  const settled = await Promise.allSettled(keys.map((key) => keyStatus(http, key, options.timeoutMs)))
  // A probe whose answer was lost after it went out (a POST probe's connection cut, a proxy's 502) says
  // nothing of the console when another probe of the same check was answered: the console answers, and
  // that one key is not known. Only when nothing answered is the lost answer the check's outcome.
  const answered = settled.some((outcome) => outcome.status === 'fulfilled')
  return keys.map((key, i) => {
    const outcome = settled[i]!
    if (outcome.status === 'rejected') {
      if (answered && answerLost(AppError.from(outcome.reason))) {
        return { key, status: 'unknown' as const, uses: permissionUses[key] }
      }
      throw outcome.reason
    }
    return { key, status: outcome.value, uses: permissionUses[key] }
  })
}

/**
 * Whether the token may do what needs `key`, found without side effects, for a screen's buttons: a
 * 403 means missing, "no such item" means held; anything else is thrown rather than guessed.
 */
export async function probeEditPermission(
  client: AccessClient,
  key: PermissionKey
): Promise<{ canEdit: boolean; missingPermission?: PermissionKey }> {
  try {
    await callProbe(client.http, key)
    return { canEdit: true }
  } catch (err) {
    if (err instanceof AppError && err.kind === 'permission') return { canEdit: false, missingPermission: key }
    if (err instanceof AppError && (err.kind === 'not-found' || err.kind === 'validation')) return { canEdit: true }
    throw err
  }
}

/** The keys of `keys` the token lacks, each probed once, in order. */
export async function missingKeys(client: AccessClient, keys: readonly PermissionKey[]): Promise<PermissionKey[]> {
  const missing: PermissionKey[] = []
  for (const key of keys) if (!(await probeEditPermission(client, key)).canEdit) missing.push(key)
  return missing
}
