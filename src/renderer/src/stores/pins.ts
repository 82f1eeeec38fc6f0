import type { OwnerRef } from '../../../shared/owners'
import { actionKeys } from '../../../shared/access/permissions'
import { getApi } from '../lib/api'
import type { AppErrorData } from '../../../shared/errors'
import type { Seen } from '../../../shared/seen/seen'

/** PINs: the console makes one up, then it is given to a user or a visitor, or taken back. */
export const pins = {
  generate: async (): Promise<string> => (await getApi().pins.generate()).pin,
  /** Whether they hold a PIN now (assigning replaces it). */
  held: async (owner: OwnerRef): Promise<boolean> => (await getApi().pins.held({ owner })).held,
  /**
   * Whether they hold a PIN now and which (`pinDigest`, shared/seen/pin-digest.ts; null: none), as
   * Assign sends it back: undefined when main did not say.
   */
  holding: async (owner: OwnerRef): Promise<{ held: boolean; pinDigest?: string | null }> =>
    getApi().pins.held({ owner }),
  /** `seen`: whether the screen showed them holding a PIN, and which (shared/seen); none when it could not be read. */
  assign: (pin: string, owner: OwnerRef, seen?: Seen) =>
    getApi().pins.assign({ pin, owner, ...(seen ? { seen } : {}) }),
  /**
   * Whether they hold a PIN, as main read it back after a give whose answer was lost
   * (`details.pinHeldNow`), or undefined when it did not: the screen's "holds a PIN" line then says
   * what that read found, as the error does — one source, never the read from before.
   */
  heldAfter: (error: unknown): boolean | undefined => {
    const now = (error as AppErrorData | null)?.details?.['pinHeldNow']
    return typeof now === 'boolean' ? now : undefined
  },
  /** Which PIN that read-back found (`details.pinDigestNow`; null: none), or undefined when main did not say. */
  digestAfter: (error: unknown): string | null | undefined => {
    const now = (error as AppErrorData | null)?.details?.['pinDigestNow']
    return typeof now === 'string' || now === null ? now : undefined
  },
  /**
   * What Assign sends as `seen`: whether the screen showed them holding a PIN, and which when known;
   * nothing when it could not be read (main then gives the PIN on what it reads).
   */
  seen: (held: boolean | 'unknown' | null, digest: string | null | undefined): Seen | undefined =>
    held === true || held === false
      ? { hasPin: held, ...(digest !== undefined ? { pinDigest: digest } : {}) }
      : undefined,
  /**
   * A give whose answer was lost, after which main found them holding a PIN but could not tell whether
   * it is the one shown (nothing known of before: `details.readBack` `pin-unsure`). Not a failure, and
   * Try again would not tell either: the screen says that once, as a note, not with the error's look.
   */
  unsure: (error: unknown): boolean => (error as AppErrorData | null)?.details?.['readBack'] === 'pin-unsure',
  unassign: (owner: OwnerRef) => getApi().pins.unassign({ owner }),
  /** The keys giving PINs needs that the token lacks; none when main cannot tell (a refusal says why). */
  missingKeys: (): Promise<string[]> =>
    getApi()
      .pins.capabilities()
      .then((c) => c.missingPermissions)
      .catch(() => []),
  /** The key giving a PIN to (or taking it from) this owner needs, as declared once for every screen. */
  keyFor: (owner: Pick<OwnerRef, 'type'>): string =>
    owner.type === 'user' ? actionKeys.pins.user : actionKeys.pins.visitor
}
