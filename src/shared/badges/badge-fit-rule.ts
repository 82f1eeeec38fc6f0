/**
 * How a badge's text gives way to its QR code, one rule for the badge PDF main prints
 * (services/printing/badge-pdf.ts, pdfkit's metrics) and the badge on screen and printed from the page
 * (components/badges/badge-fit.ts, the browser's layout): each measures the text at every step of
 * `FIT_STEPS` in its own medium, and `chooseFit` picks the step.
 */

/** The type's scales tried, largest first: 35 % is the smallest a badge is set in. */
export const FIT_STEPS = [1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.45, 0.4, 0.35]

/** The smallest QR code a door reader still reads. */
export const QR_MIN_MM = 20

/** One step measured: its scale, whether each word of the name fits the width, the room left for the code. */
export interface FitTry {
  scale: number
  fits: boolean
  qrRoom: number
}

/**
 * Readable type first: the code at its full size `qr` while the type stays at 70 % or more, else the code
 * at 70 % of its size (never under `qrMin`), else whatever type leaves the code `qrMin`, else the smallest
 * type. `qr` 0: the code stands beside the text (a landscape label), which only has to fit.
 */
export function chooseFit<T extends FitTry>(tries: readonly T[], qr: number, qrMin: number): T {
  const leaves = (side: number) => (t: T) => t.fits && t.qrRoom >= side
  return (
    tries.filter((t) => t.scale >= 0.7).find(leaves(qr)) ??
    tries.find(leaves(qr ? Math.max(qrMin, qr * 0.7) : 0)) ??
    tries.find(leaves(qr ? qrMin : 0)) ??
    tries.at(-1)!
  )
}
