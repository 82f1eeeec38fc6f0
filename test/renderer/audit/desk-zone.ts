/**
 * Imported first by the times test: the desk is in New York, so a time written in UTC and one in
 * the desk's zone differ by hours. Set before local-time.ts makes its formats (they read the zone then).
 */
export const previousTz = process.env.TZ
process.env.TZ = 'America/New_York'
