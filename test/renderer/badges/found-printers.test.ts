import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import BadgePrinters from '../../../src/renderer/src/components/badges/BadgePrinters.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { keepFocus } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'

/**
 * "Find printers on this network" on Badges, main's answer scripted (the real DNS-SD search is held by
 * test/unit/printing/printer-discovery.test.ts and the e2e): what is found, nothing found and a search
 * that could not run each say so where the focus goes; Use fills the add form and adds nothing.
 */
describe('Badges: printers found on this network', () => {
  let stopFocus: () => void
  beforeAll(() => {
    stopFocus = keepFocus(document)
  })
  afterEach(() => cleanup())
  afterAll(() => stopFocus())

  function panel(answer: () => Envelope) {
    const { bridge, calls } = scriptedBridge({ 'badges.findPrinters': answer })
    setApiForTests(bridge)
    render(ActionAnnouncer)
    render(BadgePrinters, { props: { printers: [], stock: 'dk-11202', onchanged: () => undefined } })
    return { view: within(screen.getByTestId('badge-printers')), calls }
  }
  const said = (words: string) => waitFor(() => expect(screen.getByTestId('action-announcer')).toHaveTextContent(words))

  it('lists each with its address and whether encrypted; Use fills the form, the focus on Add printer', async () => {
    const { view, calls } = panel(() => ({
      ok: true,
      result: {
        items: [
          { name: 'Lobby', url: 'ipps://10.0.0.7:631/ipp/print', address: '10.0.0.7', port: 631, encrypted: true },
          { name: 'Old QL', url: 'ipp://10.0.0.9:631/ipp/print', address: '10.0.0.9', port: 631, encrypted: false }
        ]
      }
    }))
    await fireEvent.click(view.getByRole('button', { name: 'Find printers on this network' }))
    await said('2 printers found on this network')
    expect(document.activeElement).toBe(view.getByRole('heading', { name: 'Printers on this network' }))
    const rows = view.getAllByTestId('found-printer')
    expect(rows[0]).toHaveTextContent(/Lobby\s*10\.0\.0\.7:631\s*Encrypted \(IPPS\)/)
    expect(rows[1]).toHaveTextContent(/Not encrypted \(IPP\): badges cross the network readable/)
    await fireEvent.click(view.getByRole('button', { name: 'Use Lobby at 10.0.0.7' }))
    expect(view.getByLabelText('Printer address')).toHaveValue('ipps://10.0.0.7:631/ipp/print')
    expect(view.getByLabelText('Name (optional)')).toHaveValue('Lobby')
    await said('Lobby is in the form: Add printer adds it')
    expect(document.activeElement).toBe(view.getByRole('button', { name: 'Add printer' }))
    // Only the search was asked of main: choosing adds nothing.
    expect(calls.map(([channel]) => channel)).toEqual(['badges.findPrinters'])
  })

  it('nothing announced: says so and how else to add one', async () => {
    const { view } = panel(() => ({ ok: true, result: { items: [] } }))
    await fireEvent.click(view.getByRole('button', { name: 'Find printers on this network' }))
    await said('No printer announced itself on this network')
    expect(view.getByTestId('found-printers-empty')).toHaveTextContent(/add another by its address below/)
  })

  it('a search that could not run: what happened and what to do, with the focus', async () => {
    const { view } = panel(() => ({
      ok: false,
      error: {
        kind: 'network',
        code: 'PRINTER_DISCOVERY_FAILED',
        message: 'Printers on this network could not be looked for (multicast DNS: EACCES).',
        hint: 'Add the printer by its address instead (on its label, its display or its web page), like ipp://192.168.1.40/ipp/print.',
        retryable: true
      }
    }))
    await fireEvent.click(view.getByRole('button', { name: 'Find printers on this network' }))
    const alert = await view.findByRole('alert')
    expect(alert).toHaveTextContent(/could not be looked for .*Add the printer by its address instead/)
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(view.getByRole('button', { name: 'Find printers on this network' })).toBeEnabled()
  })
})
