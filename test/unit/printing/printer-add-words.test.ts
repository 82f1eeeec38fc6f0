import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { sayError } from '../../../src/shared/errors-wording'
import { AppError } from '../../../src/shared/errors'
import { Translator } from '../../../src/shared/i18n/translator'
import type { Locale } from '../../../src/shared/i18n/locales'
import { printerNotAdded } from '../../../src/main/services/printing/printer-failure'
import { certificateChanged } from '../../../src/main/services/access/tls-pinning'

const words = (language: Locale) =>
  new Translator(
    language,
    JSON.parse(
      readFileSync(join(process.cwd(), 'src/shared/i18n/messages/errors', `${language}.json`), 'utf8')
    ) as Record<string, string>
  )

/** A free loopback port where nothing listens (taken, then let go). */
async function deadPort(): Promise<number> {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/**
 * Badges → Add printer with an address where nothing listens: the words are of adding (check the
 * address and that the printer is on, then add it again), never of a badge to print again — nothing was
 * being printed. Said so in each of the desk's four languages, English as main says it.
 */
describe('a printer that cannot be reached while it is added', () => {
  const app = useAppServices()
  let url: string
  let refused: AppError
  beforeAll(async () => {
    url = `ipp://127.0.0.1:${await deadPort()}/ipp/print`
    refused = AppError.from(await app.call('badges.addPrinter', { url }).catch((e: unknown) => e))
  })
  afterAll(async () => {
    const added = (await app.call('badges.printers')).items.filter((p: { url?: string }) => p.url === url)
    expect(added).toEqual([])
  })

  it('main says it was not added and to add it again, not to print a badge', () => {
    expect(refused.code).toBe('PRINTER_UNREACHABLE')
    expect(refused.message).toMatch(/^The printer at 127\.0\.0\.1:\d+ cannot be reached\. It was not added\.$/)
    expect(refused.hint).toMatch(/address/)
    expect(refused.hint).toMatch(/add it again\.$/)
    expect(`${refused.message} ${refused.hint}`).not.toMatch(/badge|print the/i)
  })

  it.each([
    ['en', /It was not added\./, /add it again/, /badge/i],
    ['de', /nicht hinzugefügt/, /erneut hinzu/, /Ausweis/],
    ['fr', /n’a pas été ajoutée/, /ajoutez-la à nouveau/, /badge/i],
    ['es', /No se ha añadido/, /añádala de nuevo/, /credencial/i]
  ] as const)('%s: the desk says the same in its language', (language, notAdded, again, badge) => {
    const english = words('en')
    const said = sayError(refused.toData(), words(language), undefined, english)
    expect(said.english).not.toBe(true)
    expect(said.message).toMatch(notAdded)
    expect(said.hint).toMatch(again)
    expect(`${said.message} ${said.hint}`).not.toMatch(badge)
  })
})

/**
 * The printer's certificate changed between its fingerprint being compared and its state being asked (the
 * add's only other failure): the words are the add's own "presents a certificate other than the one shown.
 * It was not added." in the desk's language, never main's English nor a connection's "trust it in Settings".
 */
describe('a printer whose certificate changed while it was added', () => {
  const url = 'ipps://192.0.2.7:631/ipp/print'
  const refused = printerNotAdded(
    { url, displayName: 'Front desk' },
    // As ipp-print.ts's transportError makes it for a pinned printer whose certificate is another.
    certificateChanged('the printer “Front desk”', {
      what: 'the printer',
      where: 'choose Trust again on the printer in Badges',
      outcome: 'No badge was printed.'
    })
  )

  it('main says the certificate is not the one shown, and that it was not added', () => {
    expect(refused).toMatchObject({ kind: 'tls', code: 'PRINTER_CERT_MOVED', details: { host: '192.0.2.7:631' } })
    expect(refused.message).toMatch(/certificate other than the one shown\. It was not added\.$/)
    expect(`${refused.message} ${refused.hint}`).not.toMatch(/badge|Settings/i)
  })

  it.each([
    ['en', /It was not added\./],
    ['de', /nicht hinzugefügt/],
    ['fr', /n’a pas été ajoutée/],
    ['es', /No se añadió/]
  ] as const)('%s: the desk says it in its language', (language, notAdded) => {
    const said = sayError(refused.toData(), words(language), undefined, words('en'))
    expect(said.english).not.toBe(true)
    expect(said.message).toMatch(notAdded)
    expect(said.message).toMatch(/192\.0\.2\.7:631/)
  })
})
