/**
 * The built-in demo console as connections use it. Services never import the demo console (it is a
 * separate room, a simulated server): each entry (the Electron app, web mode, the CLI, tests) hands
 * `createAppServices` a starter, `startDemoConsole` of `src/demo-console/server.ts`.
 */
export interface BuiltInConsole {
  url: string
  fingerprint256: string
  certificatePem: string
  /** Its tokens by scope: the app connects with `full` until another is chosen in Change token (demoTokens). */
  tokens: { full: string; view: string; none: string }
  close(): Promise<void>
}

/** Start the built-in console keeping its state (certificate, tokens, records) in `dataDir`. */
export type StartDemoConsole = (options: { dataDir: string }) => Promise<BuiltInConsole>
