import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, waitFor, within } from '@testing-library/svelte'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { keepFocus } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { tlsIppPrinter, type TlsIppPrinter } from '../../support/ipp-printer'
import { printerPanel } from './printer-panel'

/**
 * A badge printer main could not ask because its certificate is not trusted, on a German desk: its row
 * says so in German (state and what to do), never main's English "Certificate not trusted".
 */
describe('a printer whose certificate is not trusted, on a German desk', { timeout: 20_000 }, () => {
  let data: Awaited<ReturnType<typeof printerPanel>>['data'] | undefined
  let printer: TlsIppPrinter | undefined
  let stopFocus: () => void

  beforeAll(() => {
    stopFocus = keepFocus(document)
  })
  afterEach(async () => {
    cleanup()
    await printer?.stop()
    await data?.remove()
    await deskLanguage.choose(null)
  })
  afterAll(() => stopFocus())

  it('says its state and what to do in German, marked as the desk’s language', async () => {
    await deskLanguage.choose('de')
    printer = await tlsIppPrinter({ name: 'Lobby labels' })
    const made = await printerPanel()
    data = made.data
    // An ipps:// printer kept with no certificate trusted for it (added before certificates were pinned).
    await mkdir(join(data.path, 'badges'), { recursive: true })
    await writeFile(join(data.path, 'badges', 'printers.json'), JSON.stringify([{ url: printer.url, name: 'Alt' }]))
    expect(await made.main('badges.printerStatus', { printer: printer.url })).toMatchObject({
      state: 'offline',
      words: 'Certificate not trusted'
    })

    await fireEvent.click(made.view.getByRole('button', { name: 'Drucker erneut prüfen' }))
    const row = await made.view.findByTestId('badge-printer')
    const state = within(row).getByTestId('badge-printer-state')
    await waitFor(() => expect(state).toHaveTextContent('Zertifikat nicht vertrauenswürdig'))
    expect(row).not.toHaveTextContent('Certificate not trusted')
    expect(row.querySelector('[lang="en"]')).toBeNull()
    expect(printer.operations).toEqual([])
  })
})
