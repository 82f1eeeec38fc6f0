import { z } from 'zod'
import { appErrorDataSchema } from './error-data-schema'

export const fingerprintSchema = z
  .string()
  .regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/, 'A SHA-256 fingerprint as AA:BB:… (32 bytes)')

export const consoleUrlSchema = z
  .string()
  .trim()
  .url('Enter the console address, e.g. https://192.168.1.10:12445')
  .refine((u) => u.startsWith('https://'), 'The console API is served over HTTPS (https://…:12445)')

/** A connection profile as the renderer sees it: never the token itself. */
export const profileSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  fingerprint256: fingerprintSchema,
  demo: z.boolean(),
  hasToken: z.boolean(),
  /** How the token is kept: OS encryption, a 0600 file (web mode), plain (the user chose), or the demo console's own. */
  tokenStorage: z.enum(['encrypted', 'file', 'plaintext', 'demo', 'none'])
})
export type ProfileSummary = z.infer<typeof profileSummarySchema>

/** The built-in demo console's tokens, by what they allow: every key, the view keys, none. */
export const DEMO_TOKEN_SCOPES = ['full', 'view', 'none'] as const
export type DemoTokenScope = (typeof DEMO_TOKEN_SCOPES)[number]
export const demoTokensSchema = z.object({
  tokens: z.array(z.object({ scope: z.enum(DEMO_TOKEN_SCOPES), token: z.string() }))
})

export const certificateInfoSchema = z.object({
  fingerprint256: fingerprintSchema,
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string()
})
export type CertificateInfo = z.infer<typeof certificateInfoSchema>

/** One permission key, as a token check found it: held, missing (403), or not tellable (old console). */
export const permissionCheckSchema = z.object({
  key: z.string(),
  status: z.enum(['allowed', 'missing', 'unknown']),
  /** What the app does with this key, in words. */
  uses: z.string()
})
export type PermissionCheck = z.infer<typeof permissionCheckSchema>

/** A token proven against its console: reachable, certificate as pinned, token accepted, keys found. */
export const tokenCheckSchema = z.object({
  ok: z.literal(true),
  url: z.string(),
  latencyMs: z.number(),
  /**
   * When the probes answered (main's clock, as `ConsoleReach.checkedAt`): Settings says it beside the keys,
   * and a connection state said after it overrides what it says of a key (screens/settings/keys-now.ts).
   */
  checkedAt: z.number(),
  permissions: z.array(permissionCheckSchema)
})
export type TokenCheck = z.infer<typeof tokenCheckSchema>

/** The certificate a saved console presents now, against the one trusted when it was added. */
export const certificateStatusSchema = z.object({
  id: z.string(),
  pinned: fingerprintSchema,
  presented: certificateInfoSchema,
  changed: z.boolean()
})
export type CertificateStatus = z.infer<typeof certificateStatusSchema>

/**
 * What the active console's answers say of the connection, from every call main makes to it (see
 * src/main/services/connections/call-verdict.ts): `reachable` (it answers and takes the token),
 * `unreachable` (no answer), `refused` (the token), `certificate` (not the pinned one), `permissions`
 * (it refused calls whose permission keys the token lacks: `missing`), `trouble` (it answers with
 * errors). Per profile and token: a new token or certificate starts afresh.
 */
const consoleReachStates = ['reachable', 'unreachable', 'refused', 'certificate', 'permissions', 'trouble'] as const
export const consoleReachSchema = z.object({
  profileId: z.string(),
  state: z.enum(consoleReachStates),
  /** When the answer that set this state came. */
  checkedAt: z.number(),
  /** What went wrong, said for a person (not for `reachable`): main's English, for the CLI and the logs. */
  message: z.string().optional(),
  /**
   * The state is the outcome of the check itself (Check again, the check at start), not of a screen's
   * call: the screens say "Checking the console: …" in the desk's language from this, with `advice`.
   */
  byCheck: z.literal(true).optional(),
  /** What to do, as the error that set the state said it (main's English, for the CLI). */
  advice: z.string().optional(),
  /**
   * The error that set the state (the check's, or a call's), as facts (its code and details), so the
   * sidebar says what to do in the desk's language from the errors catalogue (lib/i18n/error-words).
   */
  checkError: appErrorDataSchema.optional(),
  /** `permissions`: the keys the console refused, sorted. */
  missing: z.array(z.string()).optional()
})
export type ConsoleReach = z.infer<typeof consoleReachSchema>
