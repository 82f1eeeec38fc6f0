import { join } from 'node:path'
import { z } from 'zod'
import { DurableList } from '../storage/durable-list'

const revocationSchema = z.object({ visitorId: z.string().min(1), at: z.string() })
type Revocation = z.infer<typeof revocationSchema>

/** As many as the print history keeps. */
const LIMIT = 5000

/**
 * The visitors' QR codes this desk revoked, and when. A printed badge carries its visitor's QR code:
 * once the code is revoked the badge opens nothing, and the print history alone would still say
 * "Printed". The console's visitor record does not say whether a code is assigned (only a download
 * does), so only revocations made here are known; one made on the console's own page is not.
 */
export class QrRevocations {
  private readonly entries: DurableList<Revocation>

  constructor(
    dataDir: string,
    private readonly now: () => Date = () => new Date()
  ) {
    this.entries = new DurableList(join(dataDir, 'badges', 'qr-revoked.json'), revocationSchema, LIMIT)
  }

  async record(visitorId: string): Promise<void> {
    await this.entries.append({ visitorId, at: this.now().toISOString() })
  }

  /**
   * Visitor → when its QR code was revoked, for those whose newest printed badge (`printed`, from
   * `newestPrints`) is older than that.
   */
  async sincePrint(printed: ReadonlyMap<string, string>): Promise<Map<string, string>> {
    const revoked = new Map<string, string>()
    for (const r of await this.entries.list(LIMIT)) {
      const last = printed.get(r.visitorId)
      // ISO times of one clock compare as strings.
      if (last !== undefined && r.at > last && (revoked.get(r.visitorId) ?? '') < r.at) revoked.set(r.visitorId, r.at)
    }
    return revoked
  }
}
