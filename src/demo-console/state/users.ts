import type { UserRecord } from './schemas'

export class Users {
  private readonly byId = new Map<string, UserRecord>()

  constructor(records: UserRecord[]) {
    for (const user of records) this.byId.set(user.id, user)
  }

  get size() {
    return this.byId.size
  }

  all(): UserRecord[] {
    return [...this.byId.values()]
  }

  get(id: string): UserRecord | undefined {
    return this.byId.get(id)
  }

  /** Control API only: the developer API this console serves cannot create users. */
  add(user: UserRecord): void {
    this.byId.set(user.id, user)
  }
}

export function fullName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim()
}
