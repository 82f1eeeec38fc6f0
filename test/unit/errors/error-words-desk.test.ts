import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AppError, type AppErrorData } from '../../../src/shared/errors'
import { errorWordingOf, sayError } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'
import { endpoints } from '../../../src/shared/access/endpoints'
import { BATCH_RECORD, ROSTER_RECORD, refuseOnOtherConsole } from '../../../src/shared/console-owner'
import { errorFromResponse, errorFromTransport } from '../../../src/main/services/access/errors'
import {
  jobEnded,
  jobNotFinished,
  printerBusy,
  printerNotAnswering,
  printerNotReady,
  printerUnreachable
} from '../../../src/main/services/printing/printer-failure'
import { cardGone } from '../../../src/main/services/cards/card-gone'
import { readRosterFile } from '../../../src/main/services/roster/roster-file'

const catalogue = (language: string) =>
  JSON.parse(
    readFileSync(join(process.cwd(), 'src/shared/i18n/messages/errors', `${language}.json`), 'utf8')
  ) as Record<string, string>
const english = new Translator('en', catalogue('en'))
const german = new Translator('de', catalogue('de'))
const french = new Translator('fr', catalogue('fr'))
const spanish = new Translator('es', catalogue('es'))

/** Through the wire, as a screen gets it: plain data. */
const data = (e: unknown): AppErrorData => JSON.parse(JSON.stringify(AppError.from(e).toData())) as AppErrorData
const thrown = async (p: Promise<unknown>): Promise<AppErrorData> =>
  p.then(
    () => {
      throw new Error('did not throw')
    },
    (err: unknown) => data(err)
  )

const named = { url: 'ipp://10.0.0.9:631/ipp/print', displayName: 'Front desk labels' }
const unnamed = { url: 'ipp://10.0.0.9:631/ipp/print' }
const owner = { profileId: 'a', name: 'HQ' }
const active = { profileId: 'b', name: 'Annex' }
const refusal = (record: typeof BATCH_RECORD) => {
  try {
    refuseOnOtherConsole(record, owner, active)
  } catch (err) {
    return err
  }
  throw new Error('not refused')
}

/** Errors as main's own factories make them: cards, enrollment, printers, rosters. */
const made: [string, () => Promise<AppErrorData> | AppErrorData][] = [
  [
    'card at another site (E2)',
    () => data(errorFromResponse(endpoints.E2, 200, { code: 'CODE_CREDS_NFC_CARD_IS_PROVISION' }))
  ],
  [
    'card of someone else',
    () => data(errorFromResponse(endpoints.userAssignNfc, 200, { code: 'CODE_CREDS_NFC_HAS_BIND_USER' }))
  ],
  ['PIN in use', () => data(errorFromResponse(endpoints.E1, 200, { code: 'CODE_CREDS_PIN_CODE_CREDS_ALREADY_EXIST' }))],
  ['reader too old', () => data(errorFromResponse(endpoints.E2, 200, { code: 'CODE_DEVICE_DEVICE_VERSION_TOO_OLD' }))],
  ['card gone', () => data(cardGone('0123456789abcdef', '100002'))],
  ['printer unreachable, by name', () => data(printerUnreachable(named, 'ECONNREFUSED'))],
  [
    'printer not answering, by address, a test label',
    () => data(printerNotAnswering(unnamed, 'timeout', 'test label'))
  ],
  ['printer stopped', () => data(printerNotReady(named, { state: 'stopped', reasons: [], words: 'Stopped' }))],
  ['printer busy', () => data(printerBusy(named, 'busy', null))],
  ['job cancelled', () => data(jobEnded(named, 7, 'canceled', [], []))],
  ['job not finished', () => data(jobNotFinished(unnamed, 7, 'processing', 60_000, null))],
  ['batch of another console', () => data(refusal(BATCH_RECORD))],
  ['roster of another console', () => data(refusal(ROSTER_RECORD))],
  ['empty roster file', () => thrown(readRosterFile('staff.csv', Buffer.alloc(0)))],
  ['roster without a header', () => thrown(readRosterFile('staff.csv', Buffer.from('a@b.example,Ana,04A1B2C3\n')))]
]

describe('main’s errors of cards, printers and rosters, worded by the catalogue', () => {
  for (const [what, make] of made)
    it(`${what}: English says main's words; German, French and Spanish say them otherwise`, async () => {
      const e = await make()
      expect(errorWordingOf(e), `${e.code} is worded`).not.toBeNull()
      expect(sayError(e, english)).toEqual({ message: e.message, hint: e.hint })
      for (const words of [german, french, spanish]) {
        const said = sayError(e, words, undefined, english)
        expect(said.message, words.locale).not.toBe(e.message)
        if (e.hint) expect(said.hint, words.locale).not.toBe(e.hint)
      }
    })

  it('names the printer and what was not printed in German', () => {
    const e = data(printerUnreachable(named, 'ECONNREFUSED'))
    expect(sayError(e, german, undefined, english).message).toBe(
      'Der Drucker „Front desk labels“ ist nicht erreichbar. Es wurde kein Ausweis gedruckt.'
    )
    const test = data(printerNotAnswering(unnamed, 'timeout', 'test label'))
    expect(sayError(test, german, undefined, english).message).toBe(
      'Der Drucker unter 10.0.0.9:631 hat nicht geantwortet. Das Testetikett wurde nicht gedruckt.'
    )
  })

  it('a printer failure for the printer’s own reason is said in the desk’s language (printer-reasons-worded.test.ts has each)', () => {
    const e = data(printerNotReady(named, { state: 'out-of-media', reasons: ['media-empty'], words: 'Out of labels' }))
    expect(sayError(e, german, undefined, english)).toEqual({
      message: 'Der Drucker „Front desk labels“ hat keine Etiketten mehr. Es wurde kein Ausweis gedruckt.',
      hint: 'Legen Sie eine neue Etikettenrolle ein, dann drucken Sie den Ausweis unter Ausweise erneut.'
    })
  })
})

describe('the call an error names, in the desk’s language', () => {
  it('says the endpoint’s title in German, the spec’s id as main writes it', () => {
    const e = data(
      errorFromTransport(
        endpoints.E2,
        'https://10.0.0.5:12445',
        Object.assign(new Error('t'), { code: 'ECONNABORTED' })
      )
    )
    expect(sayError(e, german).message).toBe(
      'Die Konsole hat NFC-Karte anlernen (Sitzung anlegen) (E2) nicht rechtzeitig beantwortet.'
    )
  })

  it('has every endpoint’s title, in English as main says it', () => {
    for (const endpoint of Object.values(endpoints)) expect(english.t(`endpoint.${endpoint.id}`)).toBe(endpoint.title)
  })
})
