import type { z } from 'zod'
import type { AreaKeys } from '../../../../shared/i18n/areas'
import type { Words } from '../../../../shared/i18n/translator'
import { fieldProblems, type FieldProblems } from '../../lib/i18n/field-problems'

type Key = AreaKeys['settings']

/**
 * Settings → Kiosk's field messages in the desk's language (the one rule: lib/i18n/field-problems.ts):
 * each field's first problem, worded by its field and the zod issue's code (`kiosk.error.pin.custom`,
 * `kiosk.error.idleSeconds.too_big`); a language's directions ("directionsByLanguage.de") by their field's
 * kind. The shared schema (shared/kiosk/schemas.ts) keeps its English for main and the CLI.
 */
export function kioskFieldErrors(error: z.ZodError, words: Words<Key>): FieldProblems {
  return fieldProblems(error, words, (issue) => `kiosk.error.${String(issue.path[0])}.${issue.code}`)
}
