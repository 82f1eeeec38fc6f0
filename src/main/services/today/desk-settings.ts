import { join } from 'node:path'
import { z } from 'zod'
import { deskSettingsSchema, type DeskSettings } from '../../../shared/today/schemas'
import { readJsonFile, writeJsonFile } from '../storage/json-file'

const fileSchema = z.object({ version: z.literal(1), consoles: z.record(z.string(), deskSettingsSchema) })
type DeskFile = z.infer<typeof fileSchema>

/**
 * The desk's settings for Today, per console: door ids belong to one console, so another console's
 * walk-in doors are never offered.
 */
export class DeskSettingsStore {
  private readonly path: string
  private cached: DeskFile | undefined

  constructor(dataDir: string) {
    this.path = join(dataDir, 'today', 'desk.json')
  }

  private async file(): Promise<DeskFile> {
    this.cached ??= (await readJsonFile(this.path, fileSchema, () => ({ version: 1 as const, consoles: {} }))).value
    return this.cached
  }

  async get(consoleId: string): Promise<DeskSettings> {
    return (await this.file()).consoles[consoleId] ?? deskSettingsSchema.parse({})
  }

  async save(consoleId: string, settings: DeskSettings): Promise<DeskSettings> {
    const value = deskSettingsSchema.parse(settings)
    const file = await this.file()
    const next = { version: 1 as const, consoles: { ...file.consoles, [consoleId]: value } }
    await writeJsonFile(this.path, next)
    this.cached = next
    return value
  }
}
