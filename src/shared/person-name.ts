/**
 * How a person is named on every screen, export, audit line and CLI table — one rule, so the same
 * person reads the same on Cards, PINs, Touch Passes, Visitors, the kiosk and the Audit: the
 * console's whole name when it gives one (a user's `full_name`, a card holder's `name`), else the
 * first and last name joined by one space, trimmed. Empty when the console gives no name at all:
 * what stands in then (an email, the id, "this user") is the caller's, since it differs by place.
 * Plain values only (no zod): screens import it before their first paint.
 */
export interface NamedPerson {
  full_name?: string | null
  name?: string | null
  first_name?: string | null
  last_name?: string | null
}

export function personName(p: NamedPerson): string {
  const whole = (p.full_name || p.name || '').trim()
  if (whole) return whole
  return [p.first_name, p.last_name]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ')
}
