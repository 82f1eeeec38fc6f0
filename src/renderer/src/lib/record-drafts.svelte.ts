import { SvelteMap } from 'svelte/reactivity'
import { onConsoleSwitch } from '../stores/console-scope'

/**
 * An inline edit of one record (a card's alias, a Touch Pass's name) typed and not saved when the person
 * opens another record, or leaves the screen, is kept here — never dropped in silence. Coming back to the
 * record shows the typing again, still compared with the value the field opened with (so a clash with a
 * change made meanwhile elsewhere is shown at Save), and the screen lists what is kept unsaved with a way
 * to open each (`UnsavedDrafts.svelte`). Save, putting the field back as it was, or a console switch drops
 * it (a draft of console A is never offered on console B).
 *
 * Forms with several fields (a visitor, a walk-in) keep their typing by `form-drafts.svelte.ts`.
 */
export interface RecordDraft<R> {
  /** The value the field opened with: the edit's base. */
  base: string
  /** What was typed. */
  value: string
  /** The record as it was shown, to open it again from the list of unsaved drafts. */
  record: R
  /** How the record is named in that list ("card 1128 3875 2078 3451"). */
  label: string
}

export class RecordDrafts<R> {
  readonly #held = new SvelteMap<string, RecordDraft<R>>()

  constructor(name: string) {
    onConsoleSwitch(`drafts:${name}`, () => this.#held.clear())
  }

  /** Keep what was typed for `key`; a value back to its base is no draft (nothing to lose). */
  keep(key: string, draft: RecordDraft<R>): void {
    if (draft.value.trim() === draft.base.trim()) this.#held.delete(key)
    else this.#held.set(key, draft)
  }

  /** The draft kept for `key`, if any. */
  get(key: string): RecordDraft<R> | undefined {
    return this.#held.get(key)
  }

  /** Saved (or given up by the person): gone. */
  drop(key: string): void {
    this.#held.delete(key)
  }

  /** The drafts kept, other than `except` (the record open now, whose field shows its own). */
  list(except?: string | null): { key: string; draft: RecordDraft<R> }[] {
    return [...this.#held].filter(([key]) => key !== except).map(([key, draft]) => ({ key, draft }))
  }
}
