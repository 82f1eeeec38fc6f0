import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { MessageValues } from './translator'
import { isLanguage } from './locales'
import { tokenMenuPath } from './token-menu-path'
import { numberFormat, pluralRules } from '../format/formats'

/**
 * A message formatted without intl-messageformat: text, `{name}`, `{n, number}`, plurals (`=n`,
 * `one`, `other`, `#`) and selects — how the renderer writes English (lib/i18n/area-words), so an
 * English desk's first paint carries its words but not the formatter (~4.5 kB gzip; the full
 * Translator comes with any other language's catalogue). It formats as intl-messageformat does
 * (test/unit/i18n/format-parsed.test.ts holds every English message of every area to it);
 * anything else (dates, styles, tags) is refused, loudly, rather than written differently.
 * A message given as text is parsed first (tests and Node; the build hands the tree, parsed).
 */
export function formatParsed(
  message: string | MessageFormatElement[],
  locale: string,
  values: MessageValues = {}
): string {
  const elements = typeof message === 'string' ? parse(message) : message
  // The console's menu path: one wording per language (token-menu-path.ts), as the Translator fills it.
  const language = locale.toLowerCase().split('-')[0]
  const tokenPath = tokenMenuPath[isLanguage(language) ? language : 'en']
  return format(elements, locale, { tokenPath, ...values }, null)
}

// The parser's element types (TYPE in @formatjs/icu-messageformat-parser), as numbers: importing its
// enum would bring the parser's code too.
const LITERAL = 0
const ARGUMENT = 1
const NUMBER = 2
const SELECT = 5
const PLURAL = 6
const POUND = 7

function format(elements: MessageFormatElement[], locale: string, values: MessageValues, pound: number | null): string {
  let out = ''
  for (const el of elements) {
    switch (el.type as number) {
      case LITERAL:
        out += (el as { value: string }).value
        break
      case POUND:
        if (pound !== null) out += numberFormat(locale).format(pound)
        break
      case ARGUMENT: {
        const value = valueOf(values, el)
        out += value === undefined ? '' : String(value)
        break
      }
      case NUMBER: {
        if ((el as { style?: unknown }).style) throw new Error('formatParsed: number styles are not supported')
        out += numberFormat(locale).format(Number(valueOf(values, el)))
        break
      }
      case SELECT: {
        const { options } = el as { options: Record<string, { value: MessageFormatElement[] }> }
        const chosen = options[String(valueOf(values, el))] ?? options['other']
        if (chosen) out += format(chosen.value, locale, values, pound)
        break
      }
      case PLURAL: {
        const plural = el as {
          options: Record<string, { value: MessageFormatElement[] }>
          offset?: number
          pluralType?: 'cardinal' | 'ordinal'
        }
        const n = Number(valueOf(values, el))
        const counted = n - (plural.offset ?? 0)
        const rule = pluralRules(locale, { type: plural.pluralType ?? 'cardinal' }).select(counted)
        const chosen = plural.options[`=${n}`] ?? plural.options[rule] ?? plural.options['other']
        if (chosen) out += format(chosen.value, locale, values, counted)
        break
      }
      default:
        throw new Error(`formatParsed: element type ${el.type} is not supported`)
    }
  }
  return out
}

function valueOf(values: MessageValues, el: MessageFormatElement): string | number | undefined {
  const name = (el as { value: string }).value
  if (!(name in values)) throw new Error(`formatParsed: no value for {${name}}`)
  return values[name]
}
