import type { CardRecord, MetaRecord, SiteRecord, TouchPassRecord, UserRecord, VisitorRecord } from './schemas'

/** Everything the demo console holds: what a seed makes and what the store keeps on disk. */
export interface StoreContents {
  meta: MetaRecord
  site: SiteRecord
  users: UserRecord[]
  visitors: VisitorRecord[]
  cards: CardRecord[]
  touchPasses: TouchPassRecord[]
}
