import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import BadgePrinters from '../../../src/renderer/src/components/badges/BadgePrinters.svelte'
import ServiceBanner from '../../../src/renderer/src/components/ServiceBanner.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import { scriptedBridge } from '../../support/fake-bridge'

afterEach(() => {
  cleanup()
  serviceLink.take('connected')
  deskLanguage.choose(null)
})

/**
 * Badges' printer panel and web mode's service banner follow the desk's language with the panel open
 * (issue 36): the address being typed and the printers found stay; the words change; the commands in
 * the banner are kept as typed (npm start), drawn as code inside the translated sentence.
 */
describe('the printer panel and the service banner in the desk’s language', () => {
  it(
    'switches from English to German with an address typed and the printers found kept',
    { timeout: 30_000 },
    async () => {
      const { bridge } = scriptedBridge({
        'badges.findPrinters': () => ({
          ok: true,
          result: {
            items: [
              { name: 'Lobby', url: 'ipp://10.0.0.9:631/ipp/print', address: '10.0.0.9', port: 631, encrypted: false }
            ]
          }
        })
      })
      setApiForTests(bridge)
      render(BadgePrinters, { props: { printers: [], stock: 'dk-11202', onchanged: () => undefined } })
      const view = within(screen.getByTestId('badge-printers'))
      await fireEvent.input(view.getByLabelText('Printer address'), { target: { value: 'ipp://10.0.0.40/ipp/print' } })
      await fireEvent.click(view.getByRole('button', { name: 'Find printers on this network' }))
      await view.findByRole('button', { name: 'Use Lobby at 10.0.0.9' })

      deskLanguage.choose('de')
      expect(await view.findByRole('heading', { name: 'Ausweisdrucker' }, { timeout: 10_000 })).toBeInTheDocument()
      expect(view.getByLabelText('Druckeradresse')).toHaveValue('ipp://10.0.0.40/ipp/print')
      expect(view.getByRole('button', { name: 'Lobby unter 10.0.0.9 verwenden' })).toBeInTheDocument()
      expect(view.getByText('Nicht verschlüsselt (IPP): Ausweise gehen lesbar durchs Netzwerk')).toBeInTheDocument()
      expect(view.getByRole('button', { name: 'Drucker hinzufügen' })).toBeInTheDocument()
      expect(view.getByTestId('badge-printers-empty')).toHaveTextContent('Noch kein Drucker')
      expect(view.queryByText(/Add printer|Printers on this network/)).toBeNull()
    }
  )

  it('says the service lost in German, the command kept as typed', { timeout: 30_000 }, async () => {
    render(ServiceBanner)
    serviceLink.take('lost')
    const banner = await screen.findByTestId('service-banner')
    await waitFor(() => expect(banner).toHaveTextContent("The connection to Access Desk's local service is lost."))
    deskLanguage.choose('de')
    await waitFor(
      () => expect(banner).toHaveTextContent('Die Verbindung zum lokalen Dienst von Access Desk ist unterbrochen.'),
      {
        timeout: 10_000
      }
    )
    expect(banner).toHaveTextContent('Starten Sie ihn mit npm start neu;')
    expect(within(banner).getByText('npm start').tagName).toBe('CODE')
  })
})
