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
import type auditEn from './messages/audit/en.json'
import type consolesEn from './messages/consoles/en.json'
import type settingsEn from './messages/settings/en.json'
import type importEn from './messages/import/en.json'
import type rosterEn from './messages/roster/en.json'
import type enrollEn from './messages/enroll/en.json'
import type cardsEn from './messages/cards/en.json'
import type pinsEn from './messages/pins/en.json'
import type touchPassesEn from './messages/touchPasses/en.json'
import type errorsEn from './messages/errors/en.json'
import type startEn from './messages/start/en.json'

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
  /** The Audit screen: filter, rows (a card, a pass, a visit, a code in words), export, retention. */
  audit: keyof typeof auditEn
  /** The Consoles screen: every saved console's state and counts, the find across consoles. */
  consoles: keyof typeof consolesEn
  /** The Settings screen: connections (add, test, token, certificate) and the kiosk panel (kiosk.*); the language field has its own. */
  settings: keyof typeof settingsEn
  /** The Import screen: the CSV drop and preview, its batches, their rows, the upload and the USB reader. */
  import: keyof typeof importEn
  /** The Roster screen: the list of rosters, the mapping, plan, run and results steps, the enrollment line. */
  roster: keyof typeof rosterEn
  /** The Enroll screen: the readers, the enrollment's state, the card given to someone. */
  enroll: keyof typeof enrollEn
  /** The Cards screen: list, details, delete and take-back questions. */
  cards: keyof typeof cardsEn
  /** The PINs screen, and the Replace PIN question every screen asks (ReplacePinDialog). */
  pins: keyof typeof pinsEn
  /** The Touch Passes screen: list, details, buying and giving many. */
  touchPasses: keyof typeof touchPassesEn
  /** Main's errors by code (shared/errors-wording.ts says which key), worded in the desk's or the kiosk visitor's language. */
  errors: keyof typeof errorsEn
  /** The Start screen: the jobs people do with the desk, the screens each begins on, the console worked on. */
  start: keyof typeof startEn
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
  'audit',
  'consoles',
  'settings',
  'import',
  'roster',
  'enroll',
  'cards',
  'pins',
  'touchPasses',
  'errors',
  'start'
]
