/**
 * What a person typed into a form that is still open, kept while the screen is away: every form that
 * should survive a screen switch (Visitors' new-visitor and edit form, Today's walk-in) keeps its draft
 * here under its own slot, so a desk that goes to Badges and back finds what it typed. A form's
 * component is unmounted by the switch; the draft is not. It is dropped by the form's Cancel or Save
 * (`drop`) and by a console switch (the stores' `reset` drop their slots: a draft of console A is never
 * shown on console B). Nothing else clears it.
 *
 * A slot holds one draft, for one record (`key`: a visitor's id, or 'new'): a form opened on another
 * record starts afresh.
 */

/** A form's draft: the values as typed, and whatever the form must keep with them (the base it opened with). */
export interface FormDraft<T> {
  key: string
  value: T
}

/** The forms that keep drafts: one name each, so two forms never share one. */
export type DraftSlot = 'visitors.form' | 'today.walk-in'

class FormDrafts {
  // Not reactive state: a form writes its draft from an effect on every keystroke, and nothing is drawn
  // from the draft itself (a form reads it once, as it mounts).
  readonly #held = new Map<DraftSlot, FormDraft<unknown>>()

  /** Whether a draft is kept in this slot (the form was open when the screen went away). */
  has(slot: DraftSlot): boolean {
    return this.#held.has(slot)
  }

  /** The draft kept for this record (a copy the form may change), else `fresh()`, kept from now on. */
  take<T>(slot: DraftSlot, key: string, fresh: () => T): T {
    const held = this.#held.get(slot)
    if (held && held.key === key) return $state.snapshot(held.value) as T
    const value = fresh()
    this.#held.set(slot, { key, value: $state.snapshot(value) })
    return $state.snapshot(value) as T
  }

  /** What was typed since: replaces the draft's value, only while the slot holds this record's draft. */
  keep<T>(slot: DraftSlot, key: string, value: T): void {
    const held = this.#held.get(slot)
    if (held && held.key === key) this.#held.set(slot, { key, value: $state.snapshot(value) })
  }

  /** The draft as kept (for tests and screens that need to know what is held), or null. */
  peek<T>(slot: DraftSlot): FormDraft<T> | null {
    return (this.#held.get(slot) as FormDraft<T> | undefined) ?? null
  }

  /** Cancel, Save or a console switch: the typing is gone. */
  drop(slot: DraftSlot): void {
    this.#held.delete(slot)
  }
}

export const formDrafts = new FormDrafts()
