/**
 * A printer's media in plain words, from its PWG self-describing name (IPP `media-supported`):
 * "na_letter_8.5x11in" → "Letter (8.5 × 11 in)", "iso_a4_210x297mm" → "A4 (210 × 297 mm)",
 * "oe_dk-11202_62x100mm" → "62 × 100 mm". A printer's refusal says what it takes in these words,
 * never its raw keywords. Paper names and sizes read the same in the desk's four languages.
 */
const NAMED: Record<string, string> = {
  letter: 'Letter',
  legal: 'Legal',
  executive: 'Executive',
  ledger: 'Ledger',
  a3: 'A3',
  a4: 'A4',
  a5: 'A5',
  a6: 'A6',
  b5: 'B5',
  dl: 'DL',
  c5: 'C5'
}

export function mediaWords(keyword: string): string {
  const m = keyword.match(/^[a-z]+_([a-z0-9.-]+?)_(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)(mm|in)$/)
  if (!m) return keyword
  const [, name, w, h, unit] = m as unknown as [string, string, string, string, string]
  const size = `${w} × ${h} ${unit}`
  const named = NAMED[name.replace(/-.*$/, '')] ?? NAMED[name]
  return named ? `${named} (${size})` : size
}

/** Up to `max` of a printer's media in plain words, duplicates said once, as a list ("Letter (…), A4 (…)"). */
export function mediaListWords(keywords: readonly string[], max = 6): string {
  return [...new Set(keywords.map(mediaWords))].slice(0, max).join(', ')
}
