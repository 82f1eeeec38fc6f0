import { AppError } from '../../../shared/errors'
import { freeToGive, type TouchPass, type TouchPassFilterStatus } from '../../../shared/access/touch-passes'
import { readBackMany, readBackPass, type GivenMany } from './read-back'
import { applyEdit } from '../../../shared/edits/apply-edit'
import type { EditOutcome } from '../../../shared/edits/edit'
import {
  touchPassNameKinds,
  type TouchPassNameEdit,
  type TouchPassNameFields
} from '../../../shared/edits/touch-pass-name'
import type { AccessClient } from '../access/client'
import { probeEditPermission } from '../access/permission-probe'
import { actionKeys } from '../../../shared/access/permissions'
import { cardIdFromTyped } from '../../../shared/access/touch-pass-card-id'
import { answerLost } from '../access/lost-answer'
import { nameWrite, settleWrite } from '../audit/settle-write'
import { passesBought } from '../access/read-back-rules'
import { boughtFinding } from '../audit/read-back-findings'
import { passRef } from '../audit/write-kinds'
import { checkSeen, type Seen, type SeenAction } from '../../../shared/seen/seen'
import { passFacts } from './pass-facts'
import type { AppErrorData } from '../../../shared/errors'

/** A purchase can take the console a while (payment); it is never retried, so wait longer. */
const PURCHASE_TIMEOUT_MS = 45_000

/** Touch Passes as the desk uses them: a purchase is sent once and never retried; who may assign is probed apart. */
export class TouchPassService {
  // Idempotency keys of purchases sent in this run of the app: a second purchase with the same key
  // (a double click, a retried message) is refused, whatever became of the first.
  private readonly purchaseKeys = new Set<string>()

  constructor(private readonly client: () => Promise<AccessClient>) {}

  async list(query: { page: number; pageSize: number; status?: TouchPassFilterStatus | undefined }) {
    const { page, pageSize, status } = query
    return (await this.client()).touchPasses.list({ page, pageSize, ...(status ? { status } : {}) })
  }

  /**
   * The console's search (E10), with a card id typed without its dashes searched as the console writes
   * it first (cardIdFromTyped); when that finds nothing — a name that happens to be hex, a part from the
   * middle of an id — the text is searched as typed.
   */
  async search(condition: string) {
    const c = await this.client()
    const asCardId = cardIdFromTyped(condition)
    if (asCardId && asCardId !== condition.trim()) {
      const hits = await c.touchPasses.search(asCardId)
      if (hits.length > 0) return hits
    }
    return c.touchPasses.search(condition)
  }

  async assignable() {
    return (await this.client()).touchPasses.assignable()
  }

  async expired() {
    return (await this.client()).touchPasses.expired()
  }

  async get(id: string) {
    return (await this.client()).touchPasses.get(id)
  }

  /**
   * A new name from the details (applyEdit): the pass is read again first (E13), and a name changed
   * on the console since the details opened comes back as a conflict with nothing written. A lost
   * answer is read back like a gift (readBackPass): saved (`readBack`), not renamed, or not known.
   */
  async rename(
    id: string,
    edit: TouchPassNameEdit
  ): Promise<EditOutcome<TouchPass & { readBack?: true }, TouchPassNameFields>> {
    const c = await this.client()
    return applyEdit<TouchPass & { readBack?: true }, TouchPassNameFields>(
      {
        read: () => c.touchPasses.get(id),
        fields: (pass) => ({ card_name: pass.card_name }),
        write: async (send, current) => {
          const name = send.card_name ?? ''
          try {
            return await c.touchPasses.update(id, { card_name: name })
          } catch (err) {
            return readBackPass(
              c,
              err,
              id,
              (pass) => pass.card_name === name,
              `The console's answer was lost; reading the pass back shows it is still named "${current.card_name}".`,
              () => ({ readBack: 'pass-still-named', name: current.card_name })
            )
          }
        }
      },
      edit,
      touchPassNameKinds
    )
  }

  /** E12 status; a lost answer is read back like a gift (readBackPass). */
  async setStatus(id: string, status: 'ACTIVE' | 'SUSPENDED') {
    const c = await this.client()
    try {
      return await c.touchPasses.update(id, { status })
    } catch (err) {
      return readBackPass(
        c,
        err,
        id,
        (pass) => pass.status === status,
        (pass) =>
          `The console's answer was lost; reading the pass back shows it is still ${pass.status.toLowerCase()}.`,
        (pass) => ({ readBack: 'pass-still-status', status: pass.status.toLowerCase() })
      )
    }
  }

  async unbundle(id: string, bundleId: string) {
    return (await this.client()).touchPasses.update(id, {
      bundles: [{ bundle_id: bundleId, bundle_status: 'DISABLED' }]
    })
  }

  async purchase(count: number, idempotencyKey: string) {
    if (this.purchaseKeys.has(idempotencyKey)) {
      throw new AppError({
        kind: 'conflict',
        code: 'DUPLICATE_PURCHASE',
        message: 'This purchase was already sent once; it was not sent again.',
        hint: 'Check the Touch Pass list to see what was bought before starting a new purchase.'
      })
    }
    this.purchaseKeys.add(idempotencyKey)
    const c = await this.client()
    // The console may answer only the first pass of several (facts E14): what was bought is
    // what the list gained. A list that cannot be read leaves `listed` out; never the purchase.
    // Read whole (not only counted), so an answer lost can be settled by which passes are new; the
    // one read before it: the audit keeps this list for the row's later check (`readBefore`).
    const before = await c.touchPasses.all().catch(() => undefined)
    const count0 = before?.length
    let items
    try {
      items = await c.touchPasses.purchase(count, {
        timeoutMs: PURCHASE_TIMEOUT_MS,
        // On the audit's row: the same key is never sent again, after a restart too (audit/same-write.ts).
        writeKey: idempotencyKey,
        ...(before ? { readBefore: { passes: before } } : {})
      })
    } catch (err) {
      const e = AppError.from(err)
      const found = before && answerLost(e) ? await readBackPurchase(c, before, count, err, e) : undefined
      // Whatever the failure, the console may have charged: the user checks before buying again.
      // A failure's own "try again" advice is dropped: here it would buy twice. So is the advice of an
      // answer that was lost or could not be read ("nothing was changed by reading it" is untrue here).
      const keepHint =
        e.hint &&
        !e.retryable &&
        e.kind !== 'server' &&
        // Stryker disable next-line ConditionalExpression: unreachable, every network failure of a purchase is retryable (the one that is not, a device offline, is never its answer)
        e.kind !== 'network'
      // The advice travels as a key too (shared/errors-wording.ts withAdvice): the desk says it in its language.
      throw new AppError({
        ...e.toData(),
        details: { ...e.details, ...found, advice: 'PURCHASE_UNSURE.hint', ...(keepHint && { adviceAfterHint: true }) },
        retryable: false,
        hint: `${keepHint ? e.hint + ' ' : ''}The purchase may or may not have gone through: check the Touch Pass list before trying again.`
      })
    }
    // The answer named fewer than were bought (facts E14): the list read again names them all, and
    // the audit row says so (nameWrite); otherwise counting is enough.
    const count1 =
      count0 === undefined
        ? undefined
        : items.length < count
          ? await nameBought(c, before!, count, items)
          : await c.touchPasses.count().catch(() => undefined)
    return {
      items,
      ...(count0 !== undefined && count1 !== undefined ? { listed: { before: count0, after: count1 } } : {})
    }
  }

  /**
   * §3.25; a lost answer is read back (readBackPass): the pass given, or not, never sent twice. With
   * `seen`, a pass someone got since it was shown is answered CHANGED_SINCE_SHOWN, nothing sent.
   */
  async assign(id: string, userId: string, seen?: Seen) {
    const c = await this.client()
    await this.checkSeen('touchPasses.assign', id, seen)
    try {
      return await c.users.assignTouchPass(userId, id)
    } catch (err) {
      return readBackPass(
        c,
        err,
        id,
        (pass) => pass.user_id === userId,
        "The console's answer was lost; reading the pass back shows it is still free.",
        () => ({ readBack: 'pass-still-free' })
      )
    }
  }

  /**
   * §3.27; the passes free before are read first (one list) so that a lost answer can be read back
   * user by user without taking a pass someone already held for one given now (readBackMany).
   */
  async assignToUsers(users: Parameters<AccessClient['users']['assignTouchPasses']>[0]): Promise<GivenMany> {
    const c = await this.client()
    const freeBefore = await c.touchPasses
      .assignable()
      .then((passes) => new Set(passes.filter(freeToGive).map((p) => p.id)))
      .catch(() => undefined)
    try {
      return { items: await c.users.assignTouchPasses(users) }
    } catch (err) {
      return readBackMany(
        c,
        err,
        users.map((u) => u.id),
        freeBefore
      )
    }
  }

  /**
   * §3.26; a lost answer is read back like a gift (readBackPass). With `seen`, a pass whose holder
   * changed since it was shown is answered CHANGED_SINCE_SHOWN, nothing sent. With `clearName` (the
   * name the person saw), the pass's name is cleared after the take back (clearNameAfter).
   */
  async unassign(id: string, userId: string, seen?: Seen, clearName?: string) {
    const c = await this.client()
    await this.checkSeen('touchPasses.unassign', id, seen)
    let back: TouchPass & { readBack?: true }
    try {
      back = await c.users.unassignTouchPass(userId, id)
    } catch (err) {
      back = await readBackPass(
        c,
        err,
        id,
        (pass) => pass.user_id !== userId,
        "The console's answer was lost; reading the pass back shows the user still holds it.",
        () => ({ readBack: 'pass-still-held' })
      )
    }
    return clearName ? this.clearNameAfter(back, clearName) : back
  }

  /**
   * The name a taken-back pass kept ("Kofi's phone") cleared, as the details' rename does it (only
   * `card_name` sent, from the name shown: a name changed on the console meanwhile is left as it is).
   * The take back is done whatever becomes of the name: a rename that fails is said with it, not thrown.
   */
  private async clearNameAfter(back: TouchPass & { readBack?: true }, shown: string) {
    try {
      const outcome = await this.rename(back.id, { base: { card_name: shown }, changes: { card_name: '' } })
      if (outcome.outcome === 'saved') return { ...back, card_name: outcome.record.card_name, name: 'cleared' as const }
      const nameNow = outcome.conflicts[0]?.theirs ?? back.card_name
      return { ...back, card_name: nameNow, name: 'renamedMeanwhile' as const, nameNow }
    } catch (err) {
      const nameError: AppErrorData = AppError.from(err).toData()
      return { ...back, name: 'failed' as const, nameError }
    }
  }

  /** The pass read afresh and held to what the person saw of it (shared/seen). No `seen`: no read. */
  private async checkSeen(action: SeenAction, id: string, seen: Seen | undefined): Promise<void> {
    if (seen) checkSeen(action, seen, passFacts(await (await this.client()).touchPasses.get(id)))
  }

  /** Buying and editing need one key, assigning another (as declared in shared/access/permissions.ts). */
  async capabilities() {
    const c = await this.client()
    const edit = await probeEditPermission(c, actionKeys.touchPasses.edit)
    // Assigning is a separate key; when it cannot be found out, it stays unsaid.
    const assign = await probeEditPermission(c, actionKeys.touchPasses.assign).catch(() => undefined)
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

/**
 * A purchase answered with fewer passes than it bought: the list read again, the passes not in the
 * list read before are the ones bought; the audit row names them all when they are as many as were
 * bought (someone else's purchase meanwhile would make them more: then the row keeps what it says).
 * The list's length after, or undefined when it cannot be read.
 */
async function nameBought(
  c: AccessClient,
  before: TouchPass[],
  count: number,
  answer: TouchPass[]
): Promise<number | undefined> {
  const after = await c.touchPasses.all().catch(() => undefined)
  if (!after) return undefined
  const held = new Set(before.map((p) => p.id))
  const bought = after.filter((p) => !held.has(p.id))
  if (bought.length === count)
    await nameWrite(answer, { kind: 'bought', passes: bought.slice(0, 100).map(passRef), listed: true })
  return after.length
}

/**
 * A purchase whose answer was lost, read back from the list (main's own read, the one the dialog
 * says): the passes not in the list read before it are the ones bought. Its audit row is settled
 * Done when the list grew by the count asked, with their card ids; Not done when it did not grow
 * (unless the purchase timed out: the console may still be buying); left Unknown otherwise (someone
 * changed the list meanwhile). What the list says goes with the error: `listed` and `bought`.
 */
async function readBackPurchase(
  c: AccessClient,
  before: TouchPass[],
  count: number,
  err: unknown,
  e: AppError
): Promise<{ listed: { before: number; after: number }; bought: string[] } | undefined> {
  const after = await c.touchPasses.all().catch(() => undefined)
  if (!after) return undefined
  const held = new Set(before.map((p) => p.id))
  const found = passesBought(held, after, count)
  if (found && found !== 'none') {
    await settleWrite(err, boughtFinding(found.bought))
  } else if (found === 'none' && e.code !== 'TIMEOUT') {
    await settleWrite(err, { done: false })
  }
  const bought = after.filter((p) => !held.has(p.id)).map((p) => p.card_id || p.id)
  return { listed: { before: before.length, after: after.length }, bought }
}
