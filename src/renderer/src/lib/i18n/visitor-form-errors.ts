import type { z } from 'zod'
import type { AreaKeys } from '../../../../shared/i18n/areas'
import type { Words } from '../../../../shared/i18n/translator'

type Key = AreaKeys['visitorForm']

/**
 * The visitor form's field messages in the desk's language: each field's first problem, worded by its
 * field and the zod issue's code (`error.email.custom`, `error.first_name.too_big`) from the
 * visitorForm area, a length limit filled from the issue (`{max}`). The shared schema
 * (shared/visitors/form.ts) keeps its English messages for main and the CLI; a problem the catalogue
 * does not word (a weekly schedule's range) keeps the schema's words.
 */
export function visitorFieldErrors(error: z.ZodError, words: Words<Key>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.')
    if (field in out) continue
    const key = `error.${field}.${issue.code}`
    const max = 'maximum' in issue ? Number(issue.maximum) : undefined
    // A key the catalogue lacks comes back as itself (or blank while the words load): the schema's words then.
    const said = words.t(key as Key, max === undefined ? undefined : { max })
    out[field] = said && said !== key ? said : issue.message
  }
  return out
}
