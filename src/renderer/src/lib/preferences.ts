/**
 * A desk's small preferences (the last reader picked, …) in the browser's storage. A locked-down
 * profile may have none: a preference is then simply not remembered, never an error.
 */
export function readPreference(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writePreference(key: string, value: string): void {
  try {
    localStorage.setItem(key, value)
  } catch {
    /* a preference only */
  }
}
