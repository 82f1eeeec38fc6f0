import type kioskEn from './messages/kiosk/en.json'
import type badgeEn from './messages/badge/en.json'
import type languageEn from './messages/language/en.json'
import type exportsEn from './messages/exports/en.json'
import type cliEn from './messages/cli/en.json'
import type inputEn from './messages/input/en.json'
import type todayEn from './messages/today/en.json'
import type visitorFormEn from './messages/visitorForm/en.json'
import type badgesEn from './messages/badges/en.json'
import type commonEn from './messages/common/en.json'
import type visitorsEn from './messages/visitors/en.json'
import type shellEn from './messages/shell/en.json'
import type errorsEn from './messages/errors/en.json'

/**
 * The catalogue's areas: one per screen or part that loads its words on its own (the kiosk, the
 * badge, the language field). A screen moved onto the catalogue adds its area here and its files in
 * messages/<area>/<language>.json; the renderer then loads only that area, only in the language shown.
 */
export interface AreaKeys {
  kiosk: keyof typeof kioskEn
  badge: keyof typeof badgeEn
  language: keyof typeof languageEn
  /** Main's: the headers (and yes/no cells) of the CSV files the desk exports. */
  exports: keyof typeof exportsEn
  /** The CLI's human-readable table (`--table`). */
  cli: keyof typeof cliEn
  /** What a typed date that cannot be read says (shared/format/parse-date.ts). */
  input: keyof typeof inputEn
  /** The Today screen and the kiosk check-ins it shows. */
  today: keyof typeof todayEn
  /** The visitor form (Today's walk-in, Visitors' new and edit): fields, doors, weekly schedule. */
  visitorForm: keyof typeof visitorFormEn
  /** The Badges screen the desk prints a badge from (the badge itself is area badge). */
  badges: keyof typeof badgesEn
  /** Words every screen's shared parts say: an error's Try again, a form's Cancel, a send button's off reason. */
  common: keyof typeof commonEn
  /** The Visitors screen: list, details, credentials panel, cancel dialog, an edit's conflict rows. */
  visitors: keyof typeof visitorsEn
  /**
   * The desk's frame and the parts its screens share: the sidebar (screen names, the console's connection
   * line), the pager, the missing-permission notes, the search picker's hint.
   */
  shell: keyof typeof shellEn
  /** Main's errors by code (shared/errors-wording.ts says which key), worded in the desk's or the kiosk visitor's language. */
  errors: keyof typeof errorsEn
}
export type Area = keyof AreaKeys
export const AREAS: readonly Area[] = [
  'kiosk',
  'badge',
  'language',
  'exports',
  'cli',
  'input',
  'today',
  'visitorForm',
  'badges',
  'common',
  'visitors',
  'shell',
  'errors'
]
