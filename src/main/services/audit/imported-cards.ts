import type { AuditImportedCard, AuditRow } from '../../../shared/audit/schemas'
import { filterNeedles, nfcSearchText } from '../../../shared/nfc/card-number'

/**
 * One card an import sent as the search finds it (lower case): its NFC ID as sent and in every form
 * Cards finds a card by (nfcSearchText: both byte orders, hex and decimal, so the card's number too),
 * its alias, and the number the console holds it by once read (a console that numbers cards otherwise).
 */
function cardWords(card: AuditImportedCard): string {
  return `${card.nfcId}\u0000${nfcSearchText(card.nfcId)}\u0000${card.alias ?? ''}\u0000${card.number ?? ''}`.toLowerCase()
}

/** An import's cards as the audit search finds its row by them. */
export function importedCardWords(row: AuditRow): string[] {
  return (row.importedCards ?? []).map(cardWords)
}

/**
 * A row as a page of the Audit carries it: an import's cards (500 a part) only where the filter's
 * text found them, so the screen can say which card matched and a page of imports stays small. The
 * CSV export names every card.
 */
export function rowForPage(row: AuditRow, text: string | undefined): AuditRow {
  if (!row.importedCards) return row
  const { importedCards, ...rest } = row
  const needles = filterNeedles(text ?? '')
  if (!needles.length) return rest
  const found = importedCards.filter((card) => needles.some((needle) => cardWords(card).includes(needle)))
  return found.length ? { ...rest, importedCards: found } : rest
}
