import { tick } from 'svelte'
import { giveFocus } from '../../lib/action-outcome.svelte'

/**
 * Replacing someone's PIN, the same on every screen that can (PINs, Visitors): a person holds one PIN,
 * so giving them another replaces it and their old PIN stops opening doors at once. That is said and
 * confirmed first — in these words, in `ReplacePinDialog.svelte`, Cancel focused — whenever they hold a
 * PIN or it could not be read; someone known to hold none gets theirs at once.
 */

/** Whether they hold a PIN now: `'unknown'` when the console could not be asked. */
export type PinHeld = boolean | 'unknown'

/** Said beside the person, and in the question, when they hold a PIN. */
export const pinHeldWords = (name: string): string =>
  `${name} already has a PIN; assigning replaces it — the old PIN stops opening doors.`

/** Said in the question when whether they hold a PIN could not be read. */
export const pinUnknownWords = (name: string): string =>
  `Access Desk could not check whether ${name} has a PIN. If they have one, assigning replaces it — the old PIN stops opening doors.`

/** One screen's question "Replace X's PIN?": open while `asking` is set (shown by `ReplacePinDialog`). */
export class ReplacePinQuestion {
  asking = $state<{ name: string; held: true | 'unknown' } | null>(null)
  #replace: (() => unknown) | null = null
  #opener: HTMLElement | null = null

  /**
   * Give `name` a PIN: `replace` runs at once when they hold none, else after "Replace the PIN".
   * `opener` (the button clicked) gets the focus back when the answer is Cancel or Esc.
   */
  ask(name: string, held: PinHeld, replace: () => unknown, opener?: HTMLElement | null): void {
    if (held === false) {
      void replace()
      return
    }
    this.#replace = replace
    this.#opener = opener ?? (document.activeElement as HTMLElement | null)
    this.asking = { name, held }
  }

  confirm(): void {
    const replace = this.#replace
    this.#close()
    void replace?.()
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
    this.#replace = null
    this.#opener = null
  }
}
