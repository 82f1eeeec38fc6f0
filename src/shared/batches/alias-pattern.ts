import { z } from 'zod'

/**
 * Alias patterns number the cards of a batch as they are scanned: `Floor2-{n:3}` → `Floor2-001`,
 * `Desk {n}` → `Desk 7`. Exactly one placeholder, or every card would get the same alias and the
 * console refuses duplicate aliases.
 */
const PLACEHOLDER = /\{n(?::([1-9]))?\}/g
export const ALIAS_PATTERN_MAX = 100

/**
 * What is wrong with a pattern, as a code the new batch form words in the desk's language (the import
 * catalogue's `form.patternProblem.<code>`); null: nothing. The schema below refuses by the same rule.
 */
export type AliasPatternProblem = 'placeholder' | 'tooLong'

export function aliasPatternProblem(pattern: string): AliasPatternProblem | null {
  const p = pattern.trim()
  if (p.length > ALIAS_PATTERN_MAX) return 'tooLong'
  if ((p.match(PLACEHOLDER) ?? []).length !== 1) return 'placeholder'
  return null
}

/** Main's English of each problem: the IPC's and the CLI's refusal. */
const ENGLISH: Record<AliasPatternProblem, string> = {
  placeholder: 'Put exactly one number placeholder in the pattern: {n}, or {n:3} for 001, 002, …',
  tooLong: `Shorten the pattern to at most ${ALIAS_PATTERN_MAX} characters.`
}

export const aliasPatternSchema = z
  .string()
  .trim()
  .min(1)
  .superRefine((p, ctx) => {
    const problem = aliasPatternProblem(p)
    if (problem) ctx.addIssue({ code: 'custom', message: ENGLISH[problem], params: { problem } })
  })

export function formatAlias(pattern: string, n: number): string {
  return pattern.replace(PLACEHOLDER, (_m, width: string | undefined) => String(n).padStart(Number(width ?? 1), '0'))
}
