import { setImmediate as nextTurn } from 'node:timers/promises'

/**
 * Rows added to a batch in one part: small enough that main's loop is free again within a fraction of
 * a second (the reader's heartbeat, the tab's other calls, events), large enough that a 10,000-line
 * file is a handful of journal lines.
 */
export const ADD_PART_ROWS = 1000

/**
 * Work over many items done a part at a time, main's event loop let run between parts: a long add
 * never holds main for seconds on one call (the reader host's heartbeat would wait unread meanwhile).
 */
export async function inParts<T>(
  items: readonly T[],
  size: number,
  each: (part: readonly T[]) => Promise<void> | void
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await nextTurn()
    await each(items.slice(start, start + size))
  }
}
