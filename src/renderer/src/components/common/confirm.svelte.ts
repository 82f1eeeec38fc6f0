import { tick } from 'svelte'
import { giveFocus } from '../../lib/action-outcome.svelte'

/**
 * Destructive actions confirm first, on every screen, in one dialog (`ConfirmDialog.svelte`): removing a
 * PIN, removing or taking back a card, revoking a QR code, deleting a typed row or a batch. Cancel comes
 * first and has the focus, so Enter on the dialog as it opens never destroys anything; Esc and × cancel.
 */
export interface ConfirmWords {
  /** The question: "Remove Ana Ruiz's PIN?" */
  title: string
  /** What it does, said before it is done: "Her PIN stops opening doors at once." */
  body: string
  /** The destructive answer: "Remove PIN". */
  confirm: string
  /** The safe answer (focused): "Cancel" unless the screen says it better ("Keep it"). */
  cancel?: string
  /** A test id for the dialog's body (tests find the one dialog of a question by it). */
  testid?: string
  /** Asked again because the record changed since shown: what changed (lib/seen-changed). */
  changed?: string
}

/**
 * A question a screen asks before an action: open while `asking` holds what it is about; the action runs
 * after the destructive answer, once the dialog is closed (its outcome is said where the screen says it,
 * and the focus goes to its result); Cancel or Esc sends nothing and gives the focus back to the button
 * that asked. `ConfirmQuestion` (any destructive action) and `ReplacePinQuestion` (replace-pin.svelte.ts)
 * are this one mechanism with their own words.
 */
export class Question<T> {
  asking = $state.raw<T | null>(null)
  #action: (() => unknown) | null = null
  #opener: HTMLElement | null = null

  /** Ask about `subject` before `action`; `opener` (the button pressed) gets the focus back after Cancel. */
  ask(subject: T, action: () => unknown, opener?: HTMLElement | null): void {
    this.#action = action
    this.#opener = opener ?? (document.activeElement as HTMLElement | null)
    this.asking = subject
  }

  confirm(): void {
    const action = this.#action
    this.#close()
    void action?.()
  }

  /** Nothing is sent; the focus goes back to the button that asked (the dialog's own return may miss it). */
  async cancel(): Promise<void> {
    const opener = this.#opener
    this.#close()
    await tick()
    if (opener?.isConnected && !(opener as HTMLButtonElement).disabled) giveFocus(opener)
  }

  #close(): void {
    this.asking = null
    this.#action = null
    this.#opener = null
  }
}

/** One screen's question in its own words; `ConfirmDialog` shows it. */
export class ConfirmQuestion extends Question<ConfirmWords> {}
