import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { kioskCheckinSchema, type KioskCheckin } from '../../../shared/kiosk/schemas'
import { DurableList, type ConsoleScope } from '../storage/durable-list'

/** Months of a busy lobby; the oldest go first. */
export const CHECKIN_LIMIT = 10_000

/**
 * Every kiosk check-in: when, who, and whether the badge came out (or why not). Written with an
 * atomic write + fsync before the kiosk tells the visitor anything, serialised so two kiosks' quick
 * check-ins (web mode: two tabs) never lose one another. Each is kept with its console, and read on it
 * only (storage/durable-list.ts).
 */
export class CheckinLog {
  private readonly list_: DurableList<KioskCheckin>

  constructor(
    dataDir: string,
    scope: ConsoleScope,
    private readonly now: () => Date = () => new Date()
  ) {
    this.list_ = new DurableList(join(dataDir, 'kiosk', 'checkins.json'), kioskCheckinSchema, CHECKIN_LIMIT, scope)
  }

  list(limit = 100): Promise<KioskCheckin[]> {
    return this.list_.list(limit)
  }

  record(input: Omit<KioskCheckin, 'id' | 'at'>): Promise<KioskCheckin> {
    return this.list_.append({ ...input, id: randomUUID(), at: this.now().toISOString() })
  }
}
