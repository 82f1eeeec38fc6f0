import type { z } from 'zod'
import type { AreaKeys } from '../../../../shared/i18n/areas'
import type { Words } from '../../../../shared/i18n/translator'
import { fieldProblems, type FieldProblems } from '../../lib/i18n/field-problems'

type Key = AreaKeys['badges']

/**
 * Badges' settings field messages in the desk's language (the one rule: lib/i18n/field-problems.ts), by
 * field and issue code (`settings.error.siteName.too_big`). The shared schema (shared/badges/schemas.ts)
 * keeps its English for main and the CLI.
 */
export function badgeSettingsErrors(error: z.ZodError, words: Words<Key>): FieldProblems {
  return fieldProblems(error, words, (issue, field) => `settings.error.${field}.${issue.code}`)
}
