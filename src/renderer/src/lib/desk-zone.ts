import { deskTimeZone } from './local-time'

/**
 * A call's input with the desk's time zone (shared/today/desk-zone.ts): every call whose answer depends on
 * what "today" is sends it, so main's day is this desk's, not the service's (web mode may run elsewhere).
 */
export function inDeskZone<T extends object>(input: T): T & { timeZone: string } {
  return { ...input, timeZone: deskTimeZone }
}
