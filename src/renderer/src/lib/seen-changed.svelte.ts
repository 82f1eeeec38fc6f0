import { AppError } from '../../../shared/errors'
import { CHANGED_SINCE_SHOWN, type Seen, type SeenNow } from '../../../shared/seen/seen'
import { errorWords, errorWordsLoaded } from './i18n/error-words.svelte'

/**
 * An action whose question depends on what the screen showed (shared/seen's table) sends that with
 * it; main answers CHANGED_SINCE_SHOWN, nothing sent, when the record changed meanwhile. Every such
 * dialog then asks again in words true now, with this sentence above its question (ConfirmDialog's
 * `changed`: shown, said once, the focus on its safe button) — never an error the person must read
 * and then act on the old question.
 */
export interface SeenChange {
  /** The record's facts as main read them. */
  now: SeenNow
  /** What changed, in the desk's language ("Card 42 belongs to Uma Ng now …; nothing was sent."), then what to do. */
  said: string
  /**
   * What changed alone, without "read the question again": for a dialog that can no longer ask its
   * question (a pass someone holds now cannot be given) and says why itself.
   */
  what: string
}

/**
 * Main's answer that the record changed since shown, with its facts and words; null for any other
 * failure. Worded once the errors catalogue is in (the words are kept as text and said once).
 */
export async function changedSinceShown(err: unknown): Promise<SeenChange | null> {
  const error = AppError.from(err)
  if (error.code !== CHANGED_SINCE_SHOWN) return null
  await errorWordsLoaded()
  const { message, hint } = errorWords(error.toData())
  return { now: (error.details ?? {}) as SeenNow, said: hint ? `${message} ${hint}` : message, what: message }
}

/** What a card's details show of who holds it, as an action on it sends it (`seen.ownerId`). */
export const seenOwner = (card: { user_id: string }): Seen => ({ ownerId: card.user_id || null })
