import { z } from 'zod'
import { channels } from '../shared/ipc/contract'
import type { Catalog, JsonSchema } from './catalog-types'

/**
 * The CLI's catalog from the zod contract: each channel's summary and its input and output as JSON
 * Schema. Run at build time (scripts/cli-catalog-plugin.mjs writes out/main/cli-catalog.json) so
 * the launcher prints help without loading zod; run live only when that file is missing (the CLI
 * started from its TypeScript sources).
 */
function jsonSchema(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  try {
    const { $schema: _drop, ...schema } = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as JsonSchema
    return schema
  } catch {
    // A schema JSON Schema cannot say (a transform's output): described as anything.
    return {}
  }
}

export function buildCatalog(version: string): Catalog {
  return {
    version,
    channels: Object.entries(channels).map(([name, def]) => ({
      name,
      summary: def.summary,
      input: jsonSchema(def.input, 'input'),
      output: jsonSchema(def.output, 'output')
    }))
  }
}
