import badgesEn from '../../../../shared/i18n/messages/badges/en.json'
import type { BadgeOutput, BadgeStockId } from '../../../../shared/badges/schemas'
import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'badges'> | null = null

/**
 * The Badges area's words for the parts that are not the Badges screen's own script: the printer panels,
 * the badge settings, and the plain helpers below that other screens ask (a label stock's name, where a
 * badge went). One instance for the app (an $effect.root, as visitorsWords); English bundled.
 */
export function badgesWords(): AreaMessages<'badges'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('badges', deskLanguage, badgesEn)))
  return shared!
}

/** A label stock as the desk names it ("4 × 3 in badge insert"), in the desk's language. */
export function stockName(stock: BadgeStockId): string {
  return badgesWords().t(`stock.${stock}`)
}

/**
 * Where a badge went, in the desk's language: the renderer's twin of shared/badges/output-words.ts
 * (main keeps that English one for the audit file). The browser's print dialog tells the app nothing of
 * what the person did in it: a badge handed to it is "sent to the print dialog", never "printed". Lower
 * case, to follow other words; `capitalised` (output-words.ts) for a cell of its own.
 */
export function badgeOutputWords(entry: { output: BadgeOutput; printer?: string | undefined }): string {
  const m = badgesWords()
  // The printer's name, as the printer lists name it; Electron's dialog with no printer chosen: the default.
  if (entry.output === 'printer') return entry.printer ?? m.t('output.defaultPrinter')
  return m.t(`output.${entry.output}`)
}
