import { Question } from './confirm.svelte'
import { pinsWords } from '../../lib/i18n/pins-messages.svelte'

/**
 * Replacing someone's PIN, the same on every screen that can (PINs, Visitors): a person holds one PIN,
 * so giving them another replaces it and their old PIN stops opening doors at once. That is said and
 * confirmed first — in these words, in `ReplacePinDialog.svelte`, Cancel focused — whenever they hold a
 * PIN or it could not be read; someone known to hold none gets theirs at once.
 */

/** Whether they hold a PIN now: `'unknown'` when the console could not be asked. */
export type PinHeld = boolean | 'unknown'

/** Said beside the person, and in the question, when they hold a PIN (in the desk's language). */
export const pinHeldWords = (name: string): string => pinsWords().t('replace.held', { name })

/** Said in the question when whether they hold a PIN could not be read. */
export const pinUnknownWords = (name: string): string => pinsWords().t('replace.unknown', { name })

/** One screen's question "Replace X's PIN?" (shown by `ReplacePinDialog`), on the one confirm mechanism. */
export class ReplacePinQuestion {
  readonly #question = new Question<{ name: string; held: true | 'unknown'; changed?: string }>()

  get asking(): { name: string; held: true | 'unknown'; changed?: string } | null {
    return this.#question.asking
  }

  /**
   * Give `name` a PIN: `replace` runs at once when they hold none, else after "Replace the PIN".
   * `opener` (the button clicked) gets the focus back when the answer is Cancel or Esc. `changed`: asked
   * again because main found their PIN changed since shown (lib/seen-changed), said above the question.
   */
  ask(name: string, held: PinHeld, replace: () => unknown, opener?: HTMLElement | null, changed?: string): void {
    if (held === false) {
      void replace()
      return
    }
    this.#question.ask({ name, held, ...(changed ? { changed } : {}) }, replace, opener)
  }

  confirm(): void {
    this.#question.confirm()
  }

  cancel(): Promise<void> {
    return this.#question.cancel()
  }
}
