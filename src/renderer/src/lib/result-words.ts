import type { AreaKeys } from '../../../shared/i18n/areas'
import type { MessageValues } from '../../../shared/i18n/translator'
import { commonWords } from './i18n/common-messages.svelte'
import { settingsWords } from './i18n/settings-messages.svelte'
import type { KeptOnSwitch } from './draft-kinds'

/**
 * One sentence of a result Settings keeps on screen ("The console accepted the new token…", "Saved
 * “Lab” and made it active.", "2 unsaved edits kept with Office."), kept as its message key and values:
 * a result stays shown while the person may switch the desk's language, so it is worded as it is drawn
 * (`resultWords`), never kept as the words of the language it was made in.
 */
export type ResultPart =
  | { area: 'settings'; key: AreaKeys['settings']; values?: MessageValues }
  | { area: 'common'; key: AreaKeys['common']; values?: MessageValues }

/** The parts in the desk's language now, one after the other. Read in a template, it follows a switch. */
export function resultWords(parts: readonly ResultPart[] | undefined): string {
  if (!parts) return ''
  return parts
    .map((part) =>
      part.area === 'settings' ? settingsWords().t(part.key, part.values) : commonWords().t(part.key, part.values)
    )
    .filter(Boolean)
    .join(' ')
}

/** What a console switch kept (lib/draft-kinds), as a part of a result: none when nothing was kept. */
export function keptPart(kept: KeptOnSwitch | null): ResultPart[] {
  return kept ? [{ area: 'common', key: 'drafts.keptWith', values: kept }] : []
}
