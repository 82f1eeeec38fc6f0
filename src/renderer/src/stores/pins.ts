import type { OwnerRef } from '../../../shared/owners'
import { getApi } from '../lib/api'

/** PINs: the console makes one up, then it is given to a user or a visitor, or taken back. */
export const pins = {
  generate: async (): Promise<string> => (await getApi().pins.generate()).pin,
  /** Whether they hold a PIN now (assigning replaces it). */
  held: async (owner: OwnerRef): Promise<boolean> => (await getApi().pins.held({ owner })).held,
  assign: (pin: string, owner: OwnerRef) => getApi().pins.assign({ pin, owner }),
  unassign: (owner: OwnerRef) => getApi().pins.unassign({ owner })
}
