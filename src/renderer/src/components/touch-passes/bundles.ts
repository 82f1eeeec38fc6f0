import type { PassWords } from './pass-words'

/** Words for a device bundle's fields (spec 2.6), in the screen's language (`m`). */

/**
 * The wallet a pass was added to (`source`): the wallets' own names are not translated; any other the
 * console sends is its own word, as given, labelled as the console's words (as bundleStatusLabel's).
 */
export function walletLabel(source: string, m: PassWords): string {
  if (source === 'apple') return 'Apple Wallet'
  if (source === 'google') return 'Google Wallet'
  return source ? m.t('wallet.other', { source }) : m.t('wallet.notGiven')
}

/**
 * `device_type` is a number whose meanings UniFi does not publish (facts 7: "device_type codes"
 * are not stated; the only sample is 20 on a Google bundle). Guessing would mislabel devices, so
 * the code is shown as a code; the device's name and wallet say what it is.
 */
export function deviceTypeLabel(code: number | undefined, m: PassWords): string {
  return code === undefined ? m.t('wallet.notGiven') : m.t('deviceType.code', { code: String(code) })
}

/**
 * A device's status on the pass (`bundle_status`: ACTIVE or SUSPENDED in responses, spec 2.6); any other
 * the console sends is its own code, as given, labelled as the console's words.
 */
export function bundleStatusLabel(status: string, m: PassWords): string {
  if (status === 'ACTIVE') return m.t('bundle.ACTIVE')
  if (status === 'SUSPENDED') return m.t('bundle.SUSPENDED')
  return status ? m.t('bundle.other', { status }) : m.t('wallet.notGiven')
}
