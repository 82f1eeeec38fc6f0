/**
 * How a person is named on every screen, export, audit line and CLI table — one rule, so the same
 * person reads the same on Cards, PINs, Touch Passes, Visitors, the kiosk and the Audit: the
 * console's whole name when it gives one (a user's `full_name`, a card holder's `name`), else the
 * first and last name joined by one space, trimmed — or, both written in a CJK script, family name first
 * with no space (王伟), as their owner writes them. Empty when the console gives no name at all:
 * what stands in then (an email, the id, "this user") is the caller's, since it differs by place.
 * Plain values only (no zod): screens import it before their first paint.
 */
export interface NamedPerson {
  full_name?: string | null
  name?: string | null
  first_name?: string | null
  last_name?: string | null
}

/** Written in a CJK script only (Han, kana, Hangul), as Chinese, Japanese and Korean names are. */
const CJK_ONLY = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC\u3005]+$/u

export function personName(p: NamedPerson): string {
  const whole = (p.full_name || p.name || '').trim()
  if (whole) return whole
  const first = (p.first_name ?? '').trim()
  const last = (p.last_name ?? '').trim()
  // A name in a CJK script is written as its owner writes it: family name first, no space (王伟 for 伟 王).
  if (first && last && CJK_ONLY.test(first) && CJK_ONLY.test(last)) return `${last}${first}`
  return [first, last].filter(Boolean).join(' ')
}
