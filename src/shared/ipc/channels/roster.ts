import { z } from 'zod'
import { languageSchema } from '../../i18n/language-schema'
import { channel, missingPermissionsChannel, noInput, recordId } from '../define'
import {
  columnMappingSchema,
  conflictKindSchema,
  personRefSchema,
  planRowSchema,
  planTotalsSchema,
  rosterOptionsSchema,
  rosterSheetSchema
} from '../../roster/sheet'
import {
  forgottenPinSchema,
  handoutPersonSchema,
  lineStateSchema,
  rosterProgressSchema,
  rosterSummarySchema,
  rowOutcomeSchema
} from '../../roster/run'

const rosterId = z.string().min(1).max(100)
const rowId = z.string().min(1).max(100)
/** The input of a channel acting on one roster. */
const oneRoster = z.object({ id: rosterId })
/** An XLSX of 20,000 rows is ~2 MB; base64 adds a third. */
export const ROSTER_FILE_MAX_BYTES = 16 * 1024 * 1024

const rosterDetailSchema = z.object({
  summary: rosterSummarySchema,
  sheet: rosterSheetSchema,
  mapping: columnMappingSchema,
  options: rosterOptionsSchema,
  rows: z.array(planRowSchema),
  totals: planTotalsSchema,
  outcomes: z.array(rowOutcomeSchema)
})

export const rosterChannels = {
  'roster.list': channel(
    'Every roster on this desk with its phase and counts',
    noInput,
    z.object({
      rosters: z.array(rosterSummarySchema),
      /** Roster files that could not be read (kept on disk, left out of the list), with why. */
      unreadable: z.array(z.object({ file: z.string(), message: z.string() })).default([])
    })
  ),
  'roster.open': channel(
    'Read a roster file (CSV in any common encoding, or XLSX) and keep it; answers the headers, a sample, and the mapping remembered for these headers (or guessed)',
    z.object({
      fileName: z.string().min(1).max(300),
      /** The file's bytes, base64. */
      data: z
        .string()
        .max(Math.ceil((ROSTER_FILE_MAX_BYTES * 4) / 3) + 4, 'The file is too large (the limit is 16 MB); split it')
    }),
    z.object({
      summary: rosterSummarySchema,
      sheet: rosterSheetSchema,
      mapping: columnMappingSchema,
      /** true: this mapping was used for a file with the same headers before. */
      remembered: z.boolean()
    })
  ),
  'roster.get': channel('A roster with its sheet, mapping, plan and outcomes', oneRoster, rosterDetailSchema),
  'roster.plan': channel(
    'Map the columns (remembered for files with these headers), match every row to a console user or visitor, and plan what each row gets with its conflicts; nothing is sent',
    z.object({ id: rosterId, mapping: columnMappingSchema, options: rosterOptionsSchema }),
    z.object({ rows: z.array(planRowSchema), totals: planTotalsSchema })
  ),
  'roster.resolve': channel(
    'Say who an ambiguous or missing row is (or null: leave the row out); the plan is redone and answered whole (another row may change: the same person on a later line)',
    z.object({ id: rosterId, rowId, person: personRefSchema.nullable() }),
    z.object({ row: planRowSchema, rows: z.array(planRowSchema), totals: planTotalsSchema })
  ),
  'roster.decide': channel(
    'Skip a conflicting step (the default) or do it anyway, for one row or every row with that conflict',
    z.object({
      id: rosterId,
      rowId: rowId.nullable(),
      kind: conflictKindSchema,
      decision: z.enum(['skip', 'go-ahead'])
    }),
    z.object({ rows: z.array(planRowSchema), totals: planTotalsSchema })
  ),
  'roster.run': channel(
    'Run the plan (or resume it) against the active console with bounded concurrency; progress comes as roster.progress events. Steps whose answer was lost are checked before anything is sent again',
    oneRoster,
    z.object({ started: z.boolean() })
  ),
  'roster.pause': channel(
    'Stop after the steps in flight; the roster resumes from there',
    oneRoster,
    z.object({ paused: z.boolean() })
  ),
  'roster.retryFailed': channel(
    'Run the failed rows again (rows to check are checked first; nothing is assigned twice)',
    oneRoster,
    z.object({ started: z.boolean() })
  ),
  'roster.lineStart': channel(
    'Start the enrollment line on a networked reader: the next enroll-now person is named, their tapped card is bound, and the next name appears (roster.line events)',
    z.object({
      id: rosterId,
      /** The networked reader's device id; with reader usb, the USB reader's name (shown only). */
      deviceId: recordId,
      /**
       * usb: third-party cards tapped on this computer's USB reader; each is imported (E16) and bound.
       * While it runs, taps go to the line instead of the open import batch.
       */
      reader: z.enum(['network', 'usb']).default('network')
    }),
    lineStateSchema
  ),
  'roster.lineSkip': channel('Leave the current person without a card and name the next', oneRoster, lineStateSchema),
  'roster.lineUndo': channel(
    'Take back the card bound last (it is unassigned on the console) and name that person again',
    oneRoster,
    lineStateSchema
  ),
  'roster.linePause': channel('Stop the enrollment line (the reader session is removed)', oneRoster, lineStateSchema),
  'roster.exportCsv': channel(
    'The results as CSV, every row with every column of the plan (person, type, email, NFC ID, card display id, PIN and Touch Pass given, state, reason); never a PIN. Its header and yes/no cells in `language` (none: English)',
    z.object({ id: rosterId, language: languageSchema.optional() }),
    z.object({ filename: z.string(), text: z.string(), rows: z.number().int() })
  ),
  'roster.handout': channel(
    'The people for the hand-out sheet (name, card display ids); with pinSlips, each PIN generated in this app session (PINs are never stored: after a restart there are none). pinsForgotten: each person given a PIN before the app restarted (no slip can be printed for them), with their line, name and what tells them from a namesake on the console (`apart`: their email, employee number or the first characters of the console id, as the PINs screen shows them; null when no other person of the roster has their name)',
    z.object({ id: rosterId, pinSlips: z.boolean().default(false) }),
    z.object({ people: z.array(handoutPersonSchema), pinsForgotten: z.array(forgottenPinSchema) })
  ),
  'roster.pinsKnown': channel(
    'Whose PINs from this roster this app session still holds (known) and whose it no longer does (forgotten: given before the app restarted; PINs are never stored), by row id: PIN slips can be printed for the known only',
    oneRoster,
    z.object({ known: z.array(rowId), forgotten: z.array(rowId) })
  ),
  'roster.capabilities': missingPermissionsChannel(
    'The permission keys a roster run may need (shared/roster/step-keys.ts) that this token lacks, probed without side effects: Run and Retry are off while the plan needs one'
  ),
  'roster.delete': channel(
    'Delete a roster and its journal (nothing on the console changes)',
    oneRoster,
    z.object({ deleted: z.literal(true) })
  )
}

export const rosterEvents = {
  'roster.progress': rosterProgressSchema,
  'roster.line': lineStateSchema
}
