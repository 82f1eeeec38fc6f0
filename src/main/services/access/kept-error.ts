import type { AppError } from '../../../shared/errors'
import type { KeptError } from '../../../shared/batches/row-reason'
import { sayError } from '../../../shared/errors-wording'
import { Translator } from '../../../shared/i18n/translator'
import errorsEn from '../../../shared/i18n/messages/errors/en.json'
import { keptWords } from './kept-words'

const englishErrors = new Translator('en', errorsEn)

/**
 * Facts that say how a call went, not what its words name: a write whose answer was lost is worded
 * by what was read back (errors-wording readBackWording), which a kept error never carries.
 */
const HOW_IT_WENT = new Set(['answerLost', 'requestWritten', 'outcome', 'readBack'])

/**
 * An error as kept with a record read long after (a batch row's reason), as facts a desk words in its
 * own language with the errors catalogue (shared/errors-wording.ts): its kind, code and the facts its
 * words name, the address of the moment replaced by the console's profile name (`console`), as
 * keptWords does to the English. Kept only when the English catalogue says, from those facts, exactly
 * the words main keeps: otherwise (a code not worded, a console without a name, a message a wrapper
 * rewrote) undefined, and the record keeps main's English alone, shown as recorded.
 */
export function keptError(error: AppError, consoleName: string | null | undefined): KeptError | undefined {
  if (error.code === undefined) return undefined
  const details: KeptError['details'] = {}
  for (const [name, value] of Object.entries(error.details ?? {})) {
    if (HOW_IT_WENT.has(name)) continue
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') details[name] = value
  }
  if (typeof details['url'] === 'string') {
    // Without a name the English says "the console", a word no other language's message could take.
    if (!consoleName) return undefined
    delete details['url']
    details['console'] = consoleName
  }
  const kept = { kind: error.kind, code: error.code, message: keptWords(error, consoleName), details }
  const english = sayError({ ...kept, retryable: false }, englishErrors)
  if (english.english || english.message !== kept.message) return undefined
  return english.hint === undefined ? kept : { ...kept, hint: english.hint }
}
