import type { CsvNote } from '../../../shared/batches/csv-said'

/**
 * A sheet's rows as read from the file, before the header is found: every row (blank ones too),
 * the line each starts on (1-based: a text editor's line, a spreadsheet's row number), and what
 * the reading noticed.
 */
export interface RawRows {
  rows: string[][]
  lines: number[]
  /** As facts: Import's file notes (shared/batches/csv-said.ts), worded by the desk. */
  notes: CsvNote[]
  sheetName?: string
  /**
   * The lines that could not be read (a quote never closed, csv-quote-never-closed.ts): each is a row of
   * its own, its cells split as written, flagged on the plan and never onboarded.
   */
  unreadable?: number[]
}
