/**
 * What a person typed into a form saved by its Save button (a settings panel: the kiosk's, the badges',
 * a console or a printer to add, the audit's retention; Import's new batch and a CSV line's Fix) and did
 * not save, kept while its screen is away: leaving the screen unmounts the form, the typing stays here,
 * and the form shows it again when the screen comes back, with a note that says so (`KeptTypingNote.svelte`:
 * "Not saved yet", and a way to put the saved values back). Save drops it, and so does the person's Put
 * back (or a form's own Cancel, where it has one); nothing else does. A restart of the desk's window
 * starts afresh (main keeps only what was saved).
 *
 * Only the fields the person changed are kept: coming back,
 * a field nobody touched shows its saved value as it is now (main may have changed it meanwhile, as it
 * does the badge printer), never the old one kept with the typing.
 *
 * Forms of one record (a visitor, a walk-in) keep their typing by `form-drafts.svelte.ts`, inline edits
 * of a record by `record-drafts.svelte.ts`: both per console. These forms are the desk's own settings
 * (or a console not yet saved), so their typing is not told apart by console.
 *
 * A form about one thing of the screen (a line of the CSV file open in Import's preview) names it as
 * `about`: its typing comes back with that thing only, and one thing's typing is kept at a time (opening
 * another line's correction gives up the one before, as it always did on the screen).
 *
 * test/renderer/common/saved-forms-keep-typing.test.ts takes every form of `savedForms` through
 * type, leave, come back, Save; and every `<form>` of the renderer either keeps its typing here or is
 * named there as not saved by a Save button (a search, a dialog).
 */
export const savedForms = [
  'settings.kiosk',
  'settings.add-console',
  'badges.settings',
  'badges.add-printer',
  'audit.retention',
  'import.new-batch',
  'import.csv-line-fix'
] as const

export type SavedForm = (typeof savedForms)[number]

type Fields = Record<string, unknown>

/**
 * What was typed: the fields that differ from the saved values, nothing else. Not reactive: a form
 * writes it on every keystroke and reads it once, as it shows its saved values.
 */
// eslint-disable-next-line svelte/prefer-svelte-reactivity -- nothing is drawn from it (above)
const held = new Map<SavedForm, { about: string | undefined; fields: Fields }>()

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T))

/** One form's kept typing, for as long as the form is shown. */
export class SavedFormTyping<T extends Fields> {
  /** The form came back with typing kept from before (shown by KeptTypingNote until saved or put back). */
  shown = $state(false)
  /** The values the form shows as saved: what the typing is compared with. Null until they are read. */
  #saved: T | null = null

  constructor(
    readonly form: SavedForm,
    /** The one thing of the screen the form is about (a CSV line), when it is about one. */
    readonly about?: string
  ) {}

  /**
   * The values to show once the saved ones are read: the saved values, with every field the person had
   * changed and not saved as they typed it.
   */
  take(saved: T): T {
    this.#saved = copy(saved)
    const kept = held.get(this.form)
    if (!kept) return copy(saved)
    if (kept.about !== this.about) {
      // Another thing's form opened: the typing of the one before is given up.
      held.delete(this.form)
      return copy(saved)
    }
    this.shown = true
    return { ...copy(saved), ...copy(kept.fields) }
  }

  /** What the form holds now (from an effect, on every change): kept when it differs from the saved values. */
  keep(now: T): void {
    const saved = this.#saved
    if (!saved) return
    const typed = Object.fromEntries(
      Object.entries($state.snapshot(now) as Fields).filter(([key, value]) => !same(value, saved[key]))
    )
    if (Object.keys(typed).length) held.set(this.form, { about: this.about, fields: typed })
    else this.drop()
  }

  /**
   * The saved values changed while the form is shown (main chose the badge printer): typing is compared
   * with these from now on; what was typed stays.
   */
  rebase(values: T): void {
    this.#saved = copy(values)
  }

  /** Saved (these are the saved values now) or put back by the person: nothing kept. */
  saved(values: T): void {
    this.#saved = copy(values)
    this.drop()
  }

  /** The saved values, to put back (Put back): the typing kept is dropped. */
  savedValues(): T | null {
    return this.#saved && copy(this.#saved)
  }

  drop(): void {
    held.delete(this.form)
    this.shown = false
  }
}

/** What `form` keeps (the tests read it as a person would not: through the form itself). */
export function keptTyping(form: SavedForm): Fields | null {
  return held.get(form)?.fields ?? null
}

/**
 * What `form`'s kept typing is about (a CSV line), null when nothing is kept: the screen opens that
 * thing's form again when it comes back, so the typing is shown where it was typed.
 */
export function keptTypingAbout(form: SavedForm): string | null {
  const kept = held.get(form)
  return kept ? (kept.about ?? '') : null
}

/** Every form's kept typing gone (the tests' fresh start). */
export function clearSavedFormTyping(): void {
  held.clear()
}
