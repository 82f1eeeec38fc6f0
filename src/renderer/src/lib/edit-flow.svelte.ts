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
 * may meet a newer conflict: the console changed a field again while the dialog was open, which the
 * dialog says, asking that field's choice again). Failures are the caller's (it runs these inside its Task).
 *
 * `saved` is told whether anything was written: every changed field kept as the console has it (a
 * conflict resolved "Keep the console's") writes nothing, and no form may then say "saved" — each says
 * its own words for "nothing was sent" (Visitors, a card's alias, a Touch Pass's name).
 */
export class EditFlow<T, R> {
  /**
   * The edit main refused to write, with the fields changed on the console meanwhile. `again`: those
   * of them the dialog already showed, which the console changed once more while it was open (their
   * choice is asked again); `round` counts the answers since the form's save, so the dialog sees a new one.
   */
  pending = $state<{
    edit: EditOf<T>
    conflicts: FieldConflict<T>[]
    again: (keyof T & string)[]
    round: number
  } | null>(null)

  constructor(
    private readonly send: (edit: EditOf<T>) => Promise<EditOutcome<R, T>>,
    private readonly saved: (record: R, wrote: boolean) => void
  ) {}

  /** Sends the edit; true when it was written (or there was nothing to write). */
  async submit(edit: EditOf<T>): Promise<boolean> {
    this.pending = null
    return this.answer(edit, [])
  }

  /**
   * The person chose per field: the edit again, with their choices. The dialog stays open meanwhile:
   * a field the console changed again comes back in it, said so, and its choice asked again.
   */
  async resolve(choices: Partial<Record<keyof T & string, Choice>>): Promise<boolean> {
    const pending = this.pending
    if (!pending) return false
    try {
      return await this.answer(
        resolveConflicts(pending.edit, pending.conflicts, choices),
        pending.conflicts,
        pending.round
      )
    } catch (err) {
      this.pending = null
      throw err
    }
  }

  /** Back to the form: nothing is sent. */
  cancel(): void {
    this.pending = null
  }

  private async answer(edit: EditOf<T>, shown: readonly FieldConflict<T>[], round = 0): Promise<boolean> {
    const answer = await this.send(edit)
    if (answer.outcome === 'conflicts') {
      const again = answer.conflicts.filter((c) => shown.some((s) => s.field === c.field)).map((c) => c.field)
      this.pending = { edit, conflicts: answer.conflicts, again, round: round + 1 }
      return false
    }
    this.pending = null
    this.saved(answer.record, answer.sent.length > 0)
    return true
  }
}
