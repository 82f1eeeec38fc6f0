/**
 * Kept only for the imports not yet moved to roster-journal.ts (roster-run.ts, enrollment-line.ts):
 * main's roster store is `RosterJournal` now (the renderer's `RosterStore` is another thing).
 */
export type { LoadedRoster, RosterJournal as RosterStore } from './roster-journal'
