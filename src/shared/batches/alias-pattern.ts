import { z } from 'zod'

/**
 * Alias patterns number the cards of a batch as they are scanned: `Floor2-{n:3}` → `Floor2-001`,
 * `Desk {n}` → `Desk 7`. Exactly one placeholder, or every card would get the same alias and the
 * console refuses duplicate aliases.
 */
const PLACEHOLDER = /\{n(?::([1-9]))?\}/g

export const aliasPatternSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((p) => (p.match(PLACEHOLDER) ?? []).length === 1, {
    message: 'Put exactly one number placeholder in the pattern: {n}, or {n:3} for 001, 002, …'
  })

export function formatAlias(pattern: string, n: number): string {
  return pattern.replace(PLACEHOLDER, (_m, width: string | undefined) => String(n).padStart(Number(width ?? 1), '0'))
}
