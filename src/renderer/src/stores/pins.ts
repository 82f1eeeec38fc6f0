import type { OwnerRef } from '../../../shared/owners'
import { actionKeys } from '../../../shared/access/permissions'
import { getApi } from '../lib/api'

/** PINs: the console makes one up, then it is given to a user or a visitor, or taken back. */
export const pins = {
  generate: async (): Promise<string> => (await getApi().pins.generate()).pin,
  /** Whether they hold a PIN now (assigning replaces it). */
  held: async (owner: OwnerRef): Promise<boolean> => (await getApi().pins.held({ owner })).held,
  assign: (pin: string, owner: OwnerRef) => getApi().pins.assign({ pin, owner }),
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
