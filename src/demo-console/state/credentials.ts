import { DemoError, forbidden, invalid, notFound } from '../errors'
import type { Owner } from './schemas'
import { pinHash } from './seed'
import type { DemoStore } from './store'

/**
 * Binding credentials to owners (§3.7–§3.10, §4.7–§4.10): the same rules for users and visitors.
 * Each returns the files it changed.
 */

export function assignCard(store: DemoStore, owner: Owner, token: string, force: boolean) {
  const card = store.cards.get(token)
  if (!card) throw notFound(`no NFC card with token ${token}`)
  if (card.status === 'deleted') throw forbidden('a deleted card cannot be assigned')
  if (card.owner && card.owner.id !== owner.id && !force) {
    throw new DemoError(400, 'CODE_CREDS_NFC_HAS_BIND_USER', 'the NFC card is already bound to another user')
  }
  if (card.owner?.id !== owner.id) store.cards.setOwner(card, owner)
  return store.save('cards')
}

export function unassignCard(store: DemoStore, ownerId: string, token: string) {
  const card = store.cards.get(token)
  if (!card || card.owner?.id !== ownerId) throw notFound(`the NFC card ${token} is not assigned to ${ownerId}`)
  store.cards.setOwner(card, null)
  return store.save('cards')
}

/** The PIN rule of this demo console: digits only, 4 to 12 of them (the console setting behind code 33). */
export function checkPin(store: DemoStore, ownerId: string, pin: unknown): string {
  if (typeof pin !== 'string' || pin === '') throw invalid('pin_code: required')
  if (!/^\d+$/.test(pin)) throw invalid('pin_code: digits only')
  if (pin.length < 4 || pin.length > 12) {
    throw new DemoError(400, 'CODE_CREDS_PIN_CODE_CREDS_LENGTH_INVALID', 'PIN code length must be 4 to 12 digits')
  }
  const hash = pinHash(pin)
  const taken =
    store.users.all().some((u) => u.id !== ownerId && u.pin_hash === hash) ||
    store.visitors.all().some((v) => v.id !== ownerId && v.pin_hash === hash)
  if (taken) throw new DemoError(400, 'CODE_CREDS_PIN_CODE_CREDS_ALREADY_EXIST', 'PIN code already exists')
  return hash
}
