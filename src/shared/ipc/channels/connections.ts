import { z } from 'zod'
import { channel, noInput } from '../define'
import {
  certificateInfoSchema,
  certificateStatusSchema,
  consoleReachSchema,
  demoTokensSchema,
  consoleUrlSchema,
  fingerprintSchema,
  profileSummarySchema,
  tokenCheckSchema
} from '../../connections'

const idInput = z.object({ id: z.string().min(1) })
const tokenInput = z.string().trim().min(1, 'Paste the API token').max(4096)

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
    'Add or update a profile; the fingerprint is the one the user accepted after probe; a token given is checked with the console first (refused: nothing saved)',
    z.object({
      id: z.string().optional(),
      name: z.string().trim().min(1, 'Give the connection a name').max(80),
      url: consoleUrlSchema,
      /** Omit to keep the stored token when editing. */
      token: tokenInput.optional(),
      fingerprint256: fingerprintSchema,
      /** The user agreed to keep the token unencrypted because the OS offers no encryption. */
      allowPlaintextToken: z.boolean().optional()
    }),
    profileSummarySchema.extend({ check: tokenCheckSchema.optional() })
  ),
  'connections.changeToken': channel(
    "Replace a profile's token once the console accepted the new one (refused: the old token stays)",
    z.object({ id: z.string().min(1), token: tokenInput, allowPlaintextToken: z.boolean().optional() }),
    tokenCheckSchema
  ),
  'connections.demoTokens': channel(
    "The built-in demo console's tokens by what they allow (full, view, none), to use one with changeToken; refused for a real console",
    idInput,
    demoTokensSchema
  ),
  'connections.certificate': channel(
    'The certificate a saved console presents now, next to the pinned fingerprint',
    idInput,
    certificateStatusSchema
  ),
  'connections.trustCertificate': channel(
    'Pin the certificate a saved console presents now (the fingerprint the user compared); the token is kept',
    z.object({ id: z.string().min(1), fingerprint256: fingerprintSchema }),
    profileSummarySchema
  ),
  'connections.select': channel('Make a profile the active one', idInput, profileSummarySchema),
  'connections.remove': channel('Delete a profile and its token', idInput, z.object({ removed: z.literal(true) })),
  'connections.reach': channel(
    "The active console's connection state, made of every call's answer: the last said, or a new check with " +
      '`recheck` (one read of one card, and the keys refused earlier probed again; an answer under 15 s old ' +
      'that left it Connected is enough); null when no console is chosen',
    z.object({ recheck: z.boolean().optional() }).optional(),
    consoleReachSchema.nullable()
  ),
  'connections.test': channel(
    'Call the console with the profile (default: active): address, certificate, token, and the permission keys it holds',
    z.object({ id: z.string().optional() }).optional(),
    tokenCheckSchema
  )
}

export const connectionEvents = {
  'connections.changed': z.object({ activeId: z.string().nullable() }),
  /** A profile's connection state changed (sent on change only; see connections.reach). */
  'connections.reach': consoleReachSchema
}
