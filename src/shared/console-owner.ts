import { AppError } from './errors'

/**
 * What a desk record (an import batch, a roster) made against one console is worth on another: its
 * results and matches are that console's. The rule, once for every record kind: a record belongs to
 * the console it was bound to, and while another console is active it is read-only — main refuses
 * every change (`refuseOnOtherConsole`) and the screen says why and how to switch back in the desk's
 * language (Import's `batchReadOnly`, the roster store's `rosterReadOnly`), both from `ownedByOther`.
 */

/**
 * The console a record is bound to (the profile id and its name when it was bound). The desk's own
 * records of a console's visitors (kiosk check-ins, badges printed, QR codes given) carry the same
 * profile id and are read only on that console (main's storage/durable-list.ts).
 */
export interface ConsoleOwner {
  profileId: string
  name: string
}

/**
 * The console the record belongs to when another one is active; null when it is the active one's,
 * not bound yet, or no console is active (nothing is written then anyway).
 */
export function ownedByOther(
  owner: ConsoleOwner | null | undefined,
  activeId: string | null | undefined
): ConsoleOwner | null {
  return owner && activeId && owner.profileId !== activeId ? owner : null
}

/** How each kind of record says it belongs elsewhere, and what to do for the active console instead. */
export interface OwnedRecord {
  /** "batch", "roster" */
  what: string
  /** How it was bound: "uploaded to", "planned on". */
  verb: string
  /** The preposition alone, for "not to B" / "not on B". */
  prep: string
  /** What to do for the active console instead ("open the roster file again"). */
  instead: string
  code: string
}

/**
 * Main's refusal of a change to a record of another console (a write there would send one
 * console's plan to another: people matched on A written on B).
 */
export function refuseOnOtherConsole(
  record: OwnedRecord,
  owner: ConsoleOwner | null | undefined,
  active: ConsoleOwner | null | undefined
): void {
  const other = ownedByOther(owner, active?.profileId)
  if (!other || !active) return
  throw new AppError({
    kind: 'conflict',
    code: record.code,
    message: `This ${record.what} was ${record.verb} ${other.name}, not ${record.prep} ${active.name}.`,
    hint: `Switch to ${other.name} to continue it. For ${active.name}, ${record.instead}.`,
    details: { owner: other.name, active: active.name }
  })
}

/** An import batch belongs to the console it was first uploaded to. */
export const BATCH_RECORD: OwnedRecord = {
  what: 'batch',
  verb: 'uploaded to',
  prep: 'to',
  instead: 'export it as CSV and open that file in a new batch',
  code: 'BATCH_OF_OTHER_CONSOLE'
}

/** A roster belongs to the console it was planned on: its people were matched there. */
export const ROSTER_RECORD: OwnedRecord = {
  what: 'roster',
  verb: 'planned on',
  prep: 'on',
  instead: 'open the roster file again',
  code: 'ROSTER_OF_OTHER_CONSOLE'
}
