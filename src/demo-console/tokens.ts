import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import { readFileIfExists, writeFileAtomic } from '../node/atomic-file'

/** Every permission key a console token can hold (facts 1.3, the in-scope ones). */
export const allPermissionKeys = [
  'view:credential',
  'edit:credential',
  'view:user',
  'edit:user',
  'view:visitor',
  'edit:visitor',
  'view:space',
  'edit:space',
  'view:device',
  'edit:device'
] as const

const tokensFileSchema = z.object({ full: z.string(), view: z.string(), none: z.string() })
export type DemoTokens = z.infer<typeof tokensFileSchema>

/** 22 base64-like characters, like the console's own tokens (facts 1.2). */
function newToken(): string {
  return randomBytes(16).toString('base64').replace(/=+$/, '')
}

export async function loadOrCreateTokens(dataDir: string): Promise<DemoTokens> {
  const path = join(dataDir, 'tokens.json')
  const existing = await readFileIfExists(path)
  if (existing) {
    const parsed = tokensFileSchema.safeParse(JSON.parse(existing))
    if (parsed.success) return parsed.data
  }
  const tokens = { full: newToken(), view: newToken(), none: newToken() }
  await writeFileAtomic(path, JSON.stringify(tokens, null, 2), { mode: 0o600 })
  return tokens
}

/** token → the permission keys it holds. */
export function scopesOf(tokens: DemoTokens): Map<string, ReadonlySet<string>> {
  return new Map<string, ReadonlySet<string>>([
    [tokens.full, new Set(allPermissionKeys)],
    [tokens.view, new Set(allPermissionKeys.filter((k) => k.startsWith('view:')))],
    [tokens.none, new Set()]
  ])
}
