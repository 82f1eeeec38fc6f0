import type { z } from 'zod'
import type { AreaKeys } from '../../../../shared/i18n/areas'
import type { Words } from '../../../../shared/i18n/translator'
import { clockValues, fieldProblems, scheduleKeyOf, type FieldProblems } from './field-problems'

type Key = AreaKeys['visitorForm']

/**
 * The visitor form's field messages in the desk's language (the one rule: ./field-problems.ts): each
 * field's first problem, worded by its field and the zod issue's code (`error.email.custom`,
 * `error.first_name.too_big`) from the visitorForm area, a length limit filled from the issue (`{max}`);
 * a weekly schedule's by where it is in the week (`scheduleKeyOf`). The shared schema
 * (shared/visitors/form.ts) keeps its English messages for main and the CLI.
 */
export function visitorFieldErrors(error: z.ZodError, words: Words<Key>): FieldProblems {
  return fieldProblems(
    error,
    words,
    (issue, field) =>
      issue.path[0] === 'week_schedule' ? scheduleKeyOf(issue, issue.path.slice(1)) : `error.${field}.${issue.code}`,
    clockValues
  )
}

/** The weekly schedule editor's own messages (the same keys as inside the visitor form). */
export function scheduleFieldErrors(error: z.ZodError, words: Words<Key>): FieldProblems {
  return fieldProblems(error, words, (issue) => scheduleKeyOf(issue), clockValues)
}
