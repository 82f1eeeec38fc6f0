import { describe, expect, it } from 'vitest'
import { errorForCli } from '../../../src/main/cli-error-words'
import { readNfcCell, tappedIdSaid, typedIdRefused } from '../../../src/main/services/batches/csv-nfc-id'
import { idRefusedFacts } from '../../../src/main/services/batches/csv-nfc-id'
import { normaliseNfcId } from '../../../src/shared/nfc/uid'
import { AppError, type AppErrorData } from '../../../src/shared/errors'

/**
 * A typed ID that is no NFC ID (NFC_ID_INVALID) and a roster's tapped UID that is none
 * (ROSTER_LINE_BAD_UID) are said by the CLI in the shell's language like every other error: their
 * sentence is Import's preview line's (`csvSaid`), so the CLI's words carry that area too.
 */
const typed = (): AppErrorData => {
  const cell = readNfcCell('04A1G2C3')
  if (cell.ok) throw new Error('04A1G2C3 was read')
  return JSON.parse(JSON.stringify(typedIdRefused(cell).toData())) as AppErrorData
}

const tapped = (): AppErrorData => {
  const result = normaliseNfcId('04A1B2')
  if (result.ok) throw new Error('04A1B2 was read')
  const said = tappedIdSaid('04A1B2', result.problem)
  return new AppError({
    kind: 'reader',
    code: 'ROSTER_LINE_BAD_UID',
    message: said.english,
    hint: 'Tap another card.',
    details: idRefusedFacts(said.said)
  }).toData()
}

describe('the CLI words a refused NFC ID in the shell’s language', () => {
  it('NFC_ID_INVALID in German, French and Spanish: Import’s sentence for that line, never main’s English', () => {
    const error = typed()
    expect(errorForCli(error, 'en')).toEqual(error)
    const german = errorForCli(error, 'de').said
    expect(german?.language).toBe('de')
    expect(german?.message).toMatch(/Ziffer|NFC-ID/)
    expect(german?.message).not.toBe(error.message)
    for (const language of ['fr', 'es'] as const) {
      const said = errorForCli(error, language).said
      expect(said?.message, language).toBeDefined()
      expect(said?.message).not.toMatch(/hex digit|An NFC UID|^csvSaid/)
    }
  })

  it('ROSTER_LINE_BAD_UID in German: the tapped UID’s sentence and “Tap another card.” in German', () => {
    const error = tapped()
    const said = errorForCli(error, 'de').said
    expect(said?.language).toBe('de')
    expect(said?.message).not.toBe(error.message)
    expect(said?.message).not.toMatch(/An NFC UID|hex digit|^csvSaid/)
    expect(said?.hint).toBeDefined()
    expect(said?.hint).not.toBe('Tap another card.')
  })
})
