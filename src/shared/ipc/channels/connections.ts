import { z } from 'zod'
import { channel, noInput } from '../define'
import { certificateInfoSchema, consoleUrlSchema, fingerprintSchema, profileSummarySchema } from '../../connections'

const idInput = z.object({ id: z.string().min(1) })

export const connectionChannels = {
  'connections.list': channel(
    'Every connection profile (without tokens) and the active one',
    noInput,
    z.object({ profiles: z.array(profileSummarySchema), activeId: z.string().nullable() })
  ),
  'connections.probe': channel(
    "Read a console's certificate (first contact) so the user can compare and trust its fingerprint",
    z.object({ url: consoleUrlSchema }),
    certificateInfoSchema
  ),
  'connections.save': channel(
    'Add or update a profile; the fingerprint is the one the user accepted after probe',
    z.object({
      id: z.string().optional(),
      name: z.string().trim().min(1, 'Give the connection a name').max(80),
      url: consoleUrlSchema,
      /** Omit to keep the stored token when editing. */
      token: z.string().trim().min(1, 'Paste the API token').max(4096).optional(),
      fingerprint256: fingerprintSchema,
      /** The user agreed to keep the token unencrypted because the OS offers no encryption. */
      allowPlaintextToken: z.boolean().optional()
    }),
    profileSummarySchema
  ),
  'connections.select': channel('Make a profile the active one', idInput, profileSummarySchema),
  'connections.remove': channel('Delete a profile and its token', idInput, z.object({ removed: z.literal(true) })),
  'connections.test': channel(
    'Call the console with the profile (default: active) and report what works',
    z.object({ id: z.string().optional() }).optional(),
    z.object({ ok: z.literal(true), latencyMs: z.number(), url: z.string() })
  )
}

export const connectionEvents = {
  'connections.changed': z.object({ activeId: z.string().nullable() })
}
