import { badgeStocks, type BadgeStockId } from '../../../../shared/badges/label-stocks'

let sheet: CSSStyleSheet | undefined

/**
 * The printed page is the label: one `@page` rule for the chosen stock. A constructed stylesheet,
 * because the app's CSP allows no inline <style>.
 */
export function setBadgePageSize(stock: BadgeStockId | null): void {
  if (typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) return
  const others = document.adoptedStyleSheets.filter((s) => s !== sheet)
  if (!stock) {
    document.adoptedStyleSheets = others
    return
  }
  sheet ??= new CSSStyleSheet()
  const { widthMm, heightMm } = badgeStocks[stock]
  try {
    sheet.replaceSync(`@page { size: ${widthMm}mm ${heightMm}mm; margin: 0; }`)
  } catch {
    return
  }
  document.adoptedStyleSheets = [...others, sheet]
}

/** Moves the node to <body> so the print stylesheet can show it alone. */
export function portal(node: HTMLElement) {
  document.body.append(node)
  return { destroy: () => node.remove() }
}
