import { connection } from '../stores/connection.svelte'
import { personName, type NamedPerson } from '../../../shared/person-name'
import { holdsDrafts } from './draft-kinds'
import { commonWords } from './i18n/common-messages.svelte'

/**
 * What a person typed into a form that is still open, kept while the screen is away: every form that
 * should survive a screen switch (Visitors' new-visitor and edit form, Today's walk-in) keeps its draft
 * here under its own slot, so a desk that goes to Badges and back finds what it typed. A form's
 * component is unmounted by the switch; the draft is not. It is dropped by the form's Cancel or Save
 * (`drop`); nothing else clears it.
 *
 * Drafts are kept per console (lib/draft-kinds, the one rule for every draft): a console switch puts a
 * form's draft aside with the console it was typed against — never shown on another — and the screen
 * opens the form again, as typed, when that console is active again. A form takes its console's slot
 * as it opens (`here()`), so typing that reaches it while a switch closes it stays with its console.
 *
 * A slot holds one draft, for one record (`key`: a visitor's id, or 'new'): a form opened on another
 * record starts afresh.
 */

/** A form's draft: the values as typed, and whatever the form must keep with them (the base it opened with). */
export interface FormDraft<T> {
  key: string
  value: T
  /** The record the form was opened on (a visitor being edited), to open the form again on it. */
  record?: unknown
}

/** The forms that keep drafts: one name each, so two forms never share one. */
export type DraftSlot = 'visitors.form' | 'today.walk-in'
const slots: DraftSlot[] = ['visitors.form', 'today.walk-in']

/** One console's form drafts: what an open form uses while it is open. */
export interface ConsoleFormDrafts {
  take<T>(slot: DraftSlot, key: string, fresh: () => T, record?: unknown): T
  keep<T>(slot: DraftSlot, key: string, value: T): void
}

/** Whether a form's draft holds typing: the form marks it `changed` when its fields differ from how it opened. */
const typedIn = (draft: FormDraft<unknown> | undefined) =>
  (draft?.value as { changed?: boolean } | undefined)?.changed === true
/**
 * How a person knows a form's draft: the person of the record it edits ("Ivan Petrov"), else what the
 * form makes ("a new visitor", "a walk-in"), in the desk's language.
 */
function draftName(slot: DraftSlot, draft: FormDraft<unknown>): string {
  const record = draft.record as NamedPerson | undefined
  const name = record ? personName(record) : ''
  if (name) return name
  return commonWords().t(slot === 'today.walk-in' ? 'drafts.walkIn' : 'drafts.newVisitor')
}
const at = (consoleId: string, slot: DraftSlot) => `${consoleId}\u0000${slot}`
const activeConsole = () => connection.activeId ?? ''

class FormDrafts {
  // Not reactive state: a form writes its draft from an effect on every keystroke, and nothing is drawn
  // from the draft itself (a form reads it once, as it mounts).
  readonly #held = new Map<string, FormDraft<unknown>>()

  constructor() {
    // Counted when something was typed (the form marks its draft `changed`): a form opened and left as
    // it was is kept open too, but a switch does not call it an unsaved edit.
    // Removing a console discards them: the Remove question names each first (`draftName`).
    for (const slot of slots)
      holdsDrafts(slot, {
        held: (consoleId) => {
          const draft = this.#held.get(at(consoleId, slot))
          return draft && typedIn(draft) ? [draftName(slot, draft)] : []
        },
        discard: (consoleId) => void this.#held.delete(at(consoleId, slot))
      })
  }

  /** The active console's slots, for as long as the form that asks stays open (a switch does not move it). */
  here(): ConsoleFormDrafts {
    const consoleId = activeConsole()
    return {
      take: (slot, key, fresh, record) => this.#take(at(consoleId, slot), key, fresh, record),
      keep: (slot, key, value) => this.#keep(at(consoleId, slot), key, value)
    }
  }

  /** Whether a draft is kept in this slot on the active console (the form was open when the screen went away). */
  has(slot: DraftSlot): boolean {
    return this.#held.has(at(activeConsole(), slot))
  }

  /** The draft kept for this record (a copy the form may change), else `fresh()`, kept from now on. */
  take<T>(slot: DraftSlot, key: string, fresh: () => T, record?: unknown): T {
    return this.here().take(slot, key, fresh, record)
  }

  /** What was typed since: replaces the draft's value, only while the slot holds this record's draft. */
  keep<T>(slot: DraftSlot, key: string, value: T): void {
    this.here().keep(slot, key, value)
  }

  /** The active console's draft as kept (for tests and screens that need to know what is held), or null. */
  peek<T>(slot: DraftSlot): FormDraft<T> | null {
    return (this.#held.get(at(activeConsole(), slot)) as FormDraft<T> | undefined) ?? null
  }

  /** Cancel or Save: the typing on the active console is gone. */
  drop(slot: DraftSlot): void {
    this.#held.delete(at(activeConsole(), slot))
  }

  /** Every console's drafts gone (the tests' fresh start). */
  clear(): void {
    this.#held.clear()
  }

  #take<T>(id: string, key: string, fresh: () => T, record?: unknown): T {
    const held = this.#held.get(id)
    if (held && held.key === key) return $state.snapshot(held.value) as T
    const value = fresh()
    this.#held.set(id, { key, value: $state.snapshot(value), ...(record !== undefined ? { record } : {}) })
    return $state.snapshot(value) as T
  }

  #keep<T>(id: string, key: string, value: T): void {
    const held = this.#held.get(id)
    if (held && held.key === key) this.#held.set(id, { ...held, value: $state.snapshot(value) })
  }
}

export const formDrafts = new FormDrafts()
