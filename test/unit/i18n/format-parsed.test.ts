import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { formatParsed } from '../../../src/shared/i18n/format-parsed'
import { Translator } from '../../../src/shared/i18n/translator'

const today = JSON.parse(readFileSync(join(process.cwd(), 'src/shared/i18n/messages/today/en.json'), 'utf8')) as Record<
  string,
  string
>

/** Every placeholder Today's messages take, with values that reach each plural branch. */
const valueSets = [0, 1, 2, 1234].map((n) => ({
  count: n,
  total: n + 1,
  cards: n,
  seconds: n * 15,
  time: '10:42:05',
  service: 'Access Desk’s service is not answering',
  asOf: '10:42',
  reason: 'the token may not open notifications',
  since: '10:40:00',
  lastAt: '10:41:00',
  message: 'No answer.',
  up: '↑',
  down: '↓',
  enter: 'Enter',
  open: 'O',
  print: 'P',
  walkIn: 'W',
  find: '/',
  name: 'Ann Berg',
  readBack: n ? ' (PIN 1234)' : '',
  doors: 'Lobby',
  date: '28 Nov',
  printer: 'QL-820',
  error: 'Out of labels',
  key: 'view:visitor',
  held: '2 cards',
  day: 'Mon, Nov 30',
  column: 'Column D',
  said: 'nfc_id format error',
  permission: 'view:device',
  minVersion: '1.20.11',
  status: 502,
  code: 1008,
  detail: 'connect ECONNREFUSED'
}))

describe('the English formatter (no intl-messageformat on an English desk’s first paint)', () => {
  it('writes every Today message as intl-messageformat does, parsed or as text, in every plural branch', () => {
    const translator = new Translator('en', today)
    for (const [key, text] of Object.entries(today))
      for (const values of valueSets) {
        const expected = translator.t(key, values)
        expect(formatParsed(parse(text), 'en', values), key).toBe(expected)
        expect(formatParsed(text, 'en', values), key).toBe(expected)
      }
  })

  it('counts with =n, offsets and selects as intl-messageformat does, in another locale too', () => {
    const message = '{g, select, a {A} other {B}}: {n, plural, offset:1 =0 {none} one {# more} other {# more}}'
    for (const locale of ['en', 'de'])
      for (const n of [0, 1, 2, 2001])
        for (const g of ['a', 'z'])
          expect(formatParsed(message, locale, { n, g })).toBe(
            new Translator(locale as 'en', { m: message }).t('m', { n, g })
          )
  })

  it('refuses what it does not write (a date) rather than writing it differently', () => {
    expect(() => formatParsed('{d, date, short}', 'en', { d: 1 })).toThrow(/not supported/)
    expect(() => formatParsed('{n, number, percent}', 'en', { n: 1 })).toThrow(/not supported/)
  })
})

/** Each argument of a message: a number for plurals and numbers, the options of a select, else text. */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, string[] | 'number' | 'text'>()) {
  for (const el of elements) {
    if (el.type === TYPE.plural || el.type === TYPE.number) into.set(el.value, 'number')
    else if (el.type === TYPE.select) into.set(el.value, [...Object.keys(el.options), 'none of those'])
    else if (el.type === TYPE.argument && !into.has(el.value)) into.set(el.value, 'text')
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) argumentsOf(option.value, into)
  }
  return into
}

/** Values reaching every branch: each count in 0, 1, 2, 1234 with each select's every option. */
function valueSetsOf(args: Map<string, string[] | 'number' | 'text'>) {
  const sets: Record<string, string | number>[] = []
  const selects = [...args].filter(([, kind]) => Array.isArray(kind)) as [string, string[]][]
  const widest = Math.max(1, ...selects.map(([, options]) => options.length))
  for (const n of [0, 1, 2, 1234])
    for (let i = 0; i < widest; i++) {
      const values: Record<string, string | number> = {}
      for (const [name, kind] of args)
        values[name] = kind === 'number' ? n : kind === 'text' ? `‹${name}›` : kind[i % kind.length]!
      sets.push(values)
    }
  return sets
}

describe('every English message of every area is written as intl-messageformat writes it', () => {
  // An English desk's words are formatParsed's (lib/i18n/area-words): held to the Translator, every branch.
  const dir = join(process.cwd(), 'src/shared/i18n/messages')
  for (const area of readdirSync(dir))
    it(`the ${area} area`, () => {
      const english = JSON.parse(readFileSync(join(dir, area, 'en.json'), 'utf8')) as Record<string, string>
      const translator = new Translator('en', english)
      for (const [key, text] of Object.entries(english))
        for (const values of valueSetsOf(argumentsOf(parse(text))))
          expect(formatParsed(parse(text), 'en', values), `${area} ${key}`).toBe(translator.t(key, values))
    })
})
