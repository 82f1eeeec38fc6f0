/** Whether the runtime knows this IANA time zone ("Europe/Berlin"): the audit CSV's times are written in it. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}
