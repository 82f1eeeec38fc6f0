import { join } from 'node:path'
import { z } from 'zod'
import { readFileIfExists, writeFileAtomic } from '../../node/atomic-file'
import { cryptoIds, type Ids } from './ids'
import { NfcCards } from './nfc-cards'
import { Users } from './users'
import { Visitors } from './visitors'
import { TouchPasses } from './touch-passes'
import { Site } from './site'
import {
  cardSchema,
  metaSchema,
  siteSchema,
  touchPassSchema,
  userSchema,
  visitorSchema,
  type MetaRecord
} from './schemas'
import { seedSite, type SeedName } from './seed'
import type { StoreContents } from './contents'

/** Each file of the state, by the resource it holds. */
const fileNames = {
  meta: 'meta.json',
  site: 'site.json',
  users: 'users.json',
  visitors: 'visitors.json',
  cards: 'nfc-cards.json',
  touchPasses: 'touch-passes.json'
} as const
export type StoreFile = keyof typeof fileNames

/**
 * The console's state, kept in `<data>/state/` as one JSON file per resource. A mutating request
 * calls `save(...files)` and answers only after it resolves, so an answered change survives a kill.
 * Writes are group-committed: requests arriving while a write runs share the next one, so 20,000
 * cards are rewritten once per burst, not once per request, and an untouched file is never rewritten.
 */
export class DemoStore {
  readonly ids: Ids = cryptoIds
  readonly cards: NfcCards
  readonly users: Users
  readonly visitors: Visitors
  readonly touchPasses: TouchPasses
  readonly site: Site
  readonly meta: MetaRecord

  private readonly dir: string
  private readonly dirty = new Set<StoreFile>()
  private running: Promise<void> = Promise.resolve()
  private queued: Promise<void> | undefined

  private constructor(dir: string, contents: StoreContents) {
    this.dir = dir
    this.meta = contents.meta
    this.site = new Site(contents.site)
    this.users = new Users(contents.users)
    this.visitors = new Visitors(contents.visitors)
    this.cards = new NfcCards(contents.cards)
    this.touchPasses = new TouchPasses(contents.touchPasses)
  }

  /**
   * Load the state of `dataDir`, or seed it when there is none yet (meta.json is written last);
   * `siteNumber`: which site of a multi-site demo (sites.ts) is seeded; `cardCount`: its NFC cards
   * instead of the seed's number (seedSite).
   */
  static async open(dataDir: string, seed: SeedName, siteNumber = 1, cardCount?: number): Promise<DemoStore> {
    const dir = join(dataDir, 'state')
    const metaText = await readFileIfExists(join(dir, fileNames.meta))
    if (!metaText) {
      const store = new DemoStore(dir, seedSite(seed, Date.now(), siteNumber, cardCount))
      for (const file of ['site', 'users', 'visitors', 'cards', 'touchPasses'] as const) store.dirty.add(file)
      await store.writeDirty()
      store.dirty.add('meta')
      await store.writeDirty()
      return store
    }
    const read = async <S extends z.ZodType>(file: StoreFile, schema: S): Promise<z.infer<S>> => {
      const text = await readFileIfExists(join(dir, fileNames[file]))
      if (text === undefined)
        throw new Error(`demo console state is incomplete: ${fileNames[file]} is missing in ${dir}`)
      const parsed = schema.safeParse(JSON.parse(text))
      if (!parsed.success)
        throw new Error(`demo console state file ${fileNames[file]} is invalid: ${parsed.error.issues[0]?.message}`)
      return parsed.data
    }
    const [meta, site, users, visitors, cards, touchPasses] = await Promise.all([
      read('meta', metaSchema),
      read('site', siteSchema),
      read('users', z.array(userSchema)),
      read('visitors', z.array(visitorSchema)),
      read('cards', z.array(cardSchema)),
      read('touchPasses', z.array(touchPassSchema))
    ])
    return new DemoStore(dir, { meta, site, users, visitors, cards, touchPasses })
  }

  /** Mark files changed and resolve once they are on disk. */
  save(...files: StoreFile[]): Promise<void> {
    for (const f of files) this.dirty.add(f)
    if (this.queued) return this.queued
    const next = this.running.then(() => {
      this.queued = undefined
      return this.writeDirty()
    })
    this.queued = next
    this.running = next.catch(() => undefined)
    return next
  }

  /** Wait for writes in flight (close). */
  async flush(): Promise<void> {
    if (this.dirty.size > 0) await this.save()
    await this.running
  }

  /** Next display id for a UA card: decimal, like "100005" (facts 1.9). */
  nextDisplayId(): string {
    return String(this.meta.next_display_id++)
  }

  private async writeDirty() {
    const files = [...this.dirty]
    this.dirty.clear()
    try {
      await Promise.all(files.map((file) => writeFileAtomic(join(this.dir, fileNames[file]), this.serialize(file))))
    } catch (err) {
      for (const f of files) this.dirty.add(f)
      throw err
    }
  }

  private serialize(file: StoreFile): string {
    switch (file) {
      case 'meta':
        return JSON.stringify(this.meta)
      case 'site':
        return JSON.stringify(this.site.record)
      case 'users':
        return JSON.stringify(this.users.all())
      case 'visitors':
        return JSON.stringify(this.visitors.all())
      case 'cards':
        return JSON.stringify(this.cards.all())
      case 'touchPasses':
        return JSON.stringify(this.touchPasses.all())
    }
  }
}
