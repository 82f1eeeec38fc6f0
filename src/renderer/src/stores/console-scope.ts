/**
 * What the app knows of one console (cards, readers, doors, passes, visitors, today's list) is dropped when the
 * user switches to another: a token or id of console A must never be sent to console B.
 * Offline batches and badge settings are not console data and stay.
 *
 * Each store that holds console data registers how to forget it when its module loads
 * (`onConsoleSwitch`). A store whose screen was never opened is not loaded and holds nothing; this
 * module imports no store, so the desk's shell loads none of them before the first screen
 * (bench/bundle-size.bench.ts). test/renderer/console/console-switch.test.ts holds every store to it.
 */
const forgetters = new Map<string, () => void>()

/** Register (or replace) how the store `name` forgets one console's data. */
export function onConsoleSwitch(name: string, forget: () => void): void {
  forgetters.set(name, forget)
}

/** Forget every loaded store's data of the console shown until now. */
export function forgetConsoleData(): void {
  for (const forget of forgetters.values()) forget()
}

/** The stores registered so far (for the test that holds every store to this rule). */
export function consoleScopedStores(): string[] {
  return [...forgetters.keys()]
}
