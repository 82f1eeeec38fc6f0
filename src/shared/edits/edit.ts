import { z } from 'zod'
import type { FieldKinds } from './equality'

/**
 * An edit as a form sends it: a change, never a snapshot. `changes` holds only the fields the
 * person changed; `base` holds, for those same fields, what the form opened with. A field left
 * alone is in neither, so it is never sent to the console and cannot overwrite what another desk
 * wrote meanwhile; `base` lets main see whether a changed field also moved on the console.
 */
export interface EditOf<T> {
  base: Partial<T>
  changes: Partial<T>
  /**
   * Fields of `changes` the person chose to keep as the console had them in a conflict: never
   * written. Their `base` is the console's value they read; one the console moved from since comes
   * back as a conflict again (their own value still offered), so no choice stands on a value unread.
   */
  keep?: string[]
}

/** A field the person changed that also changed on the console since the form opened. */
export type FieldConflict<T> = {
  [K in keyof T & string]: { field: K; yours: T[K]; theirs: T[K] }
}[keyof T & string]

/** What main did with an edit: wrote the fields it names, or wrote nothing and shows the conflicts. */
export type EditOutcome<R, T> =
  { outcome: 'saved'; record: R; sent: (keyof T & string)[] } | { outcome: 'conflicts'; conflicts: FieldConflict<T>[] }

const fieldsOf = <T>(o: Partial<T>) => Object.keys(o) as (keyof T & string)[]

/**
 * The edit a form makes: the fields whose value differs between `opened` (the form as it opened)
 * and `now` (as it is), with `now`'s values. `base` is what the record held for them, when the
 * form's own values are not exactly the record's (a time shown to the minute): by default `opened`.
 */
export function editOf<T extends object>(
  opened: T,
  now: T,
  kinds: FieldKinds<T>,
  base: Partial<T> = opened
): EditOf<T> {
  const edit: EditOf<T> = { base: {}, changes: {} }
  for (const field of Object.keys(kinds) as (keyof T)[]) {
    if (kinds[field](opened[field], now[field])) continue
    edit.changes[field] = now[field]
    edit.base[field] = base[field]
  }
  return edit
}

/** Whether the person changed anything at all (an edit with nothing in it sends nothing). */
export const isEmptyEdit = <T>(edit: EditOf<T>): boolean => fieldsOf(edit.changes).length === 0

/** Per conflicting field: keep the console's value, or write mine over it. */
export type Choice = 'theirs' | 'yours'

/**
 * The edit again once the person chose per conflicting field. Either way the field's base becomes the
 * console's value they read, so a console that moved once more in the meantime shows the field again
 * (never a choice applied to a value they did not see): one they keep theirs over is written; one
 * kept as the console has it is listed in `keep`, and never written.
 */
export function resolveConflicts<T>(
  edit: EditOf<T>,
  conflicts: readonly FieldConflict<T>[],
  choices: Partial<Record<keyof T & string, Choice>>
): EditOf<T> {
  const next: EditOf<T> = { base: { ...edit.base }, changes: { ...edit.changes } }
  const keep = new Set<string>(edit.keep ?? [])
  for (const c of conflicts) {
    const field = c.field as keyof T & string
    next.base[field] = c.theirs as T[keyof T & string]
    if (choices[field] === 'yours') keep.delete(field)
    else keep.add(field)
  }
  if (keep.size > 0) next.keep = [...keep]
  return next
}

/**
 * The channel input of an edit: `changes` checked as the form checks its fields, `base` as the
 * console may hold them (looser: a record written elsewhere need not pass the form's rules), and
 * a base for every changed field (without it a conflict could not be seen).
 */
export function editSchema<C extends z.ZodRawShape, B extends z.ZodRawShape>(
  changes: z.ZodObject<C>,
  base: z.ZodObject<B>
) {
  return z
    .object({
      base: base.partial(),
      changes: changes.partial(),
      keep: z.array(z.string().max(100)).max(100).optional()
    })
    .refine((e) => Object.keys(e.changes).every((k) => k in e.base), {
      message: 'Each changed field needs the value the form opened with: open the record again and redo the change.',
      path: ['base']
    })
}

/** The channel answer of an edit: the record as the console holds it now, or the conflicts. */
export function editOutcomeSchema<R extends z.ZodType>(record: R) {
  return z.discriminatedUnion('outcome', [
    z.object({ outcome: z.literal('saved'), record, sent: z.array(z.string()) }),
    z.object({
      outcome: z.literal('conflicts'),
      conflicts: z.array(z.object({ field: z.string(), yours: z.unknown(), theirs: z.unknown() })).min(1)
    })
  ])
}
