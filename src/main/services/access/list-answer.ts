import { z } from 'zod'
import type { Page } from './pagination'

/** A list's `data`: a console answers an empty list with `data` absent or null. */
export function listOf<S extends z.ZodType>(item: S) {
  return z
    .array(item)
    .nullish()
    .transform((d) => d ?? [])
}

/**
 * One page as a caller shows it. Without pagination in the answer, the total is what the pages up
 * to this one hold (a full page may have more after it: the next page tells).
 */
export function shownPage<T>(page: Page<T>, pageNum: number, pageSize: number): { items: T[]; total: number } {
  return { items: page.items, total: page.total ?? (pageNum - 1) * pageSize + page.items.length }
}
