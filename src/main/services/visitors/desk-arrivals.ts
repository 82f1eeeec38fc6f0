import { join } from 'node:path'
import { z } from 'zod'
import type { DeskRecord, DeskRecords } from '../../../shared/today/groups'
import { DurableList, type ConsoleScope } from '../storage/durable-list'

const entrySchema = z.object({ visitorId: z.string().min(1), at: z.string() })

/** A busy desk's months of visits, per list; the oldest go first. */
export const DESK_ARRIVALS_LIMIT = 5000

/**
 * This desk's own records that a visitor was here, the API having no way to mark an arrival: the console
 * keeps a visitor who tapped no door ACTIVE, and says No-show once the window passes. Two lists, each a
 * durable file kept with the console it was made on and read on it only (storage/durable-list.ts), so
 * they survive a restart of main:
 * - walk-ins (`visitors/walk-ins.json`): a walk-in added on Today whose visit had begun — the person
 *   stands at the desk, an arrival from that moment, so a pass that runs out by time is Left;
 * - visits ended here (`visitors/ended-at-desk.json`): End visit, on Today or Visitors — the visitor was
 *   here and left.
 * Today and Visitors read them beside the kiosk's check-ins (shared/today/groups.ts `arrivalsOn`).
 */
export class DeskArrivals {
  private readonly ended: DurableList<DeskRecord>
  private readonly walkIns: DurableList<DeskRecord>

  constructor(
    dataDir: string,
    scope: ConsoleScope,
    private readonly now: () => Date = () => new Date()
  ) {
    const list = (file: string) =>
      new DurableList(join(dataDir, 'visitors', file), entrySchema, DESK_ARRIVALS_LIMIT, scope)
    this.ended = list('ended-at-desk.json')
    this.walkIns = list('walk-ins.json')
  }

  /** The visit was ended at this desk (End visit). */
  async recordEnded(visitorId: string): Promise<void> {
    await this.ended.append({ visitorId, at: this.now().toISOString() })
  }

  /** A walk-in was added at this desk while they stood at it (their visit under way). */
  async recordWalkIn(visitorId: string): Promise<void> {
    await this.walkIns.append({ visitorId, at: this.now().toISOString() })
  }

  /** Both lists; one that cannot be read is empty, so the other and the console's statuses still count. */
  async read(): Promise<DeskRecords> {
    const [ended, walkIns] = await Promise.all([
      this.ended.list(DESK_ARRIVALS_LIMIT).catch(() => []),
      this.walkIns.list(DESK_ARRIVALS_LIMIT).catch(() => [])
    ])
    return { ended, walkIns }
  }
}
