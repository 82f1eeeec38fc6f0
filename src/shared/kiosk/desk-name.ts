/**
 * The desk visitors are sent to, as the kiosk settings keep it: '' until someone names it, and the
 * kiosk then says its own words for it in the visitor's language ("den Empfang", "la recepción");
 * a name typed is said as typed. Main's English messages say ENGLISH_DESK_NAME for the default.
 */
export const ENGLISH_DESK_NAME = 'the reception desk'

/**
 * The name the person typed, or '' for none. Settings saved before kept the English default as text
 * (Settings → Kiosk then showed it as a French desk's value): exactly that reads as the default.
 */
export function typedDeskName(stored: string | undefined): string {
  const name = (stored ?? '').trim()
  return name === ENGLISH_DESK_NAME ? '' : name
}

/** The desk as main's English says it. */
export const englishDeskName = (stored: string | undefined) => typedDeskName(stored) || ENGLISH_DESK_NAME
