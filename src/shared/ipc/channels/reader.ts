import { z } from 'zod'
import { channel, noInput } from '../define'
import { feedbackKinds, hexSchema, readerCardSchema, readerStatusSchema } from '../../reader/schemas'

export const readerChannels = {
  'reader.status': channel(
    'State of the local USB reader (starts the reader process on first use)',
    noInput,
    readerStatusSchema
  ),
  'reader.select': channel(
    'Report cards from this reader only (null: from every reader)',
    z.object({ reader: z.string().min(1).nullable() }),
    readerStatusSchema
  ),
  'reader.feedback': channel(
    'Light/beep the reader for a new or a duplicate card, where the reader supports it (ACR122U)',
    z.object({ reader: z.string().min(1), kind: z.enum(feedbackKinds) }),
    /** played: false when the reader has no LED/buzzer command or the card is already gone. */
    z.object({ played: z.boolean() })
  )
}

export const readerEvents = {
  'reader.status': readerStatusSchema,
  'reader.card': readerCardSchema,
  'reader.removed': z.object({ reader: z.string(), uid: hexSchema.optional(), at: z.number() })
}
