import type { AuditCard, AuditImportedCard, AuditRow, AuditTouchPass, AuditVisit } from '../../../shared/audit/schemas'
import { formatLocal } from '../lib/local-time'
import { auditWords } from '../lib/i18n/audit-messages.svelte'
import { badgesWords } from '../lib/i18n/badge-output-words.svelte'
import { deskLanguage } from '../lib/i18n/desk-language.svelte'
import { deskErrorCatalogue, englishErrorCatalogue } from '../lib/i18n/error-words.svelte'
import { stateWord } from '../lib/i18n/state-words.svelte'
import { consoleName } from '../lib/i18n/console-name.svelte'
import { visitorsWords } from '../lib/i18n/visitors-messages.svelte'
import { visitorFieldNameIn } from '../../../shared/visitors/field-names'
import type { Words } from '../../../shared/i18n/translator'
import * as row from '../../../shared/audit/row-words'

export type { ShownWords } from '../../../shared/audit/row-words'

/**
 * The Audit screen's words for a row, in the desk's language: the one wording of a row
 * (shared/audit/row-words.ts), which main's CSV export and search use too, given the screen's reactive
 * catalogues. Read in markup, they follow a language switch.
 */
function rowWords(): row.RowWords {
  const fields = visitorsWords()
  const errors = deskErrorCatalogue()
  const english = englishErrorCatalogue()
  return {
    audit: auditWords(),
    badges: badgesWords(),
    field: (sent) => visitorFieldNameIn(sent, fields),
    state: stateWord,
    // A failed write's message is worded once both catalogues are in; until then it shows as recorded.
    errors:
      errors.ready && english.ready ? { words: errors as Words<string>, english: english as Words<string> } : undefined,
    english: deskLanguage.locale.startsWith('en'),
    consoleName
  }
}

/** A card as Cards writes it ("Card 100005 (Front desk) · NFC ID 04A23B1C · Ada Ng (user)"). */
export const cardWords = (card: AuditCard): string => row.cardWords(card, rowWords())

/** A card an import sent, as the CSV's line of it names it. */
export const importedCardWords = (card: AuditImportedCard): string => row.importedCardWords(card, rowWords())

/** A Touch Pass as Touch Passes names it, with its holder. */
export const touchPassWords = (pass: AuditTouchPass): string => row.touchPassWords(pass, rowWords())

/** Who did it: "Kiosk on lobby-pc", "Desk on vm (root)". */
export const deskWords = (desk: AuditRow['desk']): string => row.deskWords(desk, rowWords())

/** The row's target: its kind in the desk's language, the record's own name. */
export const targetWords = (target: AuditRow['target']): string => row.targetWords(target, rowWords())

/** A row's code in words (a transport code, a gateway's 5xx); the console's own code as it wrote it. */
export const codeWords = (code: string): string => row.codeWords(code, rowWords())

/** A row's detail from its facts; a row recorded before facts, labelled as recorded in English. */
export const detailCellWords = (r: Pick<AuditRow, 'facts' | 'recordedDetail'>): row.ShownWords[] =>
  row.detailCellWords(r, rowWords())

/** The outcome's sentence (row-words.ts messageWords). */
export const messageWords = (r: Pick<AuditRow, 'said' | 'message' | 'consoleMsg' | 'failure'>): row.ShownWords[] =>
  row.messageWords(r, rowWords())

/**
 * A console as the filter offers it: every name its rows carry (two profiles on one console, a
 * profile renamed), the current one first, and its address: "HQ view / Demo console (https://…)".
 */
export function consoleWords(c: { name: string; url: string; names?: string[] | undefined }): string {
  const names = [c.name, ...(c.names ?? []).filter((n) => n !== c.name)].map(consoleName)
  return `${names.join(' / ')} (${c.url || auditWords().t('console.noAddress')})`
}

/** The console a row's write went to, by the name it recorded, as the desk says it (lib/i18n/console-name). */
export const consoleNameWords = (c: AuditRow['console']): string => consoleName(c.name)

/** "Visit 12 Jan 2026, 09:00 → 12 Jan 2026, 17:00" in the desk's zone; one end when an edit sent one. */
export function visitWords(visit: AuditVisit): string {
  const { start, end } = visit
  const m = auditWords()
  if (start !== undefined && end !== undefined)
    return m.t('visit.range', { start: formatLocal(start), end: formatLocal(end) })
  if (start !== undefined) return m.t('visit.from', { time: formatLocal(start) })
  if (end !== undefined) return m.t('visit.until', { time: formatLocal(end) })
  return ''
}
