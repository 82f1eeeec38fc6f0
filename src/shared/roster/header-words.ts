import type { RosterField } from './sheet'

/**
 * The header words a roster's columns are guessed by, in the desk's languages: English, German,
 * French, Spanish — one table per language, as the yes/no words (yes-no-words.ts), so the guess, the
 * guide's roster columns (docs/guide/installer.md#roster) and the app's translations say the same. A German HR export ("Vorname", "Nachname",
 * "Personalnummer", "E-Mail", "Kartennummer") once opened with nothing guessed.
 *
 * Words are written as HR tools write them; they are compared as `headerKey` makes them (case,
 * accents, spaces and punctuation dropped: "E-Mail" and "email" are one word). A word that could name
 * a card or a person ("Badge", "ID") is in no table: the user maps it.
 *
 * Import's CSV (NFCID,alias) reads its optional header row by the same table: its first column by the
 * card's words, its second by `alias` (Import's field, not a roster's). A header such as "Firma" or
 * "Telefon" names no field the desk reads from a file, so it is in no table and never taken for one.
 */

/** A field a file's column can be: a roster's, or Import's alias (a card's label). */
export type HeaderField = RosterField | 'alias'

export interface HeaderLanguage {
  /** The language, in English (for the guide, docs/guide/installer.md#roster). */
  language: string
  /** Per field, the headers that name it, best first. */
  fields: Partial<Record<HeaderField, readonly string[]>>
}

export const headerLanguages: readonly HeaderLanguage[] = [
  {
    language: 'English',
    fields: {
      email: [
        'Email',
        'Email address',
        'Work email',
        'Work email address',
        'Business email',
        'Company email',
        'Office email',
        'Corporate email',
        'Primary email',
        'User email',
        'Mail',
        'Email ID'
      ],
      employeeNumber: [
        'Employee number',
        'Employee no',
        'Employee ID',
        'Emp number',
        'Emp no',
        'Emp ID',
        'Employee code',
        'Staff number',
        'Staff no',
        'Staff ID',
        'Personnel number',
        'Personnel no',
        'Payroll number',
        'Payroll ID',
        'Worker ID'
      ],
      fullName: [
        'Name',
        'Full name',
        'Display name',
        'Employee name',
        'Staff name',
        'Person name',
        'Worker name',
        'Person'
      ],
      firstName: ['First name', 'Given name', 'Forename', 'First', 'FName', 'Legal first name', 'Preferred first name'],
      lastName: ['Last name', 'Surname', 'Family name', 'Last', 'LName', 'Legal last name'],
      card: [
        'Card',
        'NFC ID',
        'Card UID',
        'Card number',
        'Card no',
        'NFC',
        'NFC UID',
        'NFC card',
        'Card ID',
        'Access card',
        'Key card'
      ],
      pin: ['PIN', 'PIN code', 'Generate PIN', 'Give PIN', 'New PIN'],
      touchPass: ['Touch Pass', 'Mobile pass', 'UniFi Touch Pass', 'Give Touch Pass', 'Mobile credential'],
      alias: ['Alias', 'Name', 'Label', 'Description']
    }
  },
  {
    language: 'German',
    fields: {
      email: ['E-Mail', 'E-Mail-Adresse', 'Mailadresse', 'Dienstliche E-Mail', 'Geschäftliche E-Mail'],
      employeeNumber: [
        'Personalnummer',
        'Personalnr',
        'Pers.-Nr.',
        'Mitarbeiternummer',
        'Mitarbeiternr',
        'Mitarbeiter-ID'
      ],
      fullName: ['Vollständiger Name', 'Voller Name', 'Mitarbeitername', 'Anzeigename', 'Person'],
      firstName: ['Vorname', 'Rufname'],
      lastName: ['Nachname', 'Familienname', 'Zuname'],
      card: ['Kartennummer', 'Kartennr', 'Karten-ID', 'Karte', 'Ausweisnummer', 'NFC-Karte', 'NFC-Nummer'],
      pin: ['PIN-Code', 'PIN vergeben'],
      touchPass: [],
      alias: ['Bezeichnung', 'Beschriftung', 'Beschreibung']
    }
  },
  {
    language: 'French',
    fields: {
      email: ['Courriel', 'Adresse courriel', 'Adresse e-mail', 'Adresse mail', 'E-mail professionnel'],
      employeeNumber: ['Matricule', 'Numéro de matricule', 'Numéro d’employé', 'N° employé', 'ID employé'],
      fullName: ['Nom complet', 'Nom et prénom', 'Prénom et nom', 'Personne'],
      firstName: ['Prénom'],
      lastName: ['Nom de famille', 'Nom'],
      card: ['Carte', 'Numéro de carte', 'N° de carte', 'ID carte', 'Carte NFC', 'ID NFC', 'Numéro NFC'],
      pin: ['Code PIN'],
      alias: ['Libellé', 'Étiquette', 'Nom']
    }
  },
  {
    language: 'Spanish',
    fields: {
      email: ['Correo', 'Correo electrónico', 'Email corporativo', 'Dirección de correo'],
      employeeNumber: [
        'Número de empleado',
        'Nº de empleado',
        'Nº empleado',
        'ID de empleado',
        'Legajo',
        'Número de legajo'
      ],
      fullName: ['Nombre completo', 'Nombre y apellidos', 'Persona'],
      firstName: ['Nombre', 'Nombres'],
      lastName: ['Apellidos', 'Apellido', 'Primer apellido'],
      card: ['Tarjeta', 'Número de tarjeta', 'Nº de tarjeta', 'ID de tarjeta', 'Tarjeta NFC', 'ID NFC', 'Número NFC'],
      pin: ['Código PIN'],
      alias: ['Etiqueta', 'Descripción', 'Nombre']
    }
  }
]

/**
 * Headers that mean the last name beside a first-name column and the whole name alone: German
 * "Name" next to "Vorname", French "Nom" next to "Prénom" (alone, "Nom" is read as the whole name).
 */
export const nameOrLastName: readonly string[] = ['Name', 'Nom']

/** Lower case, accents and punctuation dropped, "#" read as "number": "Emp #" → "empnumber", "E-Mail" → "email". */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/#/g, 'number')
    .replace(/[^a-z0-9]+/g, '')
}

/** Per field, every language's words as `headerKey` makes them, English first, each once. */
export function headerKeys(field: HeaderField): string[] {
  const keys = headerLanguages.flatMap((l) => (l.fields[field] ?? []).map(headerKey))
  return [...new Set(keys)]
}
