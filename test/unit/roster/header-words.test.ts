import { describe, expect, it } from 'vitest'
import { guessMapping } from '../../../src/main/services/roster/column-mapping'
import { headerKey, headerLanguages } from '../../../src/shared/roster/header-words'
import { rosterFields } from '../../../src/shared/roster/sheet'

/**
 * The roster's columns are guessed in the desk's languages (English, German, French, Spanish) from
 * one table of header words per language: a German HR export once opened with nothing guessed.
 */
describe('header words in the desk’s languages', () => {
  it('guesses a German HR export', () => {
    expect(guessMapping(['Vorname', 'Nachname', 'Personalnummer', 'E-Mail', 'Kartennummer', 'PIN'])).toEqual({
      firstName: 0,
      lastName: 1,
      employeeNumber: 2,
      email: 3,
      card: 4,
      pin: 5
    })
    expect(guessMapping(['Abteilung', 'Karten-ID', 'Pers.-Nr.'])).toEqual({ card: 1, employeeNumber: 2 })
    // "Name" beside "Vorname" is the last name.
    expect(guessMapping(['Vorname', 'Name', 'E-Mail-Adresse'])).toEqual({ firstName: 0, lastName: 1, email: 2 })
  })

  it('guesses French and Spanish exports', () => {
    expect(guessMapping(['Prénom', 'Nom', 'Matricule', 'Courriel', 'Numéro de carte', 'Code PIN'])).toEqual({
      firstName: 0,
      lastName: 1,
      employeeNumber: 2,
      email: 3,
      card: 4,
      pin: 5
    })
    // "Nom" alone is the whole name.
    expect(guessMapping(['  Nom ', 'Courriel'])).toEqual({ fullName: 0, email: 1 })
    expect(guessMapping(['Nombre', 'Apellidos', 'Nº de empleado', 'Correo electrónico', 'Tarjeta', 'PIN'])).toEqual({
      firstName: 0,
      lastName: 1,
      employeeNumber: 2,
      email: 3,
      card: 4,
      pin: 5
    })
    expect(guessMapping(['Nombre completo', 'Correo', 'Apellido'])).toEqual({ fullName: 0, email: 1, lastName: 2 })
  })

  it('every word of every language is guessed as its field when it is the only column', () => {
    for (const { language, fields } of headerLanguages) {
      for (const field of rosterFields) {
        for (const word of fields[field] ?? []) {
          const guessed = guessMapping([word])
          // A lone "Nom"/"Name" is the whole name (see nameOrLastName).
          const expected = field === 'lastName' && ['nom', 'name'].includes(headerKey(word)) ? 'fullName' : field
          expect(guessed, `${language} “${word}”`).toEqual({ [expected]: 0 })
        }
      }
    }
  })

  it('no header word names two fields', () => {
    const seen = new Map<string, string>()
    for (const { fields } of headerLanguages) {
      for (const field of rosterFields) {
        for (const word of fields[field] ?? []) {
          const key = headerKey(word)
          expect(seen.get(key) ?? field, `“${word}”`).toBe(field)
          seen.set(key, field)
        }
      }
    }
  })
})
