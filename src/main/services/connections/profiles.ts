import { z } from 'zod'
import { fingerprintSchema } from '../../../shared/connections'

/** A profile as stored on disk (the token is kept apart, in the SecretStore). */
export const profileRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Empty for the built-in demo console: its address is known only once it has started. */
  url: z.string(),
  fingerprint256: fingerprintSchema,
  certificatePems: z.array(z.string()),
  demo: z.boolean(),
  tokenStorage: z.enum(['encrypted', 'file', 'plaintext', 'demo', 'none'])
})
export type ProfileRecord = z.infer<typeof profileRecordSchema>

export const profilesFileSchema = z.object({
  profiles: z.array(profileRecordSchema).default([]),
  activeId: z.string().nullable().default(null)
})
export type ProfilesFile = z.infer<typeof profilesFileSchema>
