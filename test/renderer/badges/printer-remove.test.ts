import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { keepFocus } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import { tlsIppPrinter, type TlsIppPrinter } from '../../support/ipp-printer'
import { printerPanel, said } from './printer-panel'

/**
 * A badge printer added by its address is seen (its address, encrypted and pinned), and removed only
 * once asked (the app's one confirmation: Cancel first and focused): main's printers.json loses it, the
 * badge printer chosen goes back to none, and its address and name go back into the add form to be
 * corrected and added again, with the focus on the address.
 */
describe('a badge printer seen and removed on Badges', { timeout: 20_000 }, () => {
  let printer: TlsIppPrinter | undefined
  let remove: (() => Promise<void>) | undefined
  let stopFocus: () => void
  beforeAll(() => {
    stopFocus = keepFocus(document)
  })
  afterEach(async () => {
    cleanup()
    await printer?.stop()
    await remove?.()
  })
  afterAll(() => stopFocus())

  it('shows its address; Remove… asks first, Cancel keeps it, Remove printer removes it in main', async () => {
    printer = await tlsIppPrinter({ name: 'Lobby labels' })
    const { view, main, data } = await printerPanel()
    remove = data.remove
    const probed = await main('badges.probePrinter', { url: printer.url })
    await main('badges.addPrinter', {
      url: printer.url,
      name: 'Lobby',
      fingerprint256: probed.certificate.fingerprint256
    })
    // The first printer added became the badge printer (main's rule); the desk reads its settings.
    badgeDesk.settings = await main('badges.settings')
    expect(badgeDesk.settings?.printer).toBe(printer.url)
    await fireEvent.click(view.getByRole('button', { name: 'Check printers again' }))
    const row = await view.findByTestId('badge-printer')
    expect(within(row).getByTestId('badge-printer-address')).toHaveTextContent(
      `${printer.url} · encrypted, certificate pinned`
    )

    const removeButton = within(row).getByRole('button', { name: 'Remove the printer Lobby…' })
    await fireEvent.click(removeButton)
    let box = await screen.findByRole('dialog')
    expect(box).toHaveAccessibleName('Remove the printer Lobby?')
    expect(box).toHaveTextContent('It is the badge printer')
    expect(box).toHaveTextContent('Ask every time')
    const buttons = within(box)
      .getAllByRole('button')
      .filter((b) => !b.hasAttribute('data-close'))
    expect(buttons.map((b) => b.textContent)).toEqual(['Cancel', 'Remove printer'])
    await waitFor(() => expect(document.activeElement).toBe(buttons[0]))
    await fireEvent.click(buttons[0]!)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(removeButton))
    expect((await main('badges.printers')).items).toHaveLength(1)

    await fireEvent.click(removeButton)
    box = await screen.findByRole('dialog')
    await fireEvent.click(within(box).getByRole('button', { name: 'Remove printer' }))
    await said('Printer Lobby removed; the badge printer is now “Ask every time”.')
    // Main's state: gone from printers.json, the badge printer back to none, and the desk shows it.
    expect(JSON.parse(await readFile(join(data.path, 'badges', 'printers.json'), 'utf8'))).toEqual([])
    expect((await main('badges.settings')).printer).toBeNull()
    expect(badgeDesk.settings?.printer).toBeNull()
    expect(view.queryByTestId('badge-printer')).toBeNull()
    // Its address and name are in the form, to correct and add again; the focus on the address.
    const address = view.getByLabelText('Printer address')
    expect(address).toHaveValue(printer.url)
    expect(view.getByLabelText('Name (optional)')).toHaveValue('Lobby')
    expect(document.activeElement).toBe(address)
  })
})
