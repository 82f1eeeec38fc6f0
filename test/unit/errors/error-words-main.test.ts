import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AppError, type AppErrorData } from '../../../src/shared/errors'
import { errorWordingOf, sayError } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'
import { endpoints } from '../../../src/shared/access/endpoints'
import { errorFromResponse, errorFromTransport } from '../../../src/main/services/access/errors'
import { certificateChanged } from '../../../src/main/services/access/tls-pinning'
import { consoleUnreachable, tokenRefused } from '../../../src/main/services/connections/token-check'
import { useAppServices } from '../../support/app-services'

const catalogue = (language: string) =>
  JSON.parse(
    readFileSync(join(process.cwd(), 'src/shared/i18n/messages/errors', `${language}.json`), 'utf8')
  ) as Record<string, string>
const english = new Translator('en', catalogue('en'))
const german = new Translator('de', catalogue('de'))

const socket = (code: string) => Object.assign(new Error(`socket ${code}`), { code })
const url = 'https://10.0.0.5:12445'
const refused = new AppError({ kind: 'auth', code: 'HTTP_401', message: 'x' })

/** Errors as main's own factories make them, each a code the catalogue words. */
const made: [string, AppError][] = [
  ['401', errorFromResponse(endpoints.E17, 401, undefined)],
  ['CODE_ACCESS_TOKEN_INVALID', errorFromResponse(endpoints.E17, 200, { code: 'CODE_ACCESS_TOKEN_INVALID' })],
  ['403', errorFromResponse(endpoints.E17, 403, undefined)],
  ['429 with Retry-After', errorFromResponse(endpoints.E17, 429, undefined, { 'retry-after': '7' })],
  ['429', errorFromResponse(endpoints.E17, 429, undefined)],
  ['404 of a newer endpoint', errorFromResponse({ ...endpoints.E17, minVersion: '3.2.20' }, 404, undefined)],
  ['502', errorFromResponse(endpoints.E17, 502, undefined)],
  ['409 with the console’s msg', errorFromResponse(endpoints.E17, 409, { code: 'CODE_X', msg: 'Visitor locked' })],
  ['404 bare', errorFromResponse(endpoints.E17, 404, undefined)],
  ['CODE_PARAMS_INVALID', errorFromResponse(endpoints.E17, 400, { code: 'CODE_PARAMS_INVALID', msg: 'bad end' })],
  ['CODE_SYSTEM_ERROR', errorFromResponse(endpoints.E17, 500, { code: 'CODE_SYSTEM_ERROR', msg: 'oops' })],
  ['CODE_NOT_EXISTS', errorFromResponse(endpoints.E17, 200, { code: 'CODE_NOT_EXISTS' })],
  ['ECONNREFUSED', errorFromTransport(endpoints.E17, url, socket('ECONNREFUSED'))],
  ['ENOTFOUND', errorFromTransport(endpoints.E17, url, socket('ENOTFOUND'))],
  ['timeout', errorFromTransport(endpoints.E17, url, socket('ECONNABORTED'))],
  ['cancelled', errorFromTransport(endpoints.E17, url, socket('ERR_CANCELED'))],
  ['expired certificate', errorFromTransport(endpoints.E17, url, socket('CERT_HAS_EXPIRED'))],
  ['changed certificate', errorFromTransport(endpoints.E17, url, socket('DEPTH_ZERO_SELF_SIGNED_CERT'))],
  ['changed certificate (today’s socket)', certificateChanged(url)],
  ['new token refused', tokenRefused(url, 'new', refused)],
  ['replacement refused', tokenRefused(url, 'replacement', refused)],
  ['saved token refused', tokenRefused(url, 'saved', refused)],
  [
    'console unreachable',
    consoleUnreachable(url, errorFromTransport(endpoints.E17, url, socket('EHOSTUNREACH')) as AppError)
  ]
]

/** Through the wire, as a screen gets it: plain data. */
const data = (e: AppError): AppErrorData => JSON.parse(JSON.stringify(e.toData())) as AppErrorData

describe('main’s errors worded by the catalogue', () => {
  for (const [what, error] of made)
    it(`${what}: the English catalogue says main's words, German says it otherwise`, () => {
      const e = data(error)
      expect(errorWordingOf(e), `${e.code} is worded`).not.toBeNull()
      expect(sayError(e, english)).toEqual({ message: e.message, hint: e.hint })
      const de = sayError(e, german)
      expect(de.message).not.toBe(e.message)
      if (e.hint) expect(de.hint).not.toBe(e.hint)
    })

  it('keeps the console’s own words as given, labelled as the console’s, in German too', () => {
    const e = data(errorFromResponse(endpoints.E17, 409, { code: 'CODE_X', msg: 'Visitor locked' }))
    expect(sayError(e, german).message).toBe(
      'Besucher anlegen (E17) ist fehlgeschlagen. Die Konsole meldet: „Visitor locked“.'
    )
  })

  it('names the missing permission key as the console names it, in German', () => {
    const e = data(errorFromResponse(endpoints.E17, 403, undefined))
    expect(sayError(e, german).message).toContain('`edit:visitor`')
  })

  it('keeps main’s words for a code it does not word, a fact it did not give (and a printer’s changed certificate)', () => {
    const e: AppErrorData = {
      kind: 'validation',
      code: 'NFC_ID_INVALID',
      message: 'No NFC ID on this line.',
      retryable: false
    }
    expect(sayError(e, german)).toEqual({ message: 'No NFC ID on this line.', hint: undefined, english: true })
    const noFacts: AppErrorData = { kind: 'conflict', code: 'ALIAS_TAKEN', message: 'Taken.', retryable: false }
    expect(sayError(noFacts, german)).toEqual({ message: 'Taken.', hint: undefined, english: true })
    const printer = data(new AppError({ ...certificateChanged(url).toData(), details: { url, printer: url } }))
    expect(sayError(printer, german)).toEqual({ message: printer.message, hint: printer.hint, english: true })
  })
})

describe('the kiosk’s PIN errors from main, worded', () => {
  const app = useAppServices()
  const errorOf = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (err: unknown) => data(AppError.from(err))
    )

  it('no PIN, a wrong PIN and the lock: main’s words in English, the visitor’s language otherwise', async () => {
    const notSet = (await errorOf(app.call('kiosk.enter')))!
    expect(sayError(notSet, english)).toEqual({ message: notSet.message, hint: notSet.hint })
    await app.call('kiosk.saveSettings', { idleSeconds: 45, directions: '', deskName: 'Reception', pin: '582046' })
    const wrong = (await errorOf(app.call('kiosk.exit', { pin: '111111' })))!
    expect(wrong.code).toBe('KIOSK_PIN_WRONG')
    expect(sayError(wrong, english)).toEqual({ message: wrong.message, hint: wrong.hint })
    expect(sayError(wrong, new Translator('es', catalogue('es'))).hint).toBe(
      'Escriba el PIN fijado en Ajustes → Quiosco. Quedan 2 intentos antes de que el quiosco le haga esperar.'
    )
    await errorOf(app.call('kiosk.exit', { pin: '111111' }))
    const locked = (await errorOf(app.call('kiosk.exit', { pin: '111111' })))!
    expect(locked.code).toBe('KIOSK_PIN_LOCKED')
    expect(sayError(locked, german).message).toMatch(/^Zu viele falsche PINs: Warten Sie \d+ Sekunden/)
  })
})

describe('an error whose words a wrapper rewrote keeps them', () => {
  it('a prefixed message or a changed hint is said as carried, not as its code says', () => {
    const e = data(errorFromResponse(endpoints.E17, 502, undefined))
    const prefixed = { ...e, message: `Buying 3 passes: ${e.message}` }
    expect(sayError(prefixed, german, undefined, english)).toEqual({
      message: prefixed.message,
      hint: e.hint,
      english: true
    })
    const rehinted = { ...e, hint: 'The purchase may or may not have gone through.' }
    expect(sayError(rehinted, german, undefined, english)).toEqual({
      message: e.message,
      hint: rehinted.hint,
      english: true
    })
    // Unchanged, it is worded.
    expect(sayError(e, german, undefined, english).message).toContain('konnte')
  })
})
