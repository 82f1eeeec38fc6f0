import { columnMappingSchema, rosterFields, type ColumnMapping, type RosterField } from '../../../shared/roster/sheet'
import type { KeyValueStore } from '../storage/key-value-store'

/**
 * Which column of a roster holds what, guessed from the header names HR tools export, and the
 * mappings the user confirmed, remembered by the file's headers so the next export of the same
 * tool opens mapped.
 */

/** Lower case, accents and punctuation dropped, "#" read as "number": "Emp #" → "empnumber". */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/#/g, 'number')
    .replace(/[^a-z0-9]+/g, '')
}

/**
 * The names each field is known by, best first (already as `headerKey` makes them), then a looser
 * pattern. A column is guessed only by these: "Badge number" or "ID" could be a card or a person,
 * so they are left for the user to map.
 */
const NAMES: Record<RosterField, { exact: string[]; loose?: RegExp }> = {
  email: {
    exact: [
      'email',
      'emailaddress',
      'workemail',
      'workemailaddress',
      'businessemail',
      'companyemail',
      'officeemail',
      'corporateemail',
      'primaryemail',
      'useremail',
      'mail',
      'emailid'
    ],
    loose: /^(?!.*(?:personal|private|home|manager|supervisor|secondary)).*email/
  },
  employeeNumber: {
    exact: [
      'employeenumber',
      'employeeno',
      'employeeid',
      'empnumber',
      'empno',
      'empid',
      'employeecode',
      'staffnumber',
      'staffno',
      'staffid',
      'personnelnumber',
      'personnelno',
      'payrollnumber',
      'payrollid',
      'workerid'
    ],
    loose: /^(?:employee|emp|staff|personnel|worker)(?:id|no|num|number|code)$/
  },
  fullName: {
    exact: ['name', 'fullname', 'displayname', 'employeename', 'staffname', 'personname', 'workername']
  },
  firstName: {
    exact: ['firstname', 'givenname', 'forename', 'first', 'fname', 'legalfirstname', 'preferredfirstname']
  },
  lastName: {
    exact: ['lastname', 'surname', 'familyname', 'last', 'lname', 'legallastname']
  },
  card: {
    exact: [
      'card',
      'nfcid',
      'carduid',
      'cardnumber',
      'cardno',
      'nfc',
      'nfcuid',
      'nfccard',
      'cardid',
      'accesscard',
      'keycard'
    ],
    loose: /^(?:nfc|card).*(?:id|uid|number|no)$/
  },
  pin: {
    exact: ['pin', 'pincode', 'generatepin', 'givepin', 'newpin']
  },
  touchPass: {
    exact: ['touchpass', 'mobilepass', 'unifitouchpass', 'givetouchpass', 'mobilecredential'],
    loose: /touchpass|mobilepass/
  }
}

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
