/**
 * When two values of one field are "the same" for an edit: the rule that decides whether a field
 * was changed on the form, and whether the console's value moved since the form opened. Each field
 * has its kind (a name is compared trimmed, doors as a set, a schedule by its content).
 */
export type Equal<V> = (a: V, b: V) => boolean

/** One equality per field of the edited record. */
export type FieldKinds<T> = { [K in keyof T]-?: Equal<T[K]> }

/** Numbers, enums, booleans. */
export const same = <V>(a: V, b: V): boolean => Object.is(a, b)

/** Text as a person types it: surrounding spaces are not a change ("Ada " is "Ada"). */
export const trimmed: Equal<string | null | undefined> = (a, b) => (a ?? '').trim() === (b ?? '').trim()

/** A list whose order means nothing (doors ticked): the same members, each named by `key`. */
export function asSet<V>(key: (v: V) => string): Equal<readonly V[] | null | undefined> {
  return (a, b) => {
    const left = new Set((a ?? []).map(key))
    const right = new Set((b ?? []).map(key))
    return left.size === right.size && [...left].every((k) => right.has(k))
  }
}

/** The same content, whatever the key order of its objects (a weekly schedule). */
export const structural: Equal<unknown> = (a, b) => canonical(a) === canonical(b)

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
        )
      : v
  )
}
