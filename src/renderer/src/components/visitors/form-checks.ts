/**
 * Checks of the visitor form that depend on the moment and on the doors, made before anything is
 * sent (the console accepts both a window already over and a visitor with no door).
 */

/** An end already past is refused at the field, unless an edit leaves an old end as it was. */
export function pastEndError(
  endSeconds: number | null,
  options: { nowSeconds?: number; unchangedEnd?: number | null } = {}
): string | null {
  const now = options.nowSeconds ?? Date.now() / 1000
  if (endSeconds === null || !(endSeconds > 0)) return null
  if (options.unchangedEnd != null && endSeconds === options.unchangedEnd) return null
  return endSeconds <= now ? 'This end is in the past: the visitor could not get in. Choose a later end.' : null
}

/** Whether saving leaves the visitor with no door at all (and so needs a confirmation). */
export function opensNothing(resources: readonly unknown[] | undefined, keptByConsole: number): boolean {
  return resources === undefined ? keptByConsole === 0 : resources.length === 0
}
