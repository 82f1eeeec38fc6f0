import type { z } from 'zod'

/** Zod issues as "path.to.field" → first message, for showing each at its field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.')
    out[key] ??= issue.message
  }
  return out
}
