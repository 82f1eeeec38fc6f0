import { ArgsError } from '../cli/args'
import { LANGUAGES, isLanguage, type Language } from '../shared/i18n/locales'

/**
 * The CLI's language: `--language de`, else the shell's locale (LC_ALL, then LC_MESSAGES, then LANG, as
 * POSIX reads them: "de_DE.UTF-8" is German), else English. It words what a person reads (the
 * `--table` headers) and reads what they type (a date in its order); JSON keys and values stay as
 * they are: they are an interface.
 */
export function cliLanguage(option: string | undefined, env: NodeJS.ProcessEnv = process.env): Language {
  if (option !== undefined) {
    const language = option.toLowerCase().split(/[-_.]/)[0]
    if (isLanguage(language)) return language
    throw new ArgsError('usage.languageTakes', { languages: LANGUAGES.join(', '), given: option })
  }
  // The first of them that is set decides, even when it names a language we do not speak (then English).
  const locale = env['LC_ALL'] || env['LC_MESSAGES'] || env['LANG'] || ''
  const language = locale.toLowerCase().split(/[-_.@]/)[0]
  return isLanguage(language) ? language : 'en'
}

/**
 * The language to say a usage error in, from the words of the command line as typed (they may not
 * parse: the mistake may be in them): `--language X` when X is one, else the shell's, as cliLanguage.
 */
export function usageLanguage(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Language {
  const at = argv.findIndex((w) => w === '--language' || w.startsWith('--language='))
  const option = at < 0 ? undefined : argv[at]!.includes('=') ? argv[at]!.split('=')[1] : argv[at + 1]
  try {
    return cliLanguage(option, env)
  } catch {
    return cliLanguage(undefined, env)
  }
}

/**
 * `--language` also fills a channel's own `language` field when it has one and none was given (an
 * export's header, a kiosk check-in's badge): once a CLI option, `--language es` must keep doing
 * what it did as that field. The shell's locale alone does not: a script's files stay as they were.
 */
export function withLanguageField(input: unknown, hasField: boolean, option: string | undefined): unknown {
  if (option === undefined || !hasField) return input
  const language = cliLanguage(option)
  if (input === undefined) return { language }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input
  return 'language' in input ? input : { ...input, language }
}
