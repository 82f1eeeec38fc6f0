import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function touchPassHandlers({ touchPasses }: AppServices): HandlersOf<'touchPasses'> {
  return {
    'touchPasses.list': (query) => touchPasses.list(query),
    'touchPasses.search': async ({ condition }) => ({ items: await touchPasses.search(condition) }),
    'touchPasses.assignable': async () => ({ items: await touchPasses.assignable() }),
    'touchPasses.expired': () => touchPasses.expired(),
    'touchPasses.get': ({ id }) => touchPasses.get(id),
    'touchPasses.rename': ({ id, edit }) => touchPasses.rename(id, edit),
    'touchPasses.setStatus': ({ id, status }) => touchPasses.setStatus(id, status),
    'touchPasses.unbundle': ({ id, bundleId }) => touchPasses.unbundle(id, bundleId),
    'touchPasses.purchase': ({ count, idempotencyKey }) => touchPasses.purchase(count, idempotencyKey),
    'touchPasses.assign': ({ id, userId, seen }) => touchPasses.assign(id, userId, seen),
    'touchPasses.assignToUsers': ({ users }) => touchPasses.assignToUsers(users),
    'touchPasses.unassign': ({ id, userId, seen, clearName }) => touchPasses.unassign(id, userId, seen, clearName),
    'touchPasses.capabilities': () => touchPasses.capabilities()
  }
}
