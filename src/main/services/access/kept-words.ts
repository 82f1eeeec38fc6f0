import type { AppError } from '../../../shared/errors'

/**
 * An error's words as kept with a record and read long after (an import batch's row "to check", a
 * roster step whose answer was lost): the console named by its profile name, never by its address of
 * the moment. The address changes under a kept record — the built-in demo console listens on another
 * port at each start, a console may move — so "the console at https://127.0.0.1:40311" would name a
 * console that is no longer there. Without a name, "the console". The live error keeps its address
 * (its `details.url`): it is shown while that address is the one being tried.
 */
export function keptWords(error: AppError, consoleName: string | null | undefined): string {
  const url = error.details?.['url']
  if (typeof url !== 'string' || url === '') return error.message
  const named = consoleName ? `“${consoleName}”` : 'the console'
  return error.message.replaceAll(`the console at ${url}`, named).replaceAll(url, named)
}
