/**
 * Label stock a badge is printed on. Sizes are the printable label in millimetres, portrait unless
 * the stock is wider than tall. The renderer sizes the preview and its `@page` from these; main
 * hands the same size to Electron's printer (microns) and PDF writer (inches).
 */
export const badgeStocks = {
  'dk-11202': { label: 'Brother DK-11202 (62 × 100 mm)', widthMm: 62, heightMm: 100 },
  'dymo-30256': { label: 'DYMO 30256 (59 × 102 mm)', widthMm: 59, heightMm: 102 },
  '4x3in': { label: '4 × 3 in badge insert', widthMm: 101.6, heightMm: 76.2 },
  a6: { label: 'A6 (105 × 148 mm)', widthMm: 105, heightMm: 148 }
} as const

export const badgeStockIds = Object.keys(badgeStocks) as [BadgeStockId, ...BadgeStockId[]]
export type BadgeStockId = keyof typeof badgeStocks
