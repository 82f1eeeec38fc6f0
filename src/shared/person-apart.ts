/**
 * What tells a person apart from a namesake, as facts the desk words (renderer lib/person-line.ts): their
 * email, else their employee number, else the console's id for them, else — in a list read from a file (a
 * roster) — the file's line. The one rule every list and picker that names a person names them by (the
 * person pickers of PINs, Cards, Enroll, Touch Passes and the roster: picker-sources.ts; the roster's rows,
 * its enrollment line and its PIN slips: roster/row-names.ts), so two "Ben Ng" never read alike on one
 * screen. Plain values only (no zod): screens import it before their first paint.
 */
export interface ApartFacts {
  email?: string | null | undefined
  employeeNumber?: string | null | undefined
  /** The console's id for the person: always theirs alone, so it tells apart where nothing else does. */
  id?: string | null | undefined
}

export type Apart =
  | { by: 'email'; email: string }
  | { by: 'employeeNumber'; number: string }
  | { by: 'id'; id: string }
  | { by: 'line'; line: number }

/** A person's email, else their employee number; null when they have neither. */
export function apartOf(person: ApartFacts): Apart | null {
  const email = person.email?.trim()
  if (email) return { by: 'email', email }
  const number = person.employeeNumber?.trim()
  return number ? { by: 'employeeNumber', number } : null
}

/** One entry of a list to name: the name it shows, what may tell it apart, and its line in the file (if any). */
export interface Listed {
  name: string
  facts?: ApartFacts | undefined
  line?: number | undefined
}

/** The fewest characters of an id shown: a console's ids are long, their first 8 read as one word. */
const ID_SHOWN = 8

const nameKey = (name: string) => name.trim().toLocaleLowerCase()
const apartKey = (apart: Apart): string => {
  if (apart.by === 'email') return `e:${apart.email.toLocaleLowerCase()}`
  if (apart.by === 'employeeNumber') return `n:${apart.number}`
  return apart.by === 'id' ? `i:${apart.id}` : `l:${apart.line}`
}

/** What may tell an entry apart, in the rule's order: email, employee number, the console's id, the line. */
function candidates(entry: Listed): Apart[] {
  const facts = entry.facts ?? {}
  const email = facts.email?.trim()
  const number = facts.employeeNumber?.trim()
  const id = facts.id?.trim()
  return [
    ...(email ? [{ by: 'email', email } as const] : []),
    ...(number ? [{ by: 'employeeNumber', number } as const] : []),
    ...(id ? [{ by: 'id', id } as const] : []),
    ...(entry.line !== undefined ? [{ by: 'line', line: entry.line } as const] : [])
  ]
}

/** An id as short as it can be shown (ID_SHOWN characters or more) while no other namesake's id starts alike. */
function shortId(id: string, others: readonly string[]): string {
  for (let length = ID_SHOWN; length < id.length; length++) {
    const shown = id.slice(0, length)
    if (!others.some((other) => other.startsWith(shown))) return shown
  }
  return id
}

/**
 * Each entry of a list with what tells it apart from the others of its name: null for a name the list
 * holds once; else the first of its email, employee number, console id or line (in that order) that no
 * other namesake in the list shares — an email two namesakes share (the same mailbox, or the same person
 * on two lines of a file) tells neither apart, so the next fact does. An id is shown by its first
 * characters, as many as tell it from the other namesakes' ids. Null too for a namesake nothing tells apart
 * (the same person listed twice with no line).
 */
export function namesakesApart(entries: readonly Listed[]): (Apart | null)[] {
  const groups = new Map<string, number[]>()
  entries.forEach((e, i) => {
    const key = nameKey(e.name)
    groups.set(key, [...(groups.get(key) ?? []), i])
  })
  const each = entries.map(candidates)
  const apart: (Apart | null)[] = entries.map(() => null)
  for (const members of groups.values()) {
    if (members.length < 2) continue
    const held = new Map<string, number>()
    for (const i of members) for (const c of each[i]!) held.set(apartKey(c), (held.get(apartKey(c)) ?? 0) + 1)
    for (const i of members) {
      const found = each[i]!.find((c) => held.get(apartKey(c)) === 1)
      if (found?.by !== 'id') {
        apart[i] = found ?? null
        continue
      }
      const others = members.filter((j) => j !== i).flatMap((j) => each[j]!.filter((c) => c.by === 'id'))
      apart[i] = {
        by: 'id',
        id: shortId(
          found.id,
          others.map((c) => (c as { id: string }).id)
        )
      }
    }
  }
  return apart
}
