import type { RosterSheet } from '../../../shared/roster/sheet'

/**
 * The sheet with the sample's lines not read marked (`sampleNotRead`), for the preview to show as the
 * plan does: at reading, and for a roster kept before the sheet said it (roster-model.ts).
 */
export function withSampleNotRead(
  sheet: RosterSheet,
  lines: readonly number[],
  unreadable: readonly number[] | undefined
): RosterSheet {
  if (sheet.sampleNotRead || !unreadable?.length) return sheet
  const notRead = new Set(unreadable)
  const marked = sheet.sample.flatMap((_, row) => (notRead.has(lines[row]!) ? [{ row, line: lines[row]! }] : []))
  return marked.length > 0 ? { ...sheet, sampleNotRead: marked } : sheet
}
