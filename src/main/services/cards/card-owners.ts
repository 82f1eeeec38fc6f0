import type { OwnerRef } from '../../../shared/owners'
import type { AccessClient } from '../access/client'

/**
 * Binding goes through the owner's endpoints (§3.7/§3.8 for users, §4.7/§4.8 for visitors), which
 * need `edit:user` or `edit:visitor`. Never retried: an assignment is not idempotent.
 */
/** The part of the access client binding needs (so narrower ports, like enrollment's, can call it). */
export interface CardOwnerPort {
  users: Pick<AccessClient['users'], 'assignNfc' | 'unassignNfc'>
  visitors: Pick<AccessClient['visitors'], 'assignNfc' | 'unassignNfc'>
}

export async function assignCard(
  client: CardOwnerPort,
  token: string,
  owner: OwnerRef,
  force = false,
  /** The card's number as the caller's screen showed it (Enroll): names the row as the owner's name does. */
  cardNumber?: string
): Promise<void> {
  // The owner's name names the audit row should the journal's own read of them fail (access/http.ts ReadBefore).
  const readBefore = {
    ...(owner.name ? { personName: owner.name } : {}),
    ...(cardNumber ? { cardNumber } : {})
  }
  const options = Object.keys(readBefore).length ? { readBefore } : {}
  if (owner.type === 'user') await client.users.assignNfc(owner.id, token, { force }, options)
  else await client.visitors.assignNfc(owner.id, token, { force }, options)
}

export async function unassignCard(client: CardOwnerPort, token: string, owner: OwnerRef): Promise<void> {
  if (owner.type === 'user') await client.users.unassignNfc(owner.id, token)
  else await client.visitors.unassignNfc(owner.id, token)
}
