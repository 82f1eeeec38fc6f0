import type { VisitorRecord } from './schemas'

export class Visitors {
  private readonly byId = new Map<string, VisitorRecord>()

  constructor(records: VisitorRecord[]) {
    for (const visitor of records) this.byId.set(visitor.id, visitor)
  }

  get size() {
    return this.byId.size
  }

  all(): VisitorRecord[] {
    return [...this.byId.values()]
  }

  get(id: string): VisitorRecord | undefined {
    return this.byId.get(id)
  }

  add(visitor: VisitorRecord) {
    this.byId.set(visitor.id, visitor)
  }

  remove(id: string) {
    this.byId.delete(id)
  }
}
