import { columnMappingSchema, rosterFields, type ColumnMapping, type RosterField } from '../../../shared/roster/sheet'
import type { KeyValueStore } from '../storage/key-value-store'
import { headerKey, headerKeys, nameOrLastName } from '../../../shared/roster/header-words'

/**
 * Which column of a roster holds what, guessed from the header names HR tools export, and the
 * mappings the user confirmed, remembered by the file's headers so the next export of the same
 * tool opens mapped.
 */

// The header words of every language the desk speaks are one table (shared/roster/header-words.ts).
export { headerKey }

/**
 * The names each field is known by, best first (every language's table, as `headerKey` makes them),
 * then a looser English pattern. A column is guessed only by these: "Badge number" or "ID" could be a
 * card or a person, so they are left for the user to map.
 */
const NAMES: Record<RosterField, { exact: string[]; loose?: RegExp }> = {
  email: {
    exact: headerKeys('email'),
    loose: /^(?!.*(?:personal|private|home|manager|supervisor|secondary)).*email/
  },
  employeeNumber: {
    exact: headerKeys('employeeNumber'),
    loose: /^(?:employee|emp|staff|personnel|worker)(?:id|no|num|number|code)$/
  },
  fullName: { exact: headerKeys('fullName') },
  firstName: { exact: headerKeys('firstName') },
  lastName: { exact: headerKeys('lastName') },
  // A card's display id (the results export's "card display id") is the console's label, not its NFC ID.
  card: { exact: headerKeys('card'), loose: /^(?!.*display)(?:nfc|card).*(?:id|uid|number|no)$/ },
  pin: { exact: headerKeys('pin') },
  touchPass: { exact: headerKeys('touchPass'), loose: /touchpass|mobilepass/ }
}
const NAME_OR_LAST = new Set(nameOrLastName.map(headerKey))

/** The mapping guessed from the headers; each column is used for one field at most. */
export function guessMapping(headers: string[]): ColumnMapping {
  const keys = headers.map(headerKey)
  const used = new Set<number>()
  const mapping: ColumnMapping = {}
  const take = (field: RosterField, index: number): void => {
    mapping[field] = index
    used.add(index)
  }
  // Exact names first for every field, so a loose pattern never takes a column another field
  // names exactly ("Card number" is the card, not an employee number).
  for (const field of rosterFields) {
    for (const name of NAMES[field].exact) {
      const index = keys.findIndex((key, i) => key === name && !used.has(i))
      if (index !== -1) {
        take(field, index)
        break
      }
    }
  }
  for (const field of rosterFields) {
    const loose = NAMES[field].loose
    if (mapping[field] !== undefined || loose === undefined) continue
    const index = keys.findIndex((key, i) => !used.has(i) && loose.test(key))
    if (index !== -1) take(field, index)
  }
  // "Name" beside "Vorname" is the last name (German); "Nom" alone is the whole name (French).
  const full = mapping.fullName
  if (full !== undefined && full !== null && mapping.firstName !== undefined && mapping.lastName === undefined) {
    if (NAME_OR_LAST.has(keys[full]!)) {
      delete mapping.fullName
      mapping.lastName = full
    }
  }
  const last = mapping.lastName
  if (last !== undefined && last !== null && mapping.firstName === undefined && mapping.fullName === undefined) {
    if (NAME_OR_LAST.has(keys[last]!)) {
      delete mapping.lastName
      mapping.fullName = last
    }
  }
  return mapping
}

const STORE_KEY = 'roster.mappings'
/** Enough for every HR tool and report a site uses; the oldest is forgotten first. */
export const MAPPINGS_KEPT = 50

interface Remembered {
  signature: string
  mapping: ColumnMapping
}

/**
 * The mappings the user confirmed, newest first, keyed by the file's headers (normalised, in
 * order: a mapping names columns by position). Kept in the app's key-value store.
 */
export class MappingMemory {
  constructor(private readonly store: KeyValueStore) {}

  recall(headers: string[]): ColumnMapping | undefined {
    const signature = headerSignature(headers)
    const found = this.read().find((r) => r.signature === signature)
    if (!found) return undefined
    // A stored mapping is data from disk: checked again, and never naming a column the file lacks.
    const parsed = columnMappingSchema.safeParse(found.mapping)
    if (!parsed.success) return undefined
    for (const index of Object.values(parsed.data)) {
      if (index !== null && index !== undefined && index >= headers.length) return undefined
    }
    return parsed.data
  }

  remember(headers: string[], mapping: ColumnMapping): void {
    const signature = headerSignature(headers)
    const kept = this.read().filter((r) => r.signature !== signature)
    kept.unshift({ signature, mapping: columnMappingSchema.parse(mapping) })
    this.store.set(STORE_KEY, kept.slice(0, MAPPINGS_KEPT))
  }

  private read(): Remembered[] {
    const value = this.store.get(STORE_KEY)
    if (!Array.isArray(value)) return []
    return value.filter(
      (r): r is Remembered =>
        typeof r === 'object' &&
        r !== null &&
        typeof (r as Remembered).signature === 'string' &&
        typeof (r as Remembered).mapping === 'object'
    )
  }
}

/** The headers as one key: "E-mail, Emp #" and "email,EMP#" are the same file layout. */
export function headerSignature(headers: string[]): string {
  return headers.map(headerKey).join('|')
}
