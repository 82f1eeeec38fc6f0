import type { OwnerRef } from '../../../shared/owners'
import type { AccessClient } from '../access/client'
import { keysOf } from '../../../shared/access/permissions'
import { missingKeys } from '../access/permission-probe'

/** PIN codes: the console makes them (E10); a user's and a visitor's are given through their own endpoints. */
export class PinService {
  constructor(private readonly client: () => Promise<AccessClient>) {}

  /** The keys giving and taking back PINs need that the token lacks (probed without side effects). */
  async capabilities(): Promise<{ missingPermissions: string[] }> {
    return { missingPermissions: await missingKeys(await this.client(), keysOf('pins')) }
  }

  async generate(): Promise<string> {
    return (await this.client()).pinCodes.generate()
  }

  /**
   * Whether the person holds a PIN now: their record read afresh, since assigning replaces that PIN
   * (one per person) and the screen asks first. The console shows only the PIN's hash (§3.1, §4.1).
   */
  async held(owner: OwnerRef): Promise<boolean> {
    const client = await this.client()
    const person = owner.type === 'user' ? await client.users.get(owner.id) : await client.visitors.get(owner.id)
    return person.pin_code != null
  }

  async assign(owner: OwnerRef, pin: string): Promise<void> {
    const client = await this.client()
    if (owner.type === 'user') await client.users.assignPin(owner.id, pin)
    else await client.visitors.assignPin(owner.id, pin)
  }

  async unassign(owner: OwnerRef): Promise<void> {
    const client = await this.client()
    if (owner.type === 'user') await client.users.unassignPin(owner.id)
    else await client.visitors.unassignPin(owner.id)
  }
}
