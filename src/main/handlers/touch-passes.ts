import { AppError } from '../../shared/errors'
import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'
import { probeEditPermission } from '../services/access/permission-probe'

/** A purchase can take the console a while (payment); it is never retried, so wait longer. */
const PURCHASE_TIMEOUT_MS = 45_000

export function touchPassHandlers({ connections }: AppServices): HandlersOf<'touchPasses'> {
  // Idempotency keys of purchases sent in this run of the app: a second purchase with the same key
  // (a double click, a retried message) is refused, whatever became of the first.
  const purchaseKeys = new Set<string>()
  const client = () => connections.client()

  return {
    'touchPasses.list': async ({ page, pageSize, status }) =>
      (await client()).touchPasses.list({ page, pageSize, ...(status ? { status } : {}) }),
    'touchPasses.search': async ({ condition }) => ({ items: await (await client()).touchPasses.search(condition) }),
    'touchPasses.assignable': async () => ({ items: await (await client()).touchPasses.assignable() }),
    'touchPasses.expired': async () => (await client()).touchPasses.expired(),
    'touchPasses.get': async ({ id }) => (await client()).touchPasses.get(id),
    'touchPasses.rename': async ({ id, name }) => (await client()).touchPasses.update(id, { card_name: name }),
    'touchPasses.setStatus': async ({ id, status }) => (await client()).touchPasses.update(id, { status }),
    'touchPasses.unbundle': async ({ id, bundleId }) =>
      (await client()).touchPasses.update(id, { bundles: [{ bundle_id: bundleId, bundle_status: 'DISABLED' }] }),
    'touchPasses.purchase': async ({ count, idempotencyKey }) => {
      if (purchaseKeys.has(idempotencyKey)) {
        throw new AppError({
          kind: 'conflict',
          code: 'DUPLICATE_PURCHASE',
          message: 'This purchase was already sent once; it was not sent again.',
          hint: 'Check the Touch Pass list to see what was bought before starting a new purchase.'
        })
      }
      purchaseKeys.add(idempotencyKey)
      const c = await client()
      // The console may answer only the first pass of several (facts E14): what was bought is
      // what the list gained. A count that cannot be read leaves `listed` out; never the purchase.
      const count0 = await c.touchPasses.count().catch(() => undefined)
      let items
      try {
        items = await c.touchPasses.purchase(count, { timeoutMs: PURCHASE_TIMEOUT_MS })
      } catch (err) {
        const e = AppError.from(err)
        // Whatever the failure, the console may have charged: the user checks before buying again.
        // A failure's own "try again" advice is dropped: here it would buy twice.
        const keepHint = e.hint && !e.retryable && e.kind !== 'server' && e.kind !== 'network'
        throw new AppError({
          ...e.toData(),
          retryable: false,
          hint: `${keepHint ? e.hint + ' ' : ''}The purchase may or may not have gone through: check the Touch Pass list before trying again.`
        })
      }
      const count1 = count0 === undefined ? undefined : await c.touchPasses.count().catch(() => undefined)
      return {
        items,
        ...(count0 !== undefined && count1 !== undefined ? { listed: { before: count0, after: count1 } } : {})
      }
    },
    'touchPasses.assign': async ({ id, userId }) => (await client()).users.assignTouchPass(userId, id),
    'touchPasses.assignToUsers': async ({ users }) => ({
      items: await (await client()).users.assignTouchPasses(users)
    }),
    'touchPasses.unassign': async ({ id, userId }) => (await client()).users.unassignTouchPass(userId, id),
    'touchPasses.capabilities': async () => {
      const c = await client()
      const edit = await probeEditPermission(c, 'edit:credential')
      // Assigning is a separate key (edit:user); when it cannot be found out, it stays unsaid.
      const assign = await probeEditPermission(c, 'edit:user').catch(() => undefined)
      return {
        ...edit,
        ...(assign
          ? {
              canAssign: assign.canEdit,
              ...(assign.missingPermission ? { assignMissingPermission: assign.missingPermission } : {})
            }
          : {})
      }
    }
  }
}
