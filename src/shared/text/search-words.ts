/**
 * The one text matcher of every search by name (the kiosk, Visitors, Today, Badges): accents and
 * case are ignored, and the words typed may come in any order ("Wang Wei" finds Wei Wang, a name
 * written family name first). A search screen filters with `matchesSearch`; the kiosk, which must
 * not let anyone list who is expected, keeps its stricter whole-name rule on the same words
 * (`wordForms`, `sameWord`).
 *
 * A name is found as it is written on a keyboard without its letters: "ss" for ß ("Weiss" finds Weiß),
 * "ue", "oe", "ae" for ü, ö, ä as German writes them ("Mueller" finds Müller, as "Muller" does), and the
 * letters that carry no accent to drop spelt plainly (ø → o, æ → ae, ł → l, đ → d, þ → th).
 */

/** Letters that Unicode does not split into a letter and a mark, as a keyboard without them types them. */
const PLAIN: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  ø: 'o',
  Ø: 'o',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŧ: 't',
  Ŧ: 't'
}
const PLAIN_LETTERS = new RegExp(`[${Object.keys(PLAIN).join('')}]`, 'gu')

/** Accents dropped (NFKD, marks removed) and lower case: "Zoë" → "zoe", "Ｚｏｅ" → "zoe", "Weiß" → "weiss". */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(PLAIN_LETTERS, (c) => PLAIN[c]!)
    .toLowerCase()
}

/** The folded words of a text, punctuation as spaces: "José  O'Neil" → ["jose", "o", "neil"]. */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/** ä, ö, ü (one letter, or a vowel and its diaeresis) written ae, oe, ue, as German writes them without. */
function germanSpelling(text: string): string {
  return text.normalize('NFD').replace(/([aouAOU])\u0308/g, (_, vowel: string) => `${vowel}e`)
}

/**
 * The ways each word of a record's text is typed, folded: ["muller", "mueller"] for Müller, one form for
 * a word without ä, ö or ü. What is typed is folded once (`searchWords`) and found when it is one of them.
 */
export function wordForms(text: string): string[][] {
  const plain = searchWords(text)
  const german = searchWords(germanSpelling(text))
  // The German spelling only adds letters inside words: the two lists have the same words in the same order.
  if (german.length !== plain.length) return plain.map((w) => [w])
  return plain.map((w, i) => (german[i] === w ? [w] : [w, german[i]!]))
}

/** Whether a word typed is the record's word (one of its forms). */
export function sameWord(typed: string, forms: readonly string[]): boolean {
  return forms.includes(typed)
}

/** Every way a name's words are written together (each word in each of its forms). */
function writtenTogether(parts: readonly (readonly string[][])[]): string[] {
  const words = parts.flat()
  let out = ['']
  for (const forms of words) out = out.flatMap((head) => forms.map((f) => head + f))
  // A name of many ä/ö/ü words: its plain and German spellings only, not every mix.
  return out.length > 16 ? [...new Set([words.map((f) => f[0]).join(''), words.map((f) => f.at(-1)).join('')])] : out
}

/**
 * The words of a record, folded once: a list filtered on every key typed (Today's thousands of rows)
 * folds each record once, not once per key.
 */
export interface SearchRecord {
  /** The name's words, each in the forms it is typed in (`wordForms`). */
  words: string[][]
  /** Each other field's words (company, host): what is typed is looked for in one field at a time. */
  more: string[][][]
  /** Each name written together, in either order ("王伟" for 伟 王): a name typed without spaces. */
  joined: string[]
}

/**
 * A record to search: `names` are the parts of the name in order ([first, last], or the words of a
 * full name), `more` anything else the search finds it by (company, host).
 */
export function searchRecord(names: readonly string[], more: readonly string[] = []): SearchRecord {
  const parts = names.map(wordForms).filter((w) => w.length > 0)
  const joined =
    parts.length === 0 ? [] : [...new Set([...writtenTogether(parts), ...writtenTogether([...parts].reverse())])]
  return { words: parts.flat(), more: more.map(wordForms).filter((w) => w.length > 0), joined }
}

/**
 * Whether what was typed finds the record: every word typed starts a word of one field — the name, or
 * the company, or the host — each word used once ("rosa rosa" does not find Rosa Jensen), in any order;
 * or, typed as one word, it starts the name written together (王伟, 王 for 伟 王). Words are not mixed
 * across fields: "Ben Okafor" finds Ben Okafor, not Ben Rossi hosted by Ada Okafor. Nothing typed finds
 * every record (a blank search shows the whole list).
 */
export function matchesSearch(typed: string | readonly string[], record: SearchRecord): boolean {
  const want = typeof typed === 'string' ? searchWords(typed) : typed
  if (want.length === 0) return true
  if (prefixesOf(want, record.words) || record.more.some((field) => prefixesOf(want, field))) return true
  const together = want.join('')
  return record.joined.some((name) => name.startsWith(together))
}

function prefixesOf(want: readonly string[], words: readonly string[][]): boolean {
  if (want.length > words.length) return false
  const free = [...words]
  // Longer words first: "an ana" must give "ana" the word it needs before "an" takes it.
  for (const w of [...want].sort((a, b) => b.length - a.length)) {
    const i = free.findIndex((forms) => forms.some((f) => f.startsWith(w)))
    if (i < 0) return false
    free.splice(i, 1)
  }
  return true
}

/** A visitor as the name searches find them: first and last name, any order, accents and case ignored. */
export function matchesVisitorName(
  typed: string | readonly string[],
  v: { first_name: string; last_name: string }
): boolean {
  return matchesSearch(typed, searchRecord([v.first_name, v.last_name]))
}
