import { describe, expect, it } from 'vitest'
import { guessMapping } from '../../../src/main/services/roster/column-mapping'
import { validateCsv } from '../../../src/main/services/batches/csv-validate'
import { headerKeys } from '../../../src/shared/roster/header-words'

/**
 * A file's header row is read in the desk's four languages from one table of words per field
 * (shared/roster/header-words.ts): the roster's columns and Import's optional header row alike, case,
 * accents and spacing aside. A column the desk reads nothing from (company, phone) is left for the
 * user, never taken for a field.
 */
describe('header rows in German, French and Spanish', () => {
  it('a German HR export: Firma and Telefon left unmapped, the rest guessed', () => {
    const headers = ['Personalnummer', 'Vorname', 'Nachname', 'Firma', 'Telefon', 'E-Mail', 'Kartennummer', 'PIN']
    expect(guessMapping(headers)).toEqual({ employeeNumber: 0, firstName: 1, lastName: 2, email: 5, card: 6, pin: 7 })
  })

  it('a French export, accents dropped and case changed: Prenom is Prénom, Societe and Telephone unmapped', () => {
    const headers = ['Prenom', 'NOM', 'Societe', 'Téléphone', 'E-mail', 'Matricule', 'Numero de carte', 'code pin']
    expect(guessMapping(headers)).toEqual({ firstName: 0, lastName: 1, email: 4, employeeNumber: 5, card: 6, pin: 7 })
    expect(guessMapping(['Prénom', 'Nom', 'Courriel'])).toEqual({ firstName: 0, lastName: 1, email: 2 })
  })

  it('a Spanish export, spacing aside: Empresa and Teléfono unmapped', () => {
    const headers = [
      'Nombre',
      'Apellidos',
      'Empresa',
      'Teléfono',
      'Correo electronico',
      ' Número de  empleado ',
      'NUMERO DE TARJETA'
    ]
    expect(guessMapping(headers)).toEqual({ firstName: 0, lastName: 1, email: 4, employeeNumber: 5, card: 6 })
    expect(guessMapping(['Correo', 'Nombre completo'])).toEqual({ email: 0, fullName: 1 })
  })

  it('a card’s display id (the results export) is not its NFC ID', () => {
    expect(guessMapping(['person', 'card display id', 'Card ID'])).toEqual({ fullName: 0, card: 2 })
    expect(guessMapping(['card display id'])).toEqual({})
  })

  it('Import’s header row in each language is skipped as a header, never refused as an NFC ID', () => {
    for (const header of [
      'NFC ID,Alias',
      'Kartennummer,Bezeichnung',
      'Karten-ID,Beschriftung',
      'Numéro de carte,Libellé',
      'ID NFC,Étiquette',
      'Número de tarjeta,Etiqueta',
      'ID NFC,Descripción'
    ]) {
      const preview = validateCsv(`${header}\n04A1B2C3,Empfang\n`)
      expect(
        preview.rows.map((r) => [r.line, r.status]),
        header
      ).toEqual([[2, 'ok']])
      expect(preview.notes, header).toContain("Line 1 is a header row and was skipped: the console's format has none.")
    }
  })

  it('Import reads its header words from the roster’s one table', () => {
    expect(headerKeys('card')).toEqual(
      expect.arrayContaining(['kartennummer', 'numerodecarte', 'numerodetarjeta', 'idnfc'])
    )
    expect(headerKeys('alias')).toEqual(expect.arrayContaining(['alias', 'bezeichnung', 'libelle', 'etiqueta']))
  })
})
