import { z } from 'zod'
import { kioskSettingsInputSchema, type KioskSettings, type KioskSettingsInput } from '../../../shared/kiosk/schemas'
import type { KeyValueStore } from '../storage/key-value-store'
import { LANGUAGES } from '../../../shared/i18n/locales'
import { hashPin, pinHashSchema, type PinHash } from './pin-hash'
import { typedDeskName } from '../../../shared/kiosk/desk-name'

const KEY = 'kiosk'

const keptSchema = z.object({
  pin: pinHashSchema.optional(),
  idleSeconds: z.number().int().min(15).max(600).default(60),
  /** The one text of settings saved before the directions were per language: the desk language's. */
  directions: z.string().max(300).default(''),
  directionsByLanguage: z.partialRecord(z.enum(LANGUAGES), z.string().max(300)).optional(),
  /** '' until someone names it (shared/kiosk/desk-name.ts). */
  deskName: z.string().max(80).default('')
})
type Kept = z.infer<typeof keptSchema>

/**
 * The kiosk's settings in the app's settings store (electron-store / conf). The exit PIN is kept
 * only as its scrypt hash; what the screens read says only whether one is set.
 */
export class KioskSettingsStore {
  constructor(private readonly store: KeyValueStore) {}

  private kept(): Kept {
    const parsed = keptSchema.safeParse(this.store.get(KEY) ?? {})
    // A value that no longer parses (edited by hand) keeps nothing of it but is not thrown away silently:
    // the PIN is lost, so kiosk mode cannot start until a new one is set.
    return parsed.success ? parsed.data : keptSchema.parse({})
  }

  get(): KioskSettings {
    const { pin, deskName, ...rest } = this.kept()
    return { ...rest, deskName: typedDeskName(deskName), pinSet: pin !== undefined }
  }

  pin(): PinHash | undefined {
    return this.kept().pin
  }

  async save(input: KioskSettingsInput): Promise<KioskSettings> {
    const { pin, ...rest } = kioskSettingsInputSchema.parse(input)
    const current = this.kept()
    const next: Kept = { ...current, ...rest, ...(pin !== undefined ? { pin: await hashPin(pin) } : {}) }
    this.store.set(KEY, next)
    return this.get()
  }
}
