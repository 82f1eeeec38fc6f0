import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AppError, type AppErrorData } from '../../../src/shared/errors'
import { sayError } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'
import type { Locale } from '../../../src/shared/i18n/locales'
import type { Demo } from '../access/support'
import { uniqueHex, useUploadHarness, type UploadHarness } from './upload-harness'

const IMPORT = 'POST /credentials/nfc_cards/import'
const errors = (language: Locale) =>
  new Translator(
    language,
    JSON.parse(readFileSync(join(process.cwd(), 'src/shared/i18n/messages/errors', `${language}.json`), 'utf8'))
  )

/**
 * An upload stopped by a proxy's 502 after the console imported the part (the demo console's fault,
 * over real HTTPS): Import's notice (ErrorNotice, through sayError) says where it stopped and why in
 * the desk's language, the cause inside the sentence too.
 */
describe('an upload stopped at a part, its cause in the desk’s language', () => {
  let demo: Demo
  let h: UploadHarness
  useUploadHarness((started, harness) => {
    demo = started
    h = harness
  })

  it('a 502 after the commit: where it stopped and why, all in Spanish; English as main said it', async () => {
    const hex = uniqueHex()
    const id = `0E${hex}000001`
    const batch = await h.service.create({ name: 'Parada' })
    await h.service.addScan(batch.id, id, `P${hex}`)
    await demo.control('PUT', '/__demo/faults', { afterCommit: { status502: 1, paths: [IMPORT] } })
    let failure: unknown
    try {
      await h.service.upload(batch.id)
    } catch (err) {
      failure = err
    } finally {
      await demo.control('DELETE', '/__demo/faults')
    }
    // The console holds the card (it imported it): the row is to check.
    expect(await h.onConsole(id)).toHaveLength(1)
    expect((await h.service.get(batch.id)).rows[0]!.status).toBe('unknown')
    // Through the wire, as a screen gets it: plain data.
    const error = JSON.parse(JSON.stringify(AppError.from(failure).toData())) as AppErrorData
    expect(error.message).toMatch(/^The upload stopped at part 1 of 1: The console/)

    const english = errors('en')
    expect(sayError(error, english, undefined, english)).toMatchObject({ message: error.message })
    const spanish = sayError(error, errors('es'), undefined, english)
    expect(spanish.english).toBeUndefined()
    expect(spanish.message).toMatch(/^La subida se detuvo en la parte 1 de 1: /)
    expect(spanish.message).toContain('Importar tarjetas NFC de otros fabricantes (E16)')
    expect(spanish.message).not.toMatch(/The console|failed to answer|Import third-party/)
    expect(spanish.hint).toContain('por comprobar')
  })

  it('the token refused before the console imported (no row to check): where it stopped, why and what to do, in French', async () => {
    const hex = uniqueHex()
    const id = `0E${hex}000002`
    const batch = await h.service.create({ name: 'Arrêt' })
    await h.service.addScan(batch.id, id, `Q${hex}`)
    await demo.control('PUT', '/__demo/faults', { tokenRefused: true })
    let failure: unknown
    try {
      await h.service.upload(batch.id)
    } catch (err) {
      failure = err
    } finally {
      await demo.control('DELETE', '/__demo/faults')
    }
    // Refused before anything was imported: nothing on the console, the row not sent yet (none to check).
    expect(await h.onConsole(id)).toHaveLength(0)
    expect((await h.service.get(batch.id)).rows[0]!.status).toBe('pending')
    const error = JSON.parse(JSON.stringify(AppError.from(failure).toData())) as AppErrorData
    expect(error.message).toMatch(/^The upload stopped at part 1 of 1: The console refused the API token/)

    const english = errors('en')
    expect(sayError(error, english, undefined, english)).toMatchObject({ message: error.message, hint: error.hint })
    const french = sayError(error, errors('fr'), undefined, english)
    expect(french.english).toBeUndefined()
    expect(french.message).toMatch(/^L’envoi s’est arrêté à la partie 1 sur 1 : /)
    expect(french.message).toContain(errors('fr').t('AUTH_REFUSED.message', { what: 'X' }).split('X')[0]!)
    expect(french.hint).toBe(errors('fr').t('AUTH_REFUSED.hint'))
    expect(`${french.message} ${french.hint}`).not.toMatch(/The console|refused the API token|Check the token/)
  })
})
