/**
 * A door group the console made for doors chosen one by one: a visitor's `resources` hold such a
 * group named `visitor-<epoch ms>` instead of the doors that were sent (facts 2.0, §4.2/§4.5 samples).
 * Plain (no zod), so the screens import it without the door schemas of ./doors.ts, which re-exports it.
 */
const automaticGroupName = /^visitor-\d+$/

export function isAutomaticGroup(group: { name: string }): boolean {
  return automaticGroupName.test(group.name)
}
