/** What every route of the demo console can read. */
export interface DemoContext {
  version: string
  /** token → permission keys */
  scopes: Map<string, ReadonlySet<string>>
  dataDir: string
}
