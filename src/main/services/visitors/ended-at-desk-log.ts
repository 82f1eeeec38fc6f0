import { join } from 'node:path'
import { z } from 'zod'
import type { EndedAtDesk } from '../../../shared/today/groups'
import { DurableList, type ConsoleScope } from '../storage/durable-list'

const entrySchema = z.object({ visitorId: z.string().min(1), at: z.string() })

/** A busy desk's months of visits ended; the oldest go first. */
export const ENDED_AT_DESK_LIMIT = 5000

/**
 * The visits this desk ended (End visit, on Today or Visitors), and when: the desk's record that the
 * visitor was here. The console keeps a visitor who tapped no door ACTIVE, and says No-show once the
 * window passes; the API cannot mark an arrival. So a walk-in the desk added and ended would be a
 * no-show: Today reads this record beside the kiosk's check-ins (shared/today/groups.ts `arrivalsOn`).
 * Each entry is kept with its console, and read on it only (storage/durable-list.ts).
 */
export class EndedAtDeskLog {
  private readonly entries: DurableList<EndedAtDesk>

  constructor(
    dataDir: string,
    scope: ConsoleScope,
    private readonly now: () => Date = () => new Date()
  ) {
    this.entries = new DurableList(
      join(dataDir, 'visitors', 'ended-at-desk.json'),
      entrySchema,
      ENDED_AT_DESK_LIMIT,
      scope
    )
  }

  async record(visitorId: string): Promise<void> {
    await this.entries.append({ visitorId, at: this.now().toISOString() })
  }

  list(): Promise<EndedAtDesk[]> {
    return this.entries.list(ENDED_AT_DESK_LIMIT)
  }
}
