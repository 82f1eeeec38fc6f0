import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { keepFocus } from '../../../src/renderer/src/lib/action-outcome.svelte'
import type { PrinterInfo } from '../../../src/shared/badges/schemas'
import { tlsIppPrinter, type TlsIppPrinter } from '../../support/ipp-printer'
import { printerPanel, said } from './printer-panel'

/**
 * Adding an ipps:// badge printer on Badges, against main's real badge handlers and a real TLS IPP
 * printer on loopback: its fingerprint is shown and must be confirmed (Cancel first and focused; a
 * cancel adds nothing to main's list), and "Trust again…" on its row reads the certificate it presents
 * now: the same one says so and changes nothing, another one is pinned only once confirmed.
 */
describe('an ipps:// badge printer: the certificate confirmed on Badges', { timeout: 20_000 }, () => {
  let data: Awaited<ReturnType<typeof printerPanel>>['data'] | undefined
  /** Main's badge handlers, asked directly (printer-panel.ts): to assert its state. */
  let main: Awaited<ReturnType<typeof printerPanel>>['main']
  const printers: TlsIppPrinter[] = []
  let stopFocus: () => void

  const start = async (options?: { port?: number }) => {
    const p = await tlsIppPrinter({ name: 'Lobby labels', ...options })
    printers.push(p)
    return p
  }
  const ippPrinters = async (): Promise<PrinterInfo[]> =>
    (await main('badges.printers')).items.filter((p: PrinterInfo) => p.kind === 'ipp')

  beforeAll(() => {
    stopFocus = keepFocus(document)
  })
  afterEach(async () => {
    cleanup()
    await Promise.all(printers.splice(0).map((p) => p.stop()))
    await data?.remove()
  })
  afterAll(() => stopFocus())

  /** Badges' printer panel over main's real handlers, on a fresh data folder (printer-panel.ts). */
  async function panel() {
    const made = await printerPanel()
    data = made.data
    main = made.main
    return made.view
  }

  const dialog = () => screen.findByRole('dialog')
  const fingerprintIn = (box: HTMLElement, label: string) =>
    within(box)
      .getByRole('group', { name: new RegExp(`^${label} `) })
      .getAttribute('aria-label')!
      .split(' ')
      .at(-1)

  it('adds it only once its fingerprint is confirmed; a cancel, by button or Escape, adds nothing', async () => {
    const printer = await start()
    const view = await panel()
    await fireEvent.input(view.getByLabelText('Printer address'), { target: { value: printer.url } })
    await fireEvent.input(view.getByLabelText('Name (optional)'), { target: { value: 'Lobby' } })
    const add = view.getByRole('button', { name: 'Add printer' })
    await fireEvent.click(add)

    let box = await dialog()
    expect(box).toHaveAccessibleName(`Trust the printer at ${printer.url}?`)
    expect(fingerprintIn(box, "Printer's SHA-256 fingerprint")).toBe(printer.fingerprint256)
    // Cancel comes first and has the focus: Enter on open trusts nothing.
    const buttons = within(box)
      .getAllByRole('button')
      .filter((b) => !b.hasAttribute('data-close'))
    expect(buttons.map((b) => b.textContent)).toEqual(['Cancel', 'Trust and add printer'])
    await waitFor(() => expect(document.activeElement).toBe(buttons[0]))
    await fireEvent.click(buttons[0]!)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // Nothing added in main, nothing sent to the printer (the probe only read its certificate); what was
    // typed stays, and the focus is back on Add printer.
    expect(await ippPrinters()).toEqual([])
    expect(printer.operations).toEqual([])
    expect(view.getByLabelText('Printer address')).toHaveValue(printer.url)
    await waitFor(() => expect(document.activeElement).toBe(add))

    await fireEvent.click(add)
    box = await dialog()
    await fireEvent.keyDown(box, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await ippPrinters()).toEqual([])
    await waitFor(() => expect(document.activeElement).toBe(add))

    await fireEvent.click(add)
    box = await dialog()
    await fireEvent.click(within(box).getByRole('button', { name: 'Trust and add printer' }))
    await said('Printer Lobby added')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(add)
    expect(await ippPrinters()).toEqual([
      expect.objectContaining({ name: printer.url, displayName: 'Lobby', fingerprint256: printer.fingerprint256 })
    ])
    // Pinned on disk with the printer: the certificate the person compared, not one read later.
    const stored = JSON.parse(await readFile(join(data!.path, 'badges', 'printers.json'), 'utf8'))
    expect(stored).toEqual([
      expect.objectContaining({
        url: printer.url,
        pin: expect.objectContaining({ fingerprint256: printer.fingerprint256 })
      })
    ])
    const row = view.getByTestId('badge-printer')
    await waitFor(() => expect(within(row).getByTestId('badge-printer-state')).toHaveTextContent('Ready'))
    expect(view.getByLabelText('Printer address')).toHaveValue('')
  })

  it('Trust again with the same certificate says so and changes nothing; with another, pins it once confirmed', async () => {
    const printer = await start()
    const view = await panel()
    const probed = await main('badges.probePrinter', { url: printer.url })
    await main('badges.addPrinter', {
      url: printer.url,
      name: 'Lobby',
      fingerprint256: probed.certificate.fingerprint256
    })
    await fireEvent.click(view.getByRole('button', { name: 'Check printers again' }))
    const row = await view.findByTestId('badge-printer')
    const again = within(row).getByRole('button', { name: 'Trust again: check the certificate of Lobby' })

    // The same certificate: nothing to confirm, no trust button, the focus back on Trust again.
    await fireEvent.click(again)
    let box = await dialog()
    expect(box).toHaveAccessibleName('Lobby presents the certificate already trusted')
    expect(within(box).queryByRole('button', { name: /Trust/ })).toBeNull()
    const close = within(box).getByRole('button', { name: 'Close' })
    await waitFor(() => expect(document.activeElement).toBe(close))
    await fireEvent.click(close)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(again))
    expect((await ippPrinters())[0]!.fingerprint256).toBe(printer.fingerprint256)

    // Another machine answers at its address with another certificate: refused at the handshake, it is
    // sent nothing, and the row says so. (Printing a label is the e2e's: the badge PDF is not made in jsdom.)
    await printer.stop()
    const impostor = await start({ port: printer.port })
    await fireEvent.click(view.getByRole('button', { name: 'Check printers again' }))
    await waitFor(() =>
      expect(within(row).getByTestId('badge-printer-state')).toHaveTextContent('Certificate not trusted')
    )
    expect(row).toHaveTextContent(/choose Trust again on the printer in Badges/)
    expect(impostor.operations).toEqual([])

    // Trust again shows both fingerprints; Cancel (first, focused) keeps the pin trusted before.
    await fireEvent.click(again)
    box = await dialog()
    expect(box).toHaveAccessibleName('Trust the new certificate of Lobby?')
    expect(fingerprintIn(box, "Printer's SHA-256 fingerprint")).toBe(impostor.fingerprint256)
    expect(fingerprintIn(box, 'Trusted SHA-256 fingerprint')).toBe(printer.fingerprint256)
    const cancel = within(box).getByRole('button', { name: 'Cancel' })
    await waitFor(() => expect(document.activeElement).toBe(cancel))
    await fireEvent.click(cancel)
    await waitFor(() => expect(document.activeElement).toBe(again))
    expect((await ippPrinters())[0]!.fingerprint256).toBe(printer.fingerprint256)
    expect(impostor.operations).toEqual([])

    await fireEvent.click(again)
    box = await dialog()
    await fireEvent.click(within(box).getByRole('button', { name: 'Trust the new certificate' }))
    await said('New certificate of Lobby trusted')
    expect(document.activeElement).toBe(again)
    expect((await ippPrinters())[0]).toMatchObject({ displayName: 'Lobby', fingerprint256: impostor.fingerprint256 })
    // Reached under the new pin only: its state read from it.
    await waitFor(() => expect(within(row).getByTestId('badge-printer-state')).toHaveTextContent('Ready'))
    expect(impostor.operations).toContain('Get-Printer-Attributes')
  })

  it('a printer added before certificates were pinned is trusted again, not added again', async () => {
    const printer = await start()
    const view = await panel()
    // As printers.json held an ipps:// printer before pinning: no certificate trusted for it.
    await mkdir(join(data!.path, 'badges'), { recursive: true })
    await writeFile(join(data!.path, 'badges', 'printers.json'), JSON.stringify([{ url: printer.url, name: 'Old' }]))
    await fireEvent.click(view.getByRole('button', { name: 'Check printers again' }))
    const row = await view.findByTestId('badge-printer')
    await waitFor(() =>
      expect(within(row).getByTestId('badge-printer-state')).toHaveTextContent('Certificate not trusted')
    )
    const again = within(row).getByRole('button', { name: 'Trust again: check the certificate of Old' })
    await fireEvent.input(view.getByLabelText('Printer address'), {
      target: { value: 'ipp://typed.example/ipp/print' }
    })
    await fireEvent.click(again)
    const box = await dialog()
    expect(box).toHaveAccessibleName('Trust the new certificate of Old?')
    await fireEvent.click(within(box).getByRole('button', { name: 'Trust the new certificate' }))
    await said('New certificate of Old trusted')
    expect(document.activeElement).toBe(again)
    // The add form is left as it was: this was no add.
    expect(view.getByLabelText('Printer address')).toHaveValue('ipp://typed.example/ipp/print')
    expect(await ippPrinters()).toEqual([
      expect.objectContaining({ displayName: 'Old', fingerprint256: printer.fingerprint256 })
    ])
    await waitFor(() => expect(within(row).getByTestId('badge-printer-state')).toHaveTextContent('Ready'))
  })
})
