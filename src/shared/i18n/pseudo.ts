import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { Catalogue } from './translator'
import { tokenMenuPath } from './token-menu-path'

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  c: 'ç',
  n: 'ñ',
  y: 'ý',
  s: 'š',
  z: 'ž',
  g: 'ğ',
  A: 'Å',
  E: 'É',
  I: 'Î',
  O: 'Ö',
  U: 'Ü',
  C: 'Ç',
  N: 'Ñ',
  Y: 'Ý',
  S: 'Š',
  Z: 'Ž',
  G: 'Ğ'
}
/** Words the padding is made of: spaces let it wrap as a real translation would. */
const FILLER = 'ļőŕéɱ ïƥšûɱ ðőļőŕ šïţ áɱéţ ćőñšéćţéţûŕ áðïƥïšćïñğ éļïţ '

const accent = (text: string) => [...text].map((c) => ACCENTED[c] ?? c).join('')

function literalLength(elements: MessageFormatElement[]): number {
  let n = 0
  for (const el of elements) {
    if (el.type === TYPE.literal) n += el.value.length
    else if (el.type === TYPE.plural || el.type === TYPE.select)
      n += Math.max(...Object.values(el.options).map((o) => literalLength(o.value)))
    else if (el.type === TYPE.tag) n += literalLength(el.children)
    // The console's menu path is text of the message, filled by the Translator (token-menu-path.ts).
    else if (el.type === TYPE.argument && el.value === 'tokenPath') n += tokenMenuPath.en.length
    else n += 4
  }
  return n
}

function accentAll(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((el) => {
    if (el.type === TYPE.literal) return { ...el, value: accent(el.value) }
    if (el.type === TYPE.plural || el.type === TYPE.select)
      return {
        ...el,
        options: Object.fromEntries(
          Object.entries(el.options).map(([k, o]) => [k, { ...o, value: accentAll(o.value) }])
        )
      }
    if (el.type === TYPE.tag) return { ...el, children: accentAll(el.children) }
    return el
  })
}

/**
 * One message in the pseudo-locale: its text accented and ~40 % longer (and at least 3 characters),
 * its placeholders and plurals untouched, so it formats exactly as the English does.
 */
function pseudoMessage(message: string | MessageFormatElement[]): MessageFormatElement[] {
  // The renderer's catalogues come parsed by the build (no parser in the tab); main's and the tests' as text.
  const elements = typeof message === 'string' ? parse(message) : message
  const extra = Math.max(3, Math.ceil(literalLength(elements) * 0.4))
  const padding = FILLER.repeat(Math.ceil(extra / FILLER.length)).slice(0, extra)
  return [...accentAll(elements), { type: TYPE.literal, value: ` ${padding}`.trimEnd() }]
}

/** The pseudo-locale's catalogue, generated from the English one (never written by hand). */
export function pseudoCatalogue(english: Catalogue): Catalogue {
  return Object.fromEntries(Object.entries(english).map(([key, message]) => [key, pseudoMessage(message)]))
}
