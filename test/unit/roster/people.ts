import { userSchema, type User } from '../../../src/shared/access/users'
import { visitorSchema, type Visitor } from '../../../src/shared/access/visitors'

/** Users and visitors as the console answers them (parsed by the app's own schemas). */
export function user(id: string, fields: Record<string, unknown> = {}): User {
  return userSchema.parse({ id, status: 'ACTIVE', ...fields })
}

export function visitor(id: string, fields: Record<string, unknown> = {}): Visitor {
  return visitorSchema.parse({ id, status: 'UPCOMING', ...fields })
}

export const touchPass = (id: string) => ({ id, card_id: 'c', card_name: 'n', status: 'ACTIVE', user_id: 'x' })
