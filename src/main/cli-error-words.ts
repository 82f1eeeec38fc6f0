import errorsEn from '../shared/i18n/messages/errors/en.json'
import errorsDe from '../shared/i18n/messages/errors/de.json'
import errorsFr from '../shared/i18n/messages/errors/fr.json'
import errorsEs from '../shared/i18n/messages/errors/es.json'
import commonEn from '../shared/i18n/messages/common/en.json'
import commonDe from '../shared/i18n/messages/common/de.json'
import commonFr from '../shared/i18n/messages/common/fr.json'
import commonEs from '../shared/i18n/messages/common/es.json'
import importEn from '../shared/i18n/messages/import/en.json'
import importDe from '../shared/i18n/messages/import/de.json'
import importFr from '../shared/i18n/messages/import/fr.json'
import importEs from '../shared/i18n/messages/import/es.json'
import type { AppErrorData } from '../shared/errors'
import { sayError, type ErrorWords } from '../shared/errors-wording'
import type { Language } from '../shared/i18n/locales'
import { Translator, type MessageValues } from '../shared/i18n/translator'
import { formats } from '../shared/format/formats'
import { consoleNameValues } from '../shared/console-name'
import { cliWords } from '../shared/i18n/file-words'

const errors = { en: errorsEn, de: errorsDe, fr: errorsFr, es: errorsEs }
/**
 * The areas a wording's message may be a sentence of (ErrorWording `area`): Import's, whose preview line
 * says a typed or tapped ID that is no NFC ID (NFC_ID_INVALID, ROSTER_LINE_BAD_UID). Without it those
 * two would keep main's English in a German, French or Spanish shell.
 */
const imports = { en: importEn, de: importDe, fr: importFr, es: importEs }
/** The shared words: the built-in console's default name, said in the shell's language in an error naming it. */
const common = { en: commonEn, de: commonDe, fr: commonFr, es: commonEs }

/** The errors area in one language, with the other areas its wordings name, in the same language. */
function wordsIn(language: Language): ErrorWords {
  const words = new Translator(language, errors[language])
  const importWords = new Translator(language, imports[language])
  return { t: (key, values) => words.t(key, values), area: () => importWords }
}

const english = wordsIn('en')

/** What a person reads of a failed call, in the CLI's language: worded from the same catalogue as the screens. */
export interface CliErrorSaid {
  language: Language
  message: string
  hint?: string
}

/**
 * A failed call's error as the CLI writes it on standard error: the JSON a script reads, as it always
 * was (main's English `message` and `hint`, the facts in `details`), plus, in a shell whose language is
 * German, French or Spanish (cli-language.ts), `said`: the same error in that language, as the desk
 * words it (shared/errors-wording.ts), or the CLI's own errors from its catalogue (cliSaid). An error
 * neither words gets no `said`: its `message` is all there is. An English shell gets the JSON exactly as before.
 */
export function errorForCli(error: AppErrorData, language: Language): AppErrorData & { said?: CliErrorSaid } {
  if (language === 'en') return error
  const values = {
    ...consoleNameValues(error.details, new Translator(language, common[language])),
    ...timesIn(error, language)
  }
  const said = sayError(error, wordsIn(language), values, english)
  if (!said.english)
    return { ...error, said: { language, message: said.message, ...(said.hint ? { hint: said.hint } : {}) } }
  const own = cliSaid(error, language)
  return own ? { ...error, said: own } : error
}

/**
 * The errors the CLI itself raises that the desk's catalogue does not word (no console in the folder,
 * input that does not fit a channel's schema): worded from the CLI's own catalogue (messages/cli).
 */
export const CLI_WORDED: ReadonlySet<string> = new Set(['NO_CONSOLE_IN_FOLDER', 'INVALID_INPUT'])

function cliSaid(error: AppErrorData, language: Language): CliErrorSaid | undefined {
  if (!error.code || !CLI_WORDED.has(error.code)) return undefined
  const words = cliWords(language)
  const code = error.code as 'NO_CONSOLE_IN_FOLDER' | 'INVALID_INPUT'
  const issues = (error.details?.['issues'] ?? []) as { path?: unknown[] }[]
  const fields = [...new Set(issues.map((i) => (i.path ?? []).join('.')).filter(Boolean))].join(', ') || '—'
  const values = { folder: String(error.details?.['folder'] ?? ''), fields }
  return {
    language,
    message: words.t(`error.${code}.message`, values),
    hint: words.t(`error.${code}.hint`, values)
  }
}

/**
 * A time main gave as facts (`startedAt`, its words' `since`), written in the CLI's language: main's
 * English writes it in the shell's locale, the person's language writes it in theirs.
 */
function timesIn(error: AppErrorData, language: Language): MessageValues | undefined {
  const at = error.details?.['startedAt']
  if (typeof at !== 'string' || Number.isNaN(new Date(at).getTime())) return undefined
  return { since: formats(language).dateTime(new Date(at)) }
}
