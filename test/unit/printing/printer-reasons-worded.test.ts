import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { AppError, type AppErrorData } from '../../../src/shared/errors'
import { sayError, sayWording } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'
import type { Locale } from '../../../src/shared/i18n/locales'
import { knownPrinterReasons, printerStatusOf, unaskedPrinterStatus } from '../../../src/shared/badges/printer-state'
import { printerStatusWording } from '../../../src/shared/badges/printer-state-wording'
import {
  jobEnded,
  jobNotFinished,
  printerBusy,
  printerNotReady,
  printFailureWords
} from '../../../src/main/services/printing/printer-failure'

/**
 * A printer's own reasons (IPP printer-state-reasons keywords) are facts main gives beside its English:
 * the desk and the kiosk say them in their language from the catalogue, one message and advice per known
 * keyword, an unknown one as the printer gives it. English says exactly main's words (the check that keeps
 * main's words when they differ).
 */
const catalogue = (language: Locale) =>
  new Translator(
    language,
    JSON.parse(readFileSync(join(process.cwd(), 'src/shared/i18n/messages/errors', `${language}.json`), 'utf8'))
  )
const english = catalogue('en')
const german = catalogue('de')
const spanish = catalogue('es')
const french = catalogue('fr')
const data = (e: unknown): AppErrorData => JSON.parse(JSON.stringify(AppError.from(e).toData())) as AppErrorData

const lobby = { url: 'ipp://10.0.0.9:631/ipp/print', displayName: 'Lobby' }
const unnamed = { url: 'ipp://10.0.0.9:631/ipp/print' }
const reasons = [...knownPrinterReasons, 'spool-area-full']

/** Every failure that says a printer's reason, for one keyword (as the printer sends it, with a suffix). */
const failures = (reason: string) => {
  const status = printerStatusOf('stopped', [`${reason}-error`], true)
  return [
    printerNotReady(lobby, status),
    printerNotReady(unnamed, status, 'test label'),
    printerBusy(lobby, 'busy', status),
    jobEnded(lobby, 4, 'aborted', [reason], [reason]),
    jobEnded(unnamed, 4, 'canceled', [reason], [], 'test label'),
    jobNotFinished(lobby, 4, 'processing', 30_000, [reason])
  ].map(data)
}

describe('a printer’s own reasons, said in the desk’s and the visitor’s language', () => {
  for (const reason of reasons)
    it(`${reason}: main gives its keyword as a fact; English is main’s words, German, French and Spanish their own`, () => {
      for (const e of failures(reason)) {
        expect(e.details?.['said'], e.code).toBe('reason')
        expect(e.details?.['reason'], e.code).toBe(reason)
        expect(sayError(e, english), e.code).toEqual({ message: e.message, hint: e.hint })
        for (const words of [german, french, spanish]) {
          const said = sayError(e, words, undefined, english)
          expect(said.english, `${words.locale} ${e.code}`).toBeUndefined()
          expect(said.message, `${words.locale} ${e.code}`).not.toBe(e.message)
          expect(said.hint, `${words.locale} ${e.code}`).not.toBe(e.hint)
        }
      }
    })

  it('out of labels in German and Spanish: the printer by its name, what happened and the advice', () => {
    const [notReady, , , aborted, , late] = failures('media-empty')
    expect(sayError(notReady!, german, undefined, english)).toEqual({
      message: 'Der Drucker „Lobby“ hat keine Etiketten mehr. Es wurde kein Ausweis gedruckt.',
      hint: 'Legen Sie eine neue Etikettenrolle ein, dann drucken Sie den Ausweis unter Ausweise erneut.'
    })
    expect(sayError(aborted!, spanish, undefined, english)).toEqual({
      message: 'La impresora «Lobby» se ha quedado sin etiquetas. No se imprimió ninguna credencial.',
      hint: 'Coloque un rollo nuevo de etiquetas y después vuelva a imprimir la credencial desde Credenciales.'
    })
    expect(sayError(late!, german, undefined, english).message).toBe(
      'Der Drucker „Lobby“ hat den Ausweis angenommen, aber nicht innerhalb von 30 s fertig gedruckt. ' +
        'Der Drucker „Lobby“ hat keine Etiketten mehr. ' +
        'Der Auftrag wurde abgebrochen, und der Ausweis gilt nicht als gedruckt.'
    )
  })

  it('a keyword no one worded is said as the printer gives it, labelled as the printer’s words', () => {
    const [notReady] = failures('spool-area-full')
    expect(notReady!.message).toBe('The printer “Lobby” reports “spool-area-full”. No badge was printed.')
    expect(sayError(notReady!, spanish, undefined, english).message).toBe(
      'La impresora «Lobby» indica «spool-area-full». No se imprimió ninguna credencial.'
    )
  })
})

describe('a printer’s state on Badges’ printer list, in the desk’s language', () => {
  const said = (status: ReturnType<typeof printerStatusOf>, words: Translator) =>
    sayWording(printerStatusWording(status), words)

  it('English says main’s state and hint, for every state and reason', () => {
    const statuses = [
      printerStatusOf('idle', [], true),
      printerStatusOf('processing', [], true),
      printerStatusOf('stopped', [], true),
      printerStatusOf('idle', [], false),
      printerStatusOf(undefined, [], true),
      ...reasons.map((r) => printerStatusOf('stopped', [`${r}-error`], true))
    ]
    for (const status of statuses)
      expect(said(status, english), status.reasons.join()).toEqual({ message: status.words, hint: status.hint })
  })

  it('out of labels in German, an unknown reason in Spanish named as the printer gives it', () => {
    expect(said(printerStatusOf('stopped', ['media-empty-error'], true), german)).toEqual({
      message: 'Keine Etiketten',
      hint: 'Legen Sie eine neue Etikettenrolle ein, dann drucken Sie den Ausweis unter Ausweise erneut.'
    })
    expect(said(printerStatusOf('stopped', ['spool-area-full-error'], true), spanish)).toEqual({
      message: 'Detenida',
      hint: 'La impresora indica «spool-area-full». Revise la pantalla o las luces de la impresora y después vuelva a imprimir la credencial.'
    })
    expect(said(printerStatusOf('idle', [], false), german)?.message).toBe('Nimmt keine Aufträge an')
  })

  /** A printer main could not ask, as Badges' list receives it (BadgeService.printerStatus). */
  const unasked = (e: AppError) => unaskedPrinterStatus(data(e))
  // Failures with no words of their own for what to do: main's status says it (the real ones: printer-untrusted-german.test.ts).
  const untrusted = new AppError({ kind: 'tls', message: 'The printer presented no certificate.' })
  const silent = new AppError({ kind: 'network', message: 'The printer did not answer.' })

  it('a printer not asked (its certificate not trusted, or no hint of its own): English is main’s words', () => {
    for (const status of [unasked(untrusted), unasked(silent)])
      expect(said(status, english)).toEqual({ message: status.words, hint: status.hint })
    expect(unasked(untrusted).words).toBe('Certificate not trusted')
  })

  it('its certificate not trusted, on a German, French and Spanish desk: no English word', () => {
    for (const words of [german, french, spanish]) {
      expect(said(unasked(untrusted), words)?.message, words.locale).not.toBe('Certificate not trusted')
      // "Offline" is German too: what to do is the words that must not stay English.
      for (const status of [unasked(untrusted), unasked(silent)])
        expect(said(status, words)?.hint, words.locale).not.toBe(status.hint)
    }
    expect(said(unasked(untrusted), german)?.message).toBe('Zertifikat nicht vertrauenswürdig')
  })
})

describe('a print failure’s facts keep main’s hint on its own (the kiosk’s log, printFailure)', () => {
  it('the hint is its own fact, so no one splits main’s English', () => {
    const failure = printerNotReady(lobby, printerStatusOf('stopped', ['media-empty-error'], true))
    const words = printFailureWords(failure)
    expect(words.facts.hint).toBe(failure.hint)
    expect(words.facts).toMatchObject({ code: 'PRINTER_NOT_READY', details: { reason: 'media-empty' } })
    expect(words.desk).toBe(`${failure.message} ${failure.hint}`)
    expect(words.visitor).toBe(failure.message)
  })
})
