import { AppError } from '../../../shared/errors'
import type { PermissionKey } from '../../../shared/access/endpoints'
import type { AccessClient } from './client'

/** Ids no session, visitor, user or pass can have: the probes below change nothing on the console. */
export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000'

/**
 * Whether the token holds an edit permission, found without side effects. The console has no
 * "who am I" call, so each key is proven with a write on an id that cannot exist: a 403 means the
 * key is missing; "no such item" means the console accepted the key and looked.
 */
const probes: Partial<Record<PermissionKey, (client: AccessClient) => Promise<unknown>>> = {
  'edit:credential': (client) => client.sessions.remove(NO_SUCH_ID),
  'edit:visitor': (client) => client.visitors.unassignPin(NO_SUCH_ID),
  // Taking a pass that does not exist back from a user who does not exist (§3.26).
  'edit:user': (client) => client.users.unassignTouchPass(NO_SUCH_ID, NO_SUCH_ID)
}

export async function probeEditPermission(
  client: AccessClient,
  key: 'edit:credential' | 'edit:visitor' | 'edit:user'
): Promise<{ canEdit: boolean; missingPermission?: string }> {
  try {
    await probes[key]!(client)
    return { canEdit: true }
  } catch (err) {
    if (err instanceof AppError && err.kind === 'permission') return { canEdit: false, missingPermission: key }
    if (err instanceof AppError && (err.kind === 'not-found' || err.kind === 'validation')) return { canEdit: true }
    throw err
  }
}
