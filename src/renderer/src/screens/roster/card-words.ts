import type { RowOutcome } from '../../../../shared/roster/run'
import type { CardPlan, PlanRow } from '../../../../shared/roster/sheet'
import { rt } from './roster-text'

/*
 * How the roster names a row's card, in the plan (PlanStep, PlanRowPanel) and in the results
 * (ResultsStep) alike. A plain module (no Svelte state): the roster's unit tests run a roster against
 * the demo console and read these words for the same rows.
 */

/**
 * The one way the roster names a card, in the plan and in the results alike: the NFC ID as the file gave
 * it (what the person can find in their file's cell), with the console's display ID beside it once it is
 * known and says something else ("7B000000 (display ID 2063597568)"). A card with no file value (one
 * enrolled on the line) is named by its display ID alone.
 */
export function cardIdWords(nfcId: string | undefined, displayId: string | undefined): string {
  if (!nfcId) return displayId ?? ''
  if (!displayId || displayId.toUpperCase() === nfcId.toUpperCase()) return nfcId
  return rt('card.withNumber', { card: nfcId, displayId })
}

/** What a row's card will be, in words. */
export function cardWords(card: CardPlan): string {
  switch (card.kind) {
    case 'none':
      return '—'
    case 'existing':
      return rt('card.existing', { card: cardIdWords(card.nfcId, card.displayId) })
    case 'import':
      return rt('card.import', { card: cardIdWords(card.nfcId, undefined) })
    case 'batch':
      return rt('card.batch', { card: cardIdWords(card.nfcId, card.displayId) })
    case 'enroll':
      return rt('card.enroll')
  }
}

/**
 * A results row's card: the card given, named as the plan named it (the file's NFC ID) with the console's
 * display ID beside it, so a row is matched to its file's cell; a card whose steps were all skipped
 * was never made nor given, so the row says what was kept, never the plan's "New card 04…"; before the
 * run (or while a step is failed or to check), the plan's card.
 */
export function resultCardWords(row: PlanRow, outcome: RowOutcome | undefined): string {
  if (outcome?.cardDisplayId) return cardIdWords(fileNfcId(row.card), outcome.cardDisplayId)
  const card = outcome?.steps.filter((s) => s.step === 'card-import' || s.step === 'card-assign') ?? []
  if (card.length > 0 && card.every((s) => s.state === 'skipped')) return rt('card.kept')
  return cardWords(row.card)
}

/** The NFC ID the row's file gave for its card, if it gave one (an enrolled card has none). */
function fileNfcId(card: CardPlan): string | undefined {
  return card.kind === 'existing' || card.kind === 'import' || card.kind === 'batch' ? card.nfcId : undefined
}
