import { z } from 'zod'
import { channel, missingPermissionsChannel, noInput } from '../define'
import { ownerRefSchema } from '../../owners'
import { seenSchema } from '../../seen/seen-schema'

export const pinChannels = {
  'pins.generate': channel(
    'Generate a PIN code on the console (E1); it is shown in plain text only now',
    noInput,
    z.object({ pin: z.string().regex(/^\d+$/) })
  ),
  'pins.capabilities': missingPermissionsChannel(
    'The permission keys giving a PIN to a user (§3.9) or a visitor (§4.9) needs that this token lacks, probed without side effects'
  ),
  'pins.held': channel(
    'Whether a user (§3.4) or visitor (§4.3) holds a PIN now, read afresh (never the PIN itself), and ' +
      "pinDigest: a short digest of the console's token of that PIN (null: none), to send back as seen.pinDigest",
    z.object({ owner: ownerRefSchema }),
    z.object({ held: z.boolean(), pinDigest: z.string().nullable() })
  ),
  'pins.assign': channel(
    'Assign a generated PIN to a user (§3.9) or a visitor (§4.9); it replaces their current PIN. seen.hasPin: ' +
      'whether they held a PIN when the person confirmed, seen.pinDigest: which (pins.held); when either differs ' +
      'now (a PIN given, removed or replaced meanwhile), the answer is CHANGED_SINCE_SHOWN, ' +
      "nothing sent. Without seen, the PIN is given whatever they hold. readBack: the console's answer was lost and " +
      'reading the person back found their PIN changed just now (given); what else the read found is an error',
    z.object({
      pin: z.string().regex(/^\d{4,12}$/, 'A PIN is 4 to 12 digits'),
      owner: ownerRefSchema,
      seen: seenSchema.optional()
    }),
    z.object({ assigned: z.literal(true), readBack: z.literal(true).optional() })
  ),
  'pins.unassign': channel(
    "Remove a user's (§3.10) or visitor's (§4.10) PIN: it stops opening doors",
    z.object({ owner: ownerRefSchema }),
    z.object({ removed: z.literal(true) })
  )
}
