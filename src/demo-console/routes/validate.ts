import type { z } from 'zod'
import { invalid } from '../errors'

/** Parse a body or query; the console's answer names the field: `CODE_PARAMS_INVALID` "visit_reason: …". */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  const field = issue.path.length ? issue.path.map(String).join('.') : '(body)'
  throw invalid(`${field}: ${issue.message}`)
}

export const idParam = (request: { params: unknown }, name = 'id'): string =>
  String((request.params as Record<string, string>)[name] ?? '')
