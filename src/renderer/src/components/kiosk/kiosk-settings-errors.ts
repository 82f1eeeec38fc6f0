import type { z } from 'zod'
import type { AreaKeys } from '../../../../shared/i18n/areas'
import type { Words } from '../../../../shared/i18n/translator'

type Key = AreaKeys['settings']

/**
 * Settings → Kiosk's field messages in the desk's language: each field's first problem, worded by its
 * field and the zod issue's code (`kiosk.error.pin.custom`, `kiosk.error.idleSeconds.too_big`), as the
 * visitor form words its own (lib/i18n/visitor-form-errors.ts). The shared schema (shared/kiosk/schemas.ts)
 * keeps its English for main and the CLI; a problem the catalogue does not word keeps the schema's words
 * (no catalogue is in the code: a key is known by the words given).
 */
export function kioskFieldErrors(error: z.ZodError, words: Words<Key>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    // A language's directions by their own field ("directionsByLanguage.de"), worded as the field's kind.
    const field = issue.path.map(String).join('.')
    if (field in out) continue
    const key = `kiosk.error.${String(issue.path[0])}.${issue.code}`
    // A key the catalogue lacks comes back as itself (or blank while the words load): the schema's words then.
    const said = words.t(key as Key)
    out[field] = said && said !== key ? said : issue.message
  }
  return out
}
