/**
 * The visit's own rules, in one place for the three that apply them: the form (a message at the field
 * before anything is sent), main (which checks again, since any transport can call it) and the access
 * client (the body it sends). The console accepts a window already over and a visitor with no door,
 * and refuses an end before the start only with a bare 400: each is said here, in the desk's words.
 */

/** Said at the end field when the window would end before (or as) it starts. */
export const END_BEFORE_START = 'The visit must end after it starts.'
/** Said at the end field when the window is already over. */
export const END_IN_THE_PAST = 'This end is in the past: the visitor could not get in. Choose a later end.'

/** A window whose ends are both known ends after it starts (an end or start not given is not judged here). */
export function endsAfterStart(start: number | null | undefined, end: number | null | undefined): boolean {
  if (start == null || end == null || !(start > 0) || !(end > 0)) return true
  return end > start
}

/**
 * An end already past is refused, unless an edit leaves an old end as it was (a visit that is over
 * may still get its remarks corrected).
 */
export function pastEndError(
  endSeconds: number | null | undefined,
  options: { nowSeconds?: number; unchangedEnd?: number | null } = {}
): string | null {
  const now = options.nowSeconds ?? Date.now() / 1000
  if (endSeconds == null || !(endSeconds > 0)) return null
  if (options.unchangedEnd != null && endSeconds === options.unchangedEnd) return null
  return endSeconds <= now ? END_IN_THE_PAST : null
}

/**
 * Whether saving leaves the visitor with no door at all: the form asks first (a visitor nobody lets
 * in is allowed, as a placeholder, but never by accident). `resources` undefined: the doors are not
 * changed, so it is what the console keeps.
 */
export function opensNothing(resources: readonly unknown[] | undefined, keptByConsole: number): boolean {
  return resources === undefined ? keptByConsole === 0 : resources.length === 0
}
