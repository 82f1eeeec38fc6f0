import type { ArgsError } from '../cli/args'
import type { Language } from '../shared/i18n/locales'
import { cliWords } from '../shared/i18n/file-words'

/**
 * A mistake in the command line (ArgsError) in the CLI's language, from its catalogue (messages/cli,
 * `usage.*`): the one place the CLI's own usage errors get their words. Loaded only when there is one
 * to say, so `--help`, `--version` and `channels` load no message formatter.
 */
export function usageWords(error: ArgsError, language: Language): string {
  const words = cliWords(language)
  const paragraphs: string[] = []
  for (let said: ArgsError | undefined = error; said; said = said.then)
    paragraphs.push(words.t(said.key, { ...said.values }))
  return paragraphs.join('\n').trimEnd() + '\n'
}
