import { z } from 'zod'
import { channel } from '../define'
import { ownerRefSchema } from '../../owners'
import { enrollProgressSchema } from '../../enroll/schemas'
import { seenSchema } from '../../seen/seen-schema'

export const enrollChannels = {
  'enroll.start': channel(
    'Wake a networked reader for one card (E2) and follow it with enroll.progress events; "enroll next" = start again',
    z.object({ deviceId: z.string().min(1), resetCard: z.boolean().optional() }),
    z.object({ enrollmentId: z.string() })
  ),
  'enroll.cancel': channel(
    'Stop an enrollment and delete its session on the console (E4)',
    z.object({ enrollmentId: z.string().min(1) }),
    z.object({ cancelled: z.boolean() })
  ),
  'enroll.following': channel(
    'Whether this enrollment is still followed (false once it ended, or after a restart of Access Desk: its wait ended with it)',
    z.object({ enrollmentId: z.string().min(1) }),
    z.object({ following: z.boolean() })
  ),
  'enroll.assign': channel(
    'Give an enrolled card to a user (§3.7) or visitor (§4.7); force takes it over from its current owner, seen: the holder the take-over question named (CHANGED_SINCE_SHOWN when another holds it now, nothing sent); owner.name and cardId: the person and card as the screen named them, for the audit row',
    z.object({
      token: z.string().min(1),
      owner: ownerRefSchema,
      force: z.boolean().optional(),
      seen: seenSchema.optional(),
      /** The card's number as the screen showed it: the audit row names the card by it should its own read fail. */
      cardId: z.string().max(64).optional()
    }),
    z.object({ assigned: z.literal(true) })
  ),
  'enroll.capabilities': channel(
    'Whether the active token may enroll cards (edit:credential), checked without creating a session',
    z.undefined().optional(),
    z.object({ canEnroll: z.boolean(), missingPermission: z.string().optional() })
  )
}

export const enrollEvents = {
  'enroll.progress': enrollProgressSchema
}
