import type { OwnerRef } from '../../../shared/owners'
import type { AccessClient } from '../access/client'
import { keysOf } from '../../../shared/access/permissions'
import { missingKeys } from '../access/permission-probe'
import { AppError } from '../../../shared/errors'
import { answerLost } from '../access/lost-answer'
import { pinGiven } from '../access/read-back-rules'
import { settleWrite } from '../audit/settle-write'
import { afterOutcome, readBackEnglish } from '../../../shared/read-back-words'
import { checkSeen, type Seen } from '../../../shared/seen/seen'
import { pinDigest } from '../../../shared/seen/pin-digest'

/** PIN codes: the console makes them (E10); a user's and a visitor's are given through their own endpoints. */
export class PinService {
  constructor(private readonly client: () => Promise<AccessClient>) {}

  /** The keys generating, giving and taking back PINs need that the token lacks (probed without side effects). */
  async capabilities(): Promise<{ missingPermissions: string[] }> {
    return { missingPermissions: await missingKeys(await this.client(), keysOf('pins')) }
  }

  async generate(): Promise<string> {
    return (await this.client()).pinCodes.generate()
  }

  /**
   * Whether the person holds a PIN now, and which (its digest, shared/seen/pin-digest.ts; null for
   * none): their record read afresh, since assigning replaces that PIN (one per person) and the screen
   * asks first, then sends the digest back as `seen.pinDigest`. The console shows only the PIN's hash
   * (§3.1, §4.1), and only a digest of that leaves main here.
   */
  async held(owner: OwnerRef): Promise<{ held: boolean; pinDigest: string | null }> {
    const token = await this.heldPin(owner)
    return { held: token !== null, pinDigest: pinDigest(token) }
  }

  /** The hash token of the PIN they hold now, or null: the only trace of a PIN the console shows. */
  private async heldPin(owner: OwnerRef): Promise<string | null> {
    const client = await this.client()
    const person = owner.type === 'user' ? await client.users.get(owner.id) : await client.visitors.get(owner.id)
    return person.pin_code?.token ?? null
  }

  /**
   * Give them the PIN. When the answer is lost, "look at the record" would help nobody: the console
   * never shows a PIN. So their PIN's hash is read before and after (read-back-rules `pinGiven`):
   * - another PIN than before: given. It is answered as done, `readBack: true` (the write found done is
   *   said as done on every screen, never as a failure with Retry);
   * - none, or the same as before: not given, an error saying what they hold (`details.readBack`
   *   `pin-none` / `pin-held`, `pinHeldNow`);
   * - one now with nothing known of before: it cannot be told whether it is the one shown, an error
   *   `readBack: 'pin-unsure'` that the screen says as that, without the failure's look.
   * `seen.hasPin`: whether the screen showed them holding a PIN when the person confirmed, and
   * `seen.pinDigest` which one. A PIN given, removed or replaced by another one meanwhile is answered
   * CHANGED_SINCE_SHOWN, nothing sent (shared/seen); the screen asks again. A read that failed cannot
   * tell: the PIN is given as before.
   */
  async assign(owner: OwnerRef, pin: string, seen?: Seen): Promise<{ readBack?: true }> {
    const client = await this.client()
    const before = await this.heldPin(owner).catch(() => undefined)
    if (before !== undefined)
      checkSeen('pins.assign', seen, {
        hasPin: before !== null,
        pinDigest: pinDigest(before),
        name: owner.name || owner.id
      })
    try {
      if (owner.type === 'user') await client.users.assignPin(owner.id, pin)
      else await client.visitors.assignPin(owner.id, pin)
      return {}
    } catch (err) {
      if (!(err instanceof AppError) || !answerLost(err)) throw err
      const now = await this.heldPin(owner).catch(() => undefined)
      if (now === undefined) throw err
      // The audit row, Unknown till now, says what the read found when it can tell (read-back-rules).
      const given = pinGiven(before, now)
      if (given !== undefined) await settleWrite(err, { done: given })
      if (given === true) return { readBack: true }
      const name = owner.name || owner.id
      const unsure = given === undefined
      throw new AppError({
        ...err.toData(),
        // What the read found, then the one read-back sentence (shared/read-back-words.ts), as the desk says it.
        message: afterOutcome(
          now === null
            ? `${name} holds no PIN: assign again.`
            : `${name} holds a PIN now; if it is not the one shown, assign again.`,
          readBackEnglish
        ),
        hint: now === null || unsure ? undefined : 'Their PIN did not change: they still hold the PIN they had.',
        // `readBack` and `name`: what the read found, for the desk to say it in its language (shared/errors-wording).
        details: {
          ...err.details,
          answerLost: true,
          pinHeldNow: now !== null,
          // Which PIN that is (shared/seen/pin-digest.ts): the screen's next Assign is held to it.
          pinDigestNow: pinDigest(now),
          pinChanged: false,
          readBack: now === null ? 'pin-none' : unsure ? 'pin-unsure' : 'pin-held',
          name
        }
      })
    }
  }

  async unassign(owner: OwnerRef): Promise<void> {
    const client = await this.client()
    if (owner.type === 'user') await client.users.unassignPin(owner.id)
    else await client.visitors.unassignPin(owner.id)
  }
}
