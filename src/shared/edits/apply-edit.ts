import type { EditOf, EditOutcome, FieldConflict } from './edit'
import type { FieldKinds } from './equality'

/** The record an edit goes to: how main reads it now, sees its fields, and writes some of them. */
export interface EditTarget<R, T> {
  /** The record as the console holds it now (read again for every edit). */
  read(): Promise<R>
  /** Its fields, in the same terms as the form's (`base` was made by the same function). */
  fields(record: R): T
  /** Write these fields only (never an empty set), knowing the record they go onto. */
  write(send: Partial<T>, current: R): Promise<R>
  /**
   * Why the record as read now takes no edit at all (a visit cancelled by another desk while the form
   * was open), or null. Thrown before anything is compared or written: a save must not go through
   * silently onto a record that no longer means what the person was editing.
   */
  refuse?(current: R): Error | null
}

/**
 * The one way main applies an edit from any form. The record is read again first (and an edit the
 * target refuses as it is now, `refuse`, fails with nothing written); a field the
 * person changed whose console value is neither what the form opened with nor the new value was
 * changed by someone else meanwhile: every such field comes back as a conflict and nothing is
 * written. Otherwise only the changed fields are written, less those the console already holds
 * as wanted and those the person kept as the console had them (`keep`, still so); a field not in
 * `changes` is never written.
 */
export async function applyEdit<R, T>(
  target: EditTarget<R, T>,
  edit: EditOf<T>,
  kinds: FieldKinds<T>
): Promise<EditOutcome<R, T>> {
  const current = await target.read()
  const refused = target.refuse?.(current)
  if (refused) throw refused
  const theirs = target.fields(current)
  const conflicts: FieldConflict<T>[] = []
  const send: Partial<T> = {}
  for (const field of Object.keys(edit.changes) as (keyof T & string)[]) {
    // A field main does not know as part of this record is not written (never an unknown key).
    if (!(field in kinds)) continue
    const equal = kinds[field]
    const yours = edit.changes[field] as T[typeof field]
    const now = theirs[field]
    if (equal(now, yours)) continue
    if (!(field in edit.base) || !equal(now, edit.base[field] as T[typeof field])) {
      conflicts.push({ field, yours, theirs: now } as FieldConflict<T>)
      continue
    }
    // Kept as the console had it when the person chose, and it still has it: nothing to write.
    if (edit.keep?.includes(field)) continue
    send[field] = yours
  }
  if (conflicts.length > 0) return { outcome: 'conflicts', conflicts }
  const sent = Object.keys(send) as (keyof T & string)[]
  if (sent.length === 0) return { outcome: 'saved', record: current, sent }
  return { outcome: 'saved', record: await target.write(send, current), sent }
}
