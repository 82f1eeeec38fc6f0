import type { z } from 'zod'
import type { MessageValues, Words } from '../../../../shared/i18n/translator'
import type { Said } from '../said'
import { deskFormats } from './desk-formats'

/** Each field's first problem, by its path ("monday.0.start_time"), worded when shown (lib/said). */
export type FieldProblems = Record<string, Said>

type Issue = z.core.$ZodIssue

/**
 * One rule for every form's field messages (the visitor form and its weekly schedule, Settings → Kiosk,
 * Badges' settings, and every limited field's length, lib/field-limit.svelte.ts): a shared zod schema finds the problems, and the desk says each in its language by
 * a catalogue key its form names from the issue (`keyOf`: the field and the issue's code, as
 * `error.first_name.too_big`), with the issue's limit (`{max}`) and the values a schema's own check gives
 * (`params`: the range a schedule's range overlaps). The schema's English stays for main and the CLI.
 *
 * Each message is kept as words worked out when shown, never as a finished sentence: a message shown before
 * the desk's language was switched is said in the new one (a finished string stayed in the old). A problem
 * the catalogue has no key for keeps the schema's words; `test/unit/i18n/field-problems-worded.test.ts`
 * holds every problem each form's schema can give to a key in every language.
 */
export function fieldProblems<K extends string>(
  error: z.ZodError,
  words: Words<K>,
  keyOf: (issue: Issue, field: string) => string,
  /** The values as the desk writes them, when shown (a schedule's clocks: `clockValues`). */
  shown: (values: MessageValues | undefined) => MessageValues | undefined = (values) => values
): FieldProblems {
  const out: FieldProblems = {}
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.')
    if (field in out) continue
    const key = keyOf(issue, field)
    const values = issueValues(issue)
    out[field] = () => {
      // A key the catalogue lacks comes back as itself (or blank while the words load): the schema's words then.
      const said = words.t(key as K, shown(values))
      return said && said !== key ? said : issue.message
    }
  }
  return out
}

/** What a message may say of the issue: its limit, and the values the schema's check put in `params`. */
function issueValues(issue: Issue): MessageValues | undefined {
  const values: MessageValues = {}
  if ('maximum' in issue) values['max'] = Number(issue.maximum)
  if (issue.code === 'custom' && issue.params) {
    for (const [name, value] of Object.entries(issue.params)) {
      if (typeof value === 'string' || typeof value === 'number') values[name] = value
    }
  }
  return Object.keys(values).length > 0 ? values : undefined
}

/**
 * A weekly schedule's problem as a key of the visitor form's words (`schedule.error.*`), by where it is:
 * the whole week (no range at all), a day (too many ranges), or a range's start or end (`path` relative to
 * the schedule).
 */
/**
 * A schedule problem's range (`start`, `end`: "07:00:00" as the console writes it) in the desk's clock,
 * as every time of day on screen is (formats().clock): "7:00 AM" on an English desk, "07:00" on a German one.
 */
export function clockValues(values: MessageValues | undefined): MessageValues | undefined {
  if (!values) return values
  const out = { ...values }
  for (const name of ['start', 'end'])
    if (typeof out[name] === 'string') out[name] = deskFormats().clock(out[name] as string)
  return out
}

export function scheduleKeyOf(issue: Issue, path: readonly PropertyKey[] = issue.path): string {
  if (path.length === 0) return `schedule.error.week.${issue.code}`
  if (path.length === 1) return `schedule.error.day.${issue.code}`
  return `schedule.error.${String(path.at(-1))}.${issue.code}`
}
