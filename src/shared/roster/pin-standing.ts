import { z } from 'zod'
import type { StepState } from './step-state'

/**
 * What a roster row's PIN is for a PIN slip, in one rule for the row's PIN cell, the results, the run's
 * words after a Resume, main's list of the PINs it still knows and the Print PIN slips dialog, so none
 * of them can say otherwise than another:
 * - `known`: the PIN was given and main holds its digits (generated in this app session): a slip prints it;
 * - `digits-lost`: the console holds the PIN this roster gave, but its digits are not known here (given
 *   before the app restarted, or found given by the check of a lost answer): no slip, a new PIN is needed;
 * - `none`: the person got no PIN from this roster (skipped, failed, refused, not sent yet);
 * - `to-check`: the answer was lost and the console could not tell whether this roster's PIN was given.
 */
export const pinStandingSchema = z.enum(['known', 'digits-lost', 'none', 'to-check'])
export type PinStanding = z.infer<typeof pinStandingSchema>

/**
 * The standing of a row's PIN step (absent: the row asks for no PIN), given whether main holds the
 * digits of the PIN it gave that row.
 */
export function pinStanding(step: { state: StepState } | undefined, digitsHeld: boolean): PinStanding | undefined {
  if (!step) return undefined
  if (step.state === 'done') return digitsHeld ? 'known' : 'digits-lost'
  if (step.state === 'unknown' || step.state === 'sending') return 'to-check'
  return 'none'
}

/** Rows by their PIN's standing (the rows asking for no PIN are in none of them), in the order given. */
export function pinGroups<T>(
  rows: readonly T[],
  standingOf: (row: T) => PinStanding | undefined
): Record<PinStanding, T[]> {
  const groups: Record<PinStanding, T[]> = { known: [], 'digits-lost': [], none: [], 'to-check': [] }
  for (const row of rows) {
    const standing = standingOf(row)
    if (standing) groups[standing].push(row)
  }
  return groups
}

/**
 * A results row's PIN standing: its outcome's (main's word, by `pinStanding`); a row the plan asked a
 * PIN for that the run never took (left out, not yet run) got none.
 */
export function rowPinStanding(
  row: { pin: boolean },
  outcome: { pin?: PinStanding | undefined } | undefined
): PinStanding | undefined {
  return outcome?.pin ?? (row.pin ? 'none' : undefined)
}
