import { SvelteMap, SvelteSet } from 'svelte/reactivity'
import { AppError } from '../../../shared/errors'
import { commonWords } from './i18n/common-messages.svelte'
import { onConsoleSwitch } from '../stores/console-scope'
import { connection } from '../stores/connection.svelte'
import { holdsDrafts, type DraftKind } from './draft-kinds'

/**
 * An inline edit of one record (a card's alias, a Touch Pass's name) typed and not saved when the person
 * opens another record, or leaves the screen, is kept here — never dropped in silence. Coming back to the
 * record shows the typing again, still compared with the value the field opened with (so a clash with a
 * change made meanwhile elsewhere is shown at Save), and the screen lists what is kept unsaved with a way
 * to open each (`UnsavedDrafts.svelte`). Save, or putting the field back as it was, drops it.
 *
 * Drafts are kept per console: a console switch puts them aside, never offered on another console (a
 * record of console A is no record of B), and switching back brings them back (walk C: an alias under
 * "Not saved yet" was dropped by a switch with no warning). A screen's details take their console's
 * drafts when they open (`here()`): the details of console A closed by the switch itself keep their
 * typing under A, though B is active by then.
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
  /**
   * How the record is named in that list ("Card 0002"), worded each time it is shown from the record's
   * facts: a draft outlives a switch of the desk's language, so its name is never fixed in the language
   * it was typed in ("Card 0002 ist nicht mehr auf der Konsole").
   */
  label: () => string
  /**
   * Why the last save of this typing failed, when it did: it comes back with the typing (the reason and
   * Try again beside the field), so leaving the screen after a failure does not turn it into a silent draft.
   */
  failure?: AppError
  /**
   * The record is no longer on the console (a save or a read answered not found, `noteGone`): the list
   * shows what was typed with Copy and Discard, never a way to open a record that is not there.
   */
  gone?: boolean
}

/** Whether an error says the record is gone from the console (CARD_GONE and every other not-found). */
export const saysGone = (err: unknown): boolean => AppError.from(err).kind === 'not-found'

/** One console's drafts of one kind: what a record's details use while they are open. */
export interface ConsoleDrafts<R> {
  /** Keep what was typed for `key`; a value back to its base is no draft (nothing to lose). */
  keep(key: string, draft: RecordDraft<R>): void
  /** The draft kept for `key`, if any. */
  get(key: string): RecordDraft<R> | undefined
  /** Saved (or given up by the person): gone. */
  drop(key: string): void
  /** The console answered the record gone (`saysGone(err)`): its typing is marked so. True when it did. */
  noteGone(key: string, err: unknown): boolean
}

export class RecordDrafts<R> {
  /** Every console's drafts, by console id and record key. */
  readonly #held = new SvelteMap<string, RecordDraft<R>>()
  /** The records (console id and key) the console answered gone: their typing is shown as such. */
  readonly #gone = new SvelteSet<string>()

  constructor(name: DraftKind) {
    // Registered with the stores of console data (console-scope.ts), though a switch drops nothing
    // here: the drafts are told apart by their console instead (see here()).
    onConsoleSwitch(`drafts:${name}`, () => undefined)
    // Counted with every other kind of draft: a switch says how many it keeps with the console left.
    // Removing a console discards its drafts (the Remove question names each by its label first).
    const of = (consoleId: string) => [...this.#held.keys()].filter((id) => id.startsWith(`${consoleId}\u0000`))
    holdsDrafts(name, {
      held: (consoleId) => of(consoleId).map((id) => this.#held.get(id)!.label()),
      discard: (consoleId) => {
        for (const id of of(consoleId)) {
          this.#held.delete(id)
          this.#gone.delete(id)
        }
      }
    })
  }

  /**
   * A save or a read of `key` answered that the record is gone (`saysGone`): its draft on the active
   * console (kept now or by the details as they close) is marked gone, shown with Copy and Discard.
   * True when `err` said that.
   */
  noteGone(key: string, err: unknown): boolean {
    return this.here().noteGone(key, err)
  }

  /** The drafts of the console active now, for as long as the caller shows that console's record. */
  here(): ConsoleDrafts<R> {
    const console = connection.activeId ?? ''
    const id = (key: string) => `${console}\u0000${key}`
    return {
      keep: (key, draft) => {
        if (draft.value.trim() === draft.base.trim()) this.#held.delete(id(key))
        else this.#held.set(id(key), draft)
      },
      get: (key) => this.#withGone(id(key)),
      drop: (key) => {
        this.#held.delete(id(key))
        this.#gone.delete(id(key))
      },
      noteGone: (key, err) => {
        if (!saysGone(err)) return false
        this.#gone.add(id(key))
        return true
      }
    }
  }

  keep(key: string, draft: RecordDraft<R>): void {
    this.here().keep(key, draft)
  }

  get(key: string): RecordDraft<R> | undefined {
    return this.here().get(key)
  }

  drop(key: string): void {
    this.here().drop(key)
  }

  /** The active console's drafts, other than `except` (the record open now, whose field shows its own). */
  list(except?: string | null): { key: string; draft: RecordDraft<R> }[] {
    const prefix = `${connection.activeId ?? ''}\u0000`
    return [...this.#held]
      .filter(([id]) => id.startsWith(prefix) && id.slice(prefix.length) !== except)
      .map(([id]) => ({ key: id.slice(prefix.length), draft: this.#withGone(id)! }))
  }

  /** The draft kept under `id`, marked gone when the console answered its record gone. */
  #withGone(id: string): RecordDraft<R> | undefined {
    const draft = this.#held.get(id)
    return draft && this.#gone.has(id) ? { ...draft, gone: true } : draft
  }

  /** Every console's drafts gone (the tests' fresh start). */
  /**
   * Each record with a draft not yet marked gone, read again (`read`): one another writer removed is
   * answered not found and its draft marked gone; any other failure leaves the draft as it was. Few (what
   * one desk left unsaved), all at once.
   */
  async checkGone(read: (key: string) => Promise<unknown>): Promise<void> {
    const drafts = this.here()
    const open = this.list().filter(({ draft }) => !draft.gone)
    await Promise.all(
      open.map(({ key }) =>
        read(key).then(
          () => undefined,
          (err: unknown) => void drafts.noteGone(key, err)
        )
      )
    )
  }

  clear(): void {
    this.#held.clear()
    this.#gone.clear()
  }
}

/**
 * A draft's value or base in words, for "Not saved yet" and the line under a field that failed to save:
 * quoted, or "no alias" / "no name" when empty (never a bare “”), in the desk's language (read in
 * markup, it follows a language switch). `what`: "alias", or "name" for any other field.
 */
export function draftValueWords(value: string, what: string): string {
  const text = value.trim()
  const w = commonWords()
  return text ? w.t('drafts.quoted', { value: text }) : w.t('drafts.none', { what })
}
