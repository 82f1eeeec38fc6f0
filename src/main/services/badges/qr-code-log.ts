import { join } from 'node:path'
import { z } from 'zod'
import { DurableList, type ConsoleScope } from '../storage/durable-list'

/** An entry: a code revoked here, or (`kind: 'assigned'`) given here; older files hold revocations only. */
const entrySchema = z.object({
  visitorId: z.string().min(1),
  at: z.string(),
  kind: z.enum(['assigned', 'revoked']).default('revoked')
})
type Entry = z.infer<typeof entrySchema>

/** As many as the print history keeps. */
const LIMIT = 5000

/**
 * The visitors' QR codes this desk gave and revoked, and when: the record Today's access column reads
 * (every assign goes through visitors/qr-assign.ts, which records it here), and the revocations. A printed badge carries its visitor's QR code:
 * once the code is revoked the badge opens nothing, and the print history alone would still say
 * "Printed". The console's visitor record does not say whether a code is assigned (only a download
 * does), so only revocations made here are known; one made on the console's own page is not. Each
 * entry is kept with its console, and read on it only (storage/durable-list.ts).
 */
export class QrCodeLog {
  private readonly entries: DurableList<Entry>

  constructor(
    dataDir: string,
    scope: ConsoleScope,
    private readonly now: () => Date = () => new Date()
  ) {
    // The file keeps the name it had when it held revocations only: a desk's existing record reads on.
    this.entries = new DurableList(join(dataDir, 'badges', 'qr-revoked.json'), entrySchema, LIMIT, scope)
  }

  /** A code revoked here. */
  async recordRevoked(visitorId: string): Promise<void> {
    await this.entries.append({ visitorId, at: this.now().toISOString(), kind: 'revoked' })
  }

  /** A code given here (or an assign whose lost answer was read back): the visitor holds one. */
  async recordAssigned(visitorId: string): Promise<void> {
    await this.entries.append({ visitorId, at: this.now().toISOString(), kind: 'assigned' })
  }

  /** The visitors whose newest entry here is a code given (not revoked since), and when it was given. */
  async assignedNow(): Promise<Map<string, string>> {
    const newest = new Map<string, Entry>()
    // Newest first (the list's order, which is the order of appends): the first entry of a visitor is its newest.
    for (const e of await this.entries.list(LIMIT)) if (!newest.has(e.visitorId)) newest.set(e.visitorId, e)
    return new Map([...newest].filter(([, e]) => e.kind === 'assigned').map(([id, e]) => [id, e.at]))
  }

  /**
   * Visitor → when its QR code was revoked, for those whose newest printed badge (`printed`, from
   * `newestPrints`) is older than that.
   */
  async sincePrint(printed: ReadonlyMap<string, string>): Promise<Map<string, string>> {
    const revoked = new Map<string, string>()
    for (const r of await this.entries.list(LIMIT)) {
      if (r.kind !== 'revoked') continue
      const last = printed.get(r.visitorId)
      // ISO times of one clock compare as strings.
      if (last !== undefined && r.at > last && (revoked.get(r.visitorId) ?? '') < r.at) revoked.set(r.visitorId, r.at)
    }
    return revoked
  }
}
