import { z } from 'zod'
import { commonWords } from './i18n/common-messages.svelte'
import { fieldProblems } from './i18n/field-problems'
import type { Said } from './said'

let made = 0

/**
 * One rule for every free-text field with a length limit: nothing typed or pasted is ever cut, and the
 * limit is said the moment the text is over it. A `maxlength` attribute dropped the end of a paste without
 * a word (a site name pasted whole was saved cut), so no field has one
 * (`test/renderer/lib/field-limits-never-cut.test.ts` scans every component). Instead the form holds a
 * `LengthLimit` for the field, with the limit main's schema refuses a longer value by (one constant per
 * limit, `shared/text/field-limits.ts`), and:
 * - marks the field with `invalid` and `describedBy(...)`, and shows `<LimitMessage limit={…} />` after it:
 *   the common words' `field.tooLong` ("Too long: keep it to 80 characters…"), worked out when shown through
 *   the one field-problem mechanism (`lib/i18n/field-problems.ts`, the schema's `{max}`), so it follows a
 *   switch of the desk's language;
 * - refuses its Save while `problem` is set, the focus taken to the field (`focusFirstProblem`).
 * The length counted is the trimmed text's, as every schema trims before it checks.
 */
export class LengthLimit {
  /** The id of the field's message, for the field's `aria-describedby`. */
  readonly id = `field-limit-${++made}`
  readonly max: number
  readonly #schema: z.ZodString
  readonly #text: () => string

  /** The field's problem while its text is over the limit, worded when shown (lib/said); else undefined. */
  readonly problem: Said | undefined = $derived.by(() => this.#problemOf(this.#text()))

  constructor(max: number, text: () => string) {
    this.max = max
    this.#schema = z.string().trim().max(max)
    this.#text = text
  }

  /** The field's `aria-invalid`. */
  get invalid(): 'true' | undefined {
    return this.problem ? 'true' : undefined
  }

  /** The field's `aria-describedby`: the limit's message while it is shown, with the field's other notes. */
  describedBy(...others: (string | null | false | undefined)[]): string | undefined {
    return [this.problem ? this.id : null, ...others].filter(Boolean).join(' ') || undefined
  }

  #problemOf(text: string): Said | undefined {
    const checked = this.#schema.safeParse(text)
    if (checked.success) return undefined
    return fieldProblems(checked.error, commonWords(), () => 'field.tooLong')['']
  }
}
