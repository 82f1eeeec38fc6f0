/** Words for a device bundle's fields (spec 2.6). */

/** The wallet a pass was added to (`source`). */
export function walletLabel(source: string): string {
  if (source === 'apple') return 'Apple Wallet'
  if (source === 'google') return 'Google Wallet'
  return source || 'Not given'
}

/**
 * `device_type` is a number whose meanings UniFi does not publish (facts 7: "device_type codes"
 * are not stated; the only sample is 20 on a Google bundle). Guessing would mislabel devices, so
 * the code is shown as a code; the device's name and wallet say what it is.
 */
export function deviceTypeLabel(code: number | undefined): string {
  return code === undefined ? 'Not given' : `type ${code}`
}

/** A device's status on the pass (`bundle_status`: ACTIVE or SUSPENDED in responses, spec 2.6). */
export function bundleStatusLabel(status: string): string {
  if (status === 'ACTIVE') return 'Opens doors'
  if (status === 'SUSPENDED') return 'Suspended'
  return status || 'Not given'
}
