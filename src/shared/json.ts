import type { z } from 'zod'

/** JSON text read back through a schema: text that is not JSON fails as JSON of the wrong shape does. */
export function parseJson<S extends z.ZodType>(schema: S, text: string): z.ZodSafeParseResult<z.output<S>> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return schema.safeParse(json)
}
