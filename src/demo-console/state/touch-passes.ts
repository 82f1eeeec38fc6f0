import type { TouchPassRecord } from './schemas'

/** Touch Passes in purchase order; a user holds at most one (facts 3.1), hence the user index. */
export class TouchPasses {
  private readonly byId = new Map<string, TouchPassRecord>()
  private readonly byUser = new Map<string, string>()

  constructor(records: TouchPassRecord[]) {
    for (const pass of records) this.add(pass)
  }

  get size() {
    return this.byId.size
  }

  all(): TouchPassRecord[] {
    return [...this.byId.values()]
  }

  get(id: string): TouchPassRecord | undefined {
    return this.byId.get(id)
  }

  ofUser(userId: string): TouchPassRecord | undefined {
    const id = this.byUser.get(userId)
    return id ? this.byId.get(id) : undefined
  }

  add(pass: TouchPassRecord) {
    this.byId.set(pass.id, pass)
    if (pass.user_id) this.byUser.set(pass.user_id, pass.id)
  }

  /** The pass gone from the console (its holder's index with it); false when there was none. */
  remove(id: string): boolean {
    const pass = this.byId.get(id)
    if (!pass) return false
    if (pass.user_id && this.byUser.get(pass.user_id) === id) this.byUser.delete(pass.user_id)
    return this.byId.delete(id)
  }

  setUser(
    pass: TouchPassRecord,
    user: { id: string; name: string; email: string; avatar: string } | null,
    previousUserStatus = ''
  ) {
    if (pass.user_id && this.byUser.get(pass.user_id) === pass.id) this.byUser.delete(pass.user_id)
    pass.user_id = user?.id ?? ''
    pass.user_name = user?.name ?? ''
    pass.user_email = user?.email ?? ''
    pass.user_avatar = user?.avatar ?? ''
    // §3.25 answers user_status "" right after assignment; §3.26 keeps the user's status (facts 2.0).
    pass.user_status = user ? '' : previousUserStatus
    if (user) this.byUser.set(user.id, pass.id)
  }

  countByStatus(): Record<string, number> {
    const counts: Record<string, number> = {}
    for (const pass of this.byId.values()) counts[pass.status] = (counts[pass.status] ?? 0) + 1
    return counts
  }
}
