/**
 * The one text matcher of every search by name (the kiosk, Visitors, Today, Badges): accents and
 * case are ignored, and the words typed may come in any order ("Wang Wei" finds Wei Wang, a name
 * written family name first). A search screen filters with `matchesSearch`; the kiosk, which must
 * not let anyone list who is expected, keeps its stricter whole-name rule on the same `searchWords`.
 */

/** Accents dropped (NFKD, marks removed) and lower case: "Zoë" → "zoe", "Ｚｏｅ" → "zoe". */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The folded words of a text, punctuation as spaces: "José  O'Neil" → ["jose", "o", "neil"]. */
export function searchWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/**
 * The words of a record, folded once: a list filtered on every key typed (Today's thousands of rows)
 * folds each record once, not once per key.
 */
export interface SearchRecord {
  /** The name's words. */
  words: string[]
  /** Each other field's words (company, host): what is typed is looked for in one field at a time. */
  more: string[][]
  /** Each name written together, in either order ("王伟" for 伟 王): a name typed without spaces. */
  joined: string[]
}

/**
 * A record to search: `names` are the parts of the name in order ([first, last], or the words of a
 * full name), `more` anything else the search finds it by (company, host).
 */
export function searchRecord(names: readonly string[], more: readonly string[] = []): SearchRecord {
  const parts = names.map(searchWords).filter((w) => w.length > 0)
  const joined = parts.length === 0 ? [] : [parts.flat().join(''), [...parts].reverse().flat().join('')]
  return { words: parts.flat(), more: more.map(searchWords).filter((w) => w.length > 0), joined }
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

function prefixesOf(want: readonly string[], words: readonly string[]): boolean {
  if (want.length > words.length) return false
  const free = [...words]
  // Longer words first: "an ana" must give "ana" the word it needs before "an" takes it.
  for (const w of [...want].sort((a, b) => b.length - a.length)) {
    const i = free.findIndex((f) => f.startsWith(w))
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
