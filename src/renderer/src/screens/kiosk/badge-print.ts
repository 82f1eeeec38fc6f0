/**
 * What the kiosk needs only to print a badge: its look, its page size, its QR image. One module the
 * kiosk loads when a visitor reaches "confirm", not before the welcome shows (issue 33: the kiosk's
 * first paint ≤ 80 kB gzip, bench/bundle-size.bench.ts, test/packaging/kiosk-first-paint.test.ts).
 */
export { default as BadgeView } from '../../components/badges/BadgeView.svelte'
export { portal, setBadgePageSize } from '../../components/badges/page-size'
export { base64ToBlob } from '../../lib/download'
