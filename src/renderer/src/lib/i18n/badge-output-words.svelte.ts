import type { BadgeOutput, BadgeStockId } from '../../../../shared/badges/schemas'
import { AreaMessages } from './area-messages.svelte'
import { badgeOutputIn } from '../../../../shared/badges/output-words'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'badges'> | null = null

/**
 * The Badges area's words for the parts that are not the Badges screen's own script: the printer panels,
 * the badge settings, and the plain helpers below that other screens ask (a label stock's name, where a
 * badge went). One instance for the app (an $effect.root, as visitorsWords).
 */
export function badgesWords(): AreaMessages<'badges'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('badges', deskLanguage)))
  return shared!
}

/** A label stock as the desk names it ("4 × 3 in badge insert"), in the desk's language. */
export function stockName(stock: BadgeStockId): string {
  return badgesWords().t(`stock.${stock}`)
}

/** Where a badge went, in the desk's language (shared/badges/output-words.ts, the one naming of it). */
export function badgeOutputWords(entry: { output: BadgeOutput; printer?: string | undefined }): string {
  return badgeOutputIn(entry, badgesWords())
}
