import { z } from 'zod'
import { channel, noInput, recordId } from '../define'
import { visitorSchema, visitorStatusNameSchema } from '../../access/visitors'
import { visitorFormSchema } from '../../visitors/form'
import { visitorEditSchema } from '../../visitors/edit'
import { editOutcomeSchema } from '../../edits/edit'
import { seenSchema } from '../../seen/seen-schema'
import { deskArrivalPlaces } from '../../today/groups'
import { deskZoneField } from '../../today/desk-zone'

const idInput = z.object({ id: recordId })
/** A read that answers the visitor's arrival today: today is the desk's (shared/today/desk-zone.ts). */
const idInDeskZone = idInput.extend(deskZoneField)

/**
 * A visitor as main answers it (list, get, create, edit): the console's record and, when this desk recorded one today, the
 * visitor's arrival (the kiosk's check-in log, a walk-in it added, or a visit it ended; shared/today/groups.ts `visitGroup` makes the status shown).
 */
const listedVisitorSchema = visitorSchema.extend({
  deskArrival: z
    .object({ at: z.string(), where: z.enum(deskArrivalPlaces) })
    .nullable()
    .optional()
})

export const visitorChannels = {
  'visitors.list': channel(
    'One page of visitors, by keyword (name prefix) or status (§4.4)',
    z.object({
      keyword: z.string().trim().max(100).optional(),
      status: visitorStatusNameSchema.optional(),
      page: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(200).default(25),
      ...deskZoneField
    }),
    z.object({ items: z.array(listedVisitorSchema), total: z.number().int() })
  ),
  'visitors.get': channel(
    'One visitor with schedule, resources and credentials (§4.3), and its arrival at this desk today',
    idInDeskZone,
    listedVisitorSchema
  ),
  // `readBack`: the console's answer was lost and main found the visitor it created by reading it back.
  // `walkIn`: the visitor stands at the desk (Today's walk-in). A visit under way is then recorded as an
  // arrival on this computer (the console has no such field), so Today says Left, not No-show, when it runs out.
  'visitors.create': channel(
    'Create a visitor (E17); when its answer is lost, the console is read back for it. walkIn: the visitor is ' +
      'at the desk; when the visit has begun, this desk records their arrival (deskArrival: walk-in)',
    visitorFormSchema.safeExtend({ walkIn: z.literal(true).optional() }),
    listedVisitorSchema.extend({ readBack: z.literal(true).optional() })
  ),
  'visitors.update': channel(
    'Change a visitor (E18): only the fields changed on the form, with what they held when it opened; ' +
      'the visitor is read again first, and a field also changed on the console meanwhile is answered as a ' +
      'conflict with nothing written',
    z.object({ id: recordId, edit: visitorEditSchema }),
    editOutcomeSchema(listedVisitorSchema)
  ),
  'visitors.cancel': channel(
    'Cancel a visit (§4.6 without force): the visitor stays, as CANCELLED. seen.status, startTime, endTime: the ' +
      'visit as the question said it; when it differs now (checked in, cancelled or moved meanwhile), the answer is ' +
      'CHANGED_SINCE_SHOWN with the visit now, nothing sent. Without seen, the visit is cancelled as read now. ' +
      'When its answer is lost, the visitor is read back: readBack when it is cancelled; else an error saying ' +
      'it was not cancelled, or that the visitor is gone',
    idInput.extend({ seen: seenSchema.optional() }),
    z.object({ cancelled: z.literal(true), readBack: z.literal(true).optional() })
  ),
  'visitors.endVisit': channel(
    "End a visit now (E18 with end_time only): the visit's end is set to now, so the visitor's PIN, cards and QR " +
      'code stop opening doors; the record stays. Only a visit under way (begun, not over, not cancelled) is ended: ' +
      'otherwise VISIT_NOT_UNDER_WAY or VISIT_CANCELLED, nothing sent. seen.status, startTime, endTime: the visit ' +
      'as the question said it; when it differs now, CHANGED_SINCE_SHOWN with the visit now, nothing sent. When its ' +
      'answer is lost, the visitor is read back: readBack when its end is now; else an error saying it was not ended',
    idInput.extend({ seen: seenSchema.optional() }),
    z.object({ visitor: listedVisitorSchema, readBack: z.literal(true).optional() })
  ),
  'visitors.delete': channel(
    'Delete a visitor (§4.6 with force): the record goes from the console with its PIN, cards and QR code. ' +
      'seen.status, startTime, endTime: the visitor as the question said them; when they differ now (checked in, ' +
      'cancelled or moved meanwhile), the answer is CHANGED_SINCE_SHOWN with the visitor now, nothing sent. ' +
      'Without seen, the visitor is deleted as read now',
    idInput.extend({ seen: seenSchema.optional() }),
    z.object({ deleted: z.literal(true) })
  ),
  'visitors.assignNewPin': channel(
    'Generate a PIN (E1) and give it to the visitor (§4.9); the plaintext is answered only this once. The visitor is ' +
      'read first: a visit cancelled meanwhile is refused. seen.hasPin: whether they held a PIN when the person ' +
      'confirmed, seen.pinDigest: which (shared/seen/pin-digest of their pin_code); when either differs now (a PIN ' +
      'given, removed or replaced meanwhile), the answer is CHANGED_SINCE_SHOWN, nothing sent. Without seen, a PIN held is ' +
      'replaced only with replace: true',
    idInput.extend({ replace: z.boolean().optional(), seen: seenSchema.optional() }),
    // readBack: the console's answer was lost and reading the visitor back found their PIN changed just now.
    z.object({ pin: z.string().regex(/^\d+$/), readBack: z.literal(true).optional() })
  ),
  'visitors.unassignPin': channel("Remove the visitor's PIN (§4.10)", idInput, z.object({ removed: z.literal(true) })),
  'visitors.assignNfc': channel(
    'Give an NFC card to the visitor (§4.7); force takes it from its current owner',
    z.object({ id: recordId, token: recordId, force: z.boolean().default(false) }),
    z.object({ assigned: z.literal(true) })
  ),
  'visitors.unassignNfc': channel(
    'Take an NFC card from the visitor (§4.8)',
    z.object({ id: recordId, token: recordId }),
    z.object({ removed: z.literal(true) })
  ),
  'visitors.assignQr': channel(
    "Give the visitor a QR code (§4.11); `readBack`: the console's answer was lost and reading it back found the code",
    idInput,
    z.object({ assigned: z.literal(true), readBack: z.literal(true).optional() })
  ),
  'visitors.unassignQr': channel(
    "Revoke the visitor's QR code (§4.12): badges printed with it stop opening doors",
    idInput,
    z.object({ removed: z.literal(true) })
  ),
  'visitors.qrCode': channel(
    "The visitor's QR code as PNG (E15); assign first (§4.11) unless told the code exists",
    z.object({ id: recordId, assign: z.boolean().default(true) }),
    z.object({ pngBase64: z.string(), bytes: z.number().int() })
  ),
  'visitors.qrState': channel(
    'Whether the visitor has a QR code yet, with its PNG when it has one (E15 only: never assigns one)',
    idInput,
    z.object({ assigned: z.boolean(), pngBase64: z.string().nullable() })
  ),
  'visitors.capabilities': channel(
    'What the active token may do with visitors: changes need `edit:visitor`',
    noInput,
    z.object({ canEdit: z.boolean(), missingPermission: z.string().optional() })
  )
}

export const visitorEvents = {} satisfies Record<string, z.ZodType>
