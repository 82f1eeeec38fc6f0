import { z } from 'zod'
import { channel, itemsOf, noInput, recordId } from '../define'
import {
  kioskBadgeSchema,
  kioskCheckinSchema,
  kioskFindSchema,
  kioskFoundSchema,
  kioskSettingsInputSchema,
  kioskSettingsSchema,
  kioskSourceSchema
} from '../../kiosk/schemas'
import { languageSchema } from '../../i18n/language-schema'
import { deskZoneField } from '../../today/desk-zone'

/** The kiosk's today is the desk's (its page's time zone: shared/today/desk-zone.ts). */
const inZone = z.object(deskZoneField)

export const kioskChannels = {
  'kiosk.settings': channel(
    'The kiosk settings (whether an exit PIN is set, never the PIN)',
    noInput,
    kioskSettingsSchema
  ),
  'kiosk.saveSettings': channel(
    'Save the kiosk settings; a new exit PIN is kept hashed (scrypt)',
    kioskSettingsInputSchema,
    kioskSettingsSchema
  ),
  'kiosk.enter': channel(
    'Start kiosk mode: the full-screen kiosk window (Electron) or the /kiosk page (web mode)',
    noInput,
    z.object({ mode: z.enum(['window', 'route']), path: z.string() })
  ),
  'kiosk.exit': channel(
    'Leave kiosk mode with the operator’s PIN (wrong PINs are rate-limited)',
    z.object({ pin: z.string().max(64) }),
    z.object({ mode: z.enum(['window', 'route']), path: z.string() })
  ),
  'kiosk.exitWait': channel(
    'How long the exit PIN is still locked after wrong PINs (0: it can be tried): a dialog reopened shows the wait',
    noInput,
    z.object({ waitSeconds: z.number().int().nonnegative() })
  ),
  'kiosk.refresh': channel(
    'Read today’s visitors and their QR codes into the kiosk’s cache (kept through a console outage)',
    z.union([inZone, noInput]),
    z.object({ source: kioskSourceSchema, settings: kioskSettingsSchema })
  ),
  'kiosk.find': channel(
    'Find today’s visit of the visitor at the kiosk by full name (company or host when several match)',
    kioskFindSchema.extend(deskZoneField),
    z.object({ found: kioskFoundSchema, source: kioskSourceSchema })
  ),
  'kiosk.badge': channel(
    'The badge of a visit found at the kiosk, with its QR code (assigned now if the visitor had none)',
    z.object({ visitorId: recordId, ...deskZoneField }),
    kioskBadgeSchema
  ),
  'kiosk.checkIn': channel(
    'Check the visitor in: print the badge silently on the configured printer (or record the browser’s print) and record it',
    z.object({
      visitorId: recordId,
      /**
       * Web mode: whether the page handed the badge to the browser's print dialog (window.print returned:
       * no more is known, never that it was printed), or why it could not (print() threw).
       */
      browser: z.object({ handedToDialog: z.boolean(), error: z.string().max(500).optional() }).optional(),
      /** The visitor's language at the kiosk: the badge main prints is in it (none: English). */
      language: languageSchema.optional(),
      ...deskZoneField
    }),
    kioskCheckinSchema
  ),
  'kiosk.checkins': channel(
    'Kiosk check-ins, and the visits found that it sent to the desk with why (refusal), newest first',
    z.object({ limit: z.number().int().min(1).max(1000).default(100) }).optional(),
    itemsOf(kioskCheckinSchema)
  )
}

export const kioskEvents = {
  'kiosk.checkedIn': kioskCheckinSchema
} satisfies Record<string, z.ZodType>
