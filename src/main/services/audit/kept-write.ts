import { createHash } from 'node:crypto'
import { z } from 'zod'
import type { WriteCall } from '../access/http'

/**
 * What a later check (later-checks.ts) needs of a write to read it back from the console: the request's
 * path parameters, query and plain body fields, an import's NFC IDs, and what was read just before it
 * was sent. Kept on the write's `begin` line in the audit journal, so a row left Unknown (its answer
 * lost, or the app stopped before it came) is checked by the same rules after a restart as before it.
 * Never a secret: a PIN the body carries is left out, and the token of the PIN a person held before is
 * kept only as its digest (the check only compares it with the one held now).
 */
export const keptWriteSchema = z.object({
  params: z.record(z.string(), z.string()).optional(),
  query: z.record(z.string(), z.unknown()).optional(),
  body: z.record(z.string(), z.unknown()).optional(),
  /** The caller's key of the write (a purchase's idempotency key, WriteCall.writeKey): the same key is the same write. */
  key: z.string().optional(),
  /** An import's NFC IDs, in its file's order (the CSV sent is not kept). */
  nfcIds: z.array(z.string()).optional(),
  before: z
    .object({
      cardAlias: z.string().optional(),
      passName: z.string().optional(),
      /** The digest of the PIN's console token held before (pinDigest); null: none held. */
      pinDigest: z.string().nullable().optional(),
      passIds: z.array(z.string()).optional()
    })
    .optional()
})

export type KeptWrite = z.infer<typeof keptWriteSchema>

/** A PIN's console token as kept: its SHA-256, so two tokens compare as the tokens do; null stays null. */
export function pinDigest(token: string | null): string | null {
  return token === null ? null : createHash('sha256').update(token).digest('hex').slice(0, 32)
}

/** Body fields never kept: the PIN itself (a PIN is never stored). */
const SECRET_FIELDS = /pin/i

/** The NFC IDs a CSV sent to the console's import (E16) names: the first field of each line. */
async function importedIds(body: unknown): Promise<string[] | undefined> {
  const file = body instanceof FormData ? body.get('file') : null
  if (!(file instanceof Blob)) return undefined
  return (await file.text())
    .split('\n')
    .map((line) => line.split(',')[0]!.trim().replace(/^"|"$/g, ''))
    .filter((id) => id !== '')
}

/** A JSON-safe copy of what the request sent, without its secrets. */
function keptBody(body: unknown): Record<string, unknown> | undefined {
  if (!body || typeof body !== 'object' || body instanceof FormData || Array.isArray(body)) return undefined
  const kept = Object.fromEntries(Object.entries(body).filter(([key]) => !SECRET_FIELDS.test(key)))
  return Object.keys(kept).length ? (JSON.parse(JSON.stringify(kept)) as Record<string, unknown>) : undefined
}

/** What was read just before a write (write-names.ts WriteNames['before']), as far as a later check reads it. */
interface ReadBefore {
  cardAlias?: string | undefined
  passName?: string | undefined
  pinToken?: string | null | undefined
  passIds?: string[] | undefined
}

/** What of `call` (and what was read before it) a later check reads, as the journal keeps it. */
export async function keptWriteOf(call: WriteCall, before: ReadBefore | undefined): Promise<KeptWrite> {
  const body = keptBody(call.body)
  const nfcIds = await importedIds(call.body)
  const query = call.query ? (JSON.parse(JSON.stringify(call.query)) as Record<string, unknown>) : undefined
  const kept: NonNullable<KeptWrite['before']> = {
    ...(before?.cardAlias !== undefined ? { cardAlias: before.cardAlias } : {}),
    ...(before?.passName !== undefined ? { passName: before.passName } : {}),
    ...(before?.pinToken !== undefined ? { pinDigest: pinDigest(before.pinToken) } : {}),
    ...(before?.passIds ? { passIds: before.passIds } : {})
  }
  return {
    ...(call.params && Object.keys(call.params).length ? { params: call.params } : {}),
    ...(call.writeKey ? { key: call.writeKey } : {}),
    ...(query && Object.keys(query).length ? { query } : {}),
    ...(body ? { body } : {}),
    ...(nfcIds?.length ? { nfcIds } : {}),
    ...(Object.keys(kept).length ? { before: kept } : {})
  }
}
