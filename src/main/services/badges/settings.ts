import { join } from 'node:path'
import { badgeSettingsSchema, type BadgeSettings } from '../../../shared/badges/schemas'
import { readJsonFile, writeJsonFile } from '../storage/json-file'

/** Site name, logo, default stock and printer of the badges, kept in the data dir. */
export class BadgeSettingsStore {
  private readonly path: string
  private cached: BadgeSettings | undefined

  constructor(dataDir: string) {
    this.path = join(dataDir, 'badges', 'settings.json')
  }

  async get(): Promise<BadgeSettings> {
    this.cached ??= (await readJsonFile(this.path, badgeSettingsSchema, () => badgeSettingsSchema.parse({}))).value
    return this.cached
  }

  async save(settings: BadgeSettings): Promise<BadgeSettings> {
    const value = badgeSettingsSchema.parse(settings)
    await writeJsonFile(this.path, value)
    this.cached = value
    return value
  }
}
