import { AppError } from '../../../shared/errors'

/**
 * The refusals of a roster file, in one place so each says what is wrong with this file and what
 * to do about it. Codes: ROSTER_EMPTY, ROSTER_TOO_LARGE, ROSTER_UNREADABLE, ROSTER_NO_HEADER. A quote
 * never closed refuses no file: its line alone is flagged (roster-csv.ts).
 */
export type RosterFileCode = 'ROSTER_EMPTY' | 'ROSTER_TOO_LARGE' | 'ROSTER_UNREADABLE' | 'ROSTER_NO_HEADER'

const SAVE_AS = 'Save it from Excel as "Excel Workbook (.xlsx)" or "CSV UTF-8 (Comma delimited)" and open it again.'

/**
 * `details`: the facts the message names, and `said`: which of the code's sentences it is (the
 * catalogue words each, with its hint: SAVE_AS or its own).
 */
export function rosterFileError(
  code: RosterFileCode,
  message: string,
  hint: string = SAVE_AS,
  details: Record<string, string | number> = {}
): AppError {
  return new AppError({ kind: 'validation', code, message, hint, details })
}
