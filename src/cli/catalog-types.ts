/**
 * What the build writes to out/main/cli-catalog.json (src/cli/catalog.ts makes it from the zod
 * contract): everything `--help`, `--version`, `channels` and `<channel> --help` print, so they
 * answer without loading zod, the contract or the app's services.
 */
export type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  default?: unknown
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  description?: string
  [key: string]: unknown
}

export interface CatalogChannel {
  name: string
  summary: string
  input: JsonSchema
  output: JsonSchema
}

export interface Catalog {
  /** package.json's version at build time. */
  version: string
  channels: CatalogChannel[]
}
