import {
  resolveConflicts,
  type Choice,
  type EditOf,
  type EditOutcome,
  type FieldConflict
} from '../../../shared/edits/edit'

/**
 * One edit form's round trip with main, the same for every form: send the edit (only the fields
 * changed); when main answers conflicts, nothing was written and they wait here for the person's
 * choice per field (ConflictDialog); the choice makes a new edit, which is sent the same way (and
 * may meet a newer conflict). Failures are the caller's (it runs these inside its Task).
 *
 * `saved` is told whether anything was written: every changed field kept as the console has it (a
 * conflict resolved "Keep the console's") writes nothing, and no form may then say "saved" — each says
 * its own words for "nothing was sent" (Visitors, a card's alias, a Touch Pass's name).
 */
export class EditFlow<T, R> {
  /** The edit main refused to write, with the fields changed on the console meanwhile. */
  pending = $state<{ edit: EditOf<T>; conflicts: FieldConflict<T>[] } | null>(null)

  constructor(
    private readonly send: (edit: EditOf<T>) => Promise<EditOutcome<R, T>>,
    private readonly saved: (record: R, wrote: boolean) => void
  ) {}

  /** Sends the edit; true when it was written (or there was nothing to write). */
  async submit(edit: EditOf<T>): Promise<boolean> {
    this.pending = null
    const answer = await this.send(edit)
    if (answer.outcome === 'conflicts') {
      this.pending = { edit, conflicts: answer.conflicts }
      return false
    }
    this.saved(answer.record, answer.sent.length > 0)
    return true
  }

  /** The person chose per field: the edit again, with their choices. */
  resolve(choices: Partial<Record<keyof T & string, Choice>>): Promise<boolean> {
    const pending = this.pending
    if (!pending) return Promise.resolve(false)
    return this.submit(resolveConflicts(pending.edit, pending.conflicts, choices))
  }

  /** Back to the form: nothing is sent. */
  cancel(): void {
    this.pending = null
  }
}
