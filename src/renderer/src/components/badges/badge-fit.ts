/**
 * A long name, company or host must never push the QR code off the badge (the label is cut at its edge:
 * a badge with no code opens no door). The on-screen badge, and the page the browser or the desktop app
 * prints from it, are fitted by the one rule main's badge PDF uses too (shared/badges/badge-fit-rule.ts):
 * the type as large as leaves the code its room under the text (its full size while the type stays at
 * 70 % or more, else smaller but never under 20 mm) or, on the landscape insert, the text within the
 * label; the whole name with no word broken inside. Measured in the badge's own layout (a copy laid out
 * off screen when the badge itself is not shown, as the print copy is not), set as two custom properties
 * the stylesheet reads (`--fit`, `--qr-size`), through the CSSOM the strict style policy allows.
 */
import { FIT_STEPS, QR_MIN_MM, chooseFit } from '../../../../shared/badges/badge-fit-rule'

const PX_PER_MM = 96 / 25.4
const QR_MIN = QR_MIN_MM * PX_PER_MM

export interface BadgeFit {
  fit: number
  /** The QR code's side in px when smaller than the stock's own; null: the stock's own. */
  qr: number | null
}

export function fitBadge(article: HTMLElement): BadgeFit {
  const shown = article.getClientRects().length > 0
  const probe = shown ? article : (article.cloneNode(true) as HTMLElement)
  const holder = shown ? null : document.createElement('div')
  if (holder) {
    holder.className = 'badge-fit-probe'
    holder.append(probe)
    document.body.append(holder)
  }
  try {
    const chosen = measure(probe)
    set(article, chosen)
    return chosen
  } finally {
    holder?.remove()
  }
}

function measure(badge: HTMLElement): BadgeFit {
  const text = badge.querySelector<HTMLElement>('.b-text')
  const name = badge.querySelector<HTMLElement>('.b-name')
  const code = badge.querySelector<HTMLElement>('.b-qr, .b-qr-missing')
  if (!text || !name || !code) return { fit: 1, qr: null }
  set(badge, { fit: 1, qr: null })
  badge.classList.add('fitting')
  const qrFull = code.getBoundingClientRect().width
  const landscape = badge.classList.contains('stock-4x3in')
  const style = getComputedStyle(badge)
  const bottom = badge.getBoundingClientRect().bottom - (parseFloat(style.paddingBottom) || 0)
  const gap = landscape ? 0 : parseFloat(style.rowGap) || 0
  const tries = FIT_STEPS.map((scale) => {
    badge.style.setProperty('--fit', String(scale))
    return {
      scale,
      fits: name.scrollWidth <= name.clientWidth + 0.5,
      qrRoom: bottom - text.getBoundingClientRect().bottom - gap
    }
  })
  badge.classList.remove('fitting')
  // The one rule of the badge's text and its code (shared/badges/badge-fit-rule), on the browser's layout.
  const chosen = chooseFit(tries, landscape ? 0 : qrFull, landscape ? 0 : QR_MIN)
  const side = landscape ? qrFull : Math.max(QR_MIN, Math.min(qrFull, chosen.qrRoom))
  return { fit: chosen.scale, qr: side < qrFull - 0.5 ? side : null }
}

function set(badge: HTMLElement, { fit, qr }: BadgeFit): void {
  badge.style.setProperty('--fit', String(fit))
  if (qr === null) badge.style.removeProperty('--qr-size')
  else badge.style.setProperty('--qr-size', `${qr.toFixed(1)}px`)
}
