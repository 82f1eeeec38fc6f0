/**
 * How many characters each free-text field takes: the app's own limits (the console's reference states
 * none for these names, `docs/access-api-facts.md`), kept to what a badge, a list row and the console's
 * own screens show whole. One constant per limit: main's zod schema refuses a longer value with it, and
 * the form that edits the field says it (lib/field-limit.svelte.ts), so the two never disagree.
 */
export const SITE_NAME_MAX = 80
export const KIOSK_DESK_NAME_MAX = 80
export const KIOSK_DIRECTIONS_MAX = 300
export const PRINTER_NAME_MAX = 80
export const CARD_ALIAS_MAX = 100
export const TOUCH_PASS_NAME_MAX = 100
export const BATCH_NAME_MAX = 80
export const FLEET_QUERY_MAX = 200
