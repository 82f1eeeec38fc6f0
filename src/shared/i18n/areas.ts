import type kioskEn from './messages/kiosk/en.json'
import type badgeEn from './messages/badge/en.json'
import type languageEn from './messages/language/en.json'

/**
 * The catalogue's areas: one per screen or part that loads its words on its own (the kiosk, the
 * badge, the language field). A screen moved onto the catalogue adds its area here and its files in
 * messages/<area>/<language>.json; the renderer then loads only that area, only in the language shown.
 */
export interface AreaKeys {
  kiosk: keyof typeof kioskEn
  badge: keyof typeof badgeEn
  language: keyof typeof languageEn
}
export type Area = keyof AreaKeys
export const AREAS: readonly Area[] = ['kiosk', 'badge', 'language']
