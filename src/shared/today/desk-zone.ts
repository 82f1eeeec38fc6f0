import { z } from 'zod'
import { isTimeZone } from '../format/formats'

/**
 * The desk's time zone (IANA; web mode: the browser's, which may not be the service's), carried by every
 * call whose answer depends on what "today" is (Today, the kiosk's search and check-in, Visitors' arrivals,
 * the Consoles overview): main's day is the desk's (main/services/today/desk-day.ts). The renderer sends it
 * with `inDeskZone` (renderer/src/lib/desk-zone.ts); none (the CLI): main's own zone.
 */
export const deskZoneSchema = z
  .string()
  .max(100)
  .refine(isTimeZone, { error: 'Unknown time zone: give an IANA name such as Europe/Berlin.' })
  .optional()

/** `timeZone`, the field each such call's input carries. */
export const deskZoneField = { timeZone: deskZoneSchema }
