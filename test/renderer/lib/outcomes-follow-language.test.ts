import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import KioskSettingsPanel from '../../../src/renderer/src/components/kiosk/KioskSettingsPanel.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { card, cardsMain } from '../cards/cards-main'

/**
 * An outcome line is kept as words to work out when shown (lib/said), never as the finished sentence of
 * the language its action ran in: each screen's saved or outcome note, produced on a German desk, is in
 * Spanish once the desk is switched to Spanish, and no German sentence is left on the page or in the one
 * live region. A screen that keeps an outcome line is listed here.
 */
afterEach(async () => {
  cleanup()
  cardsStore.reset()
  await deskLanguage.choose(null)
})

interface Note {
  where: string
  /** Renders the screen on a German desk and makes its outcome line; returns that line. */
  produce: () => Promise<HTMLElement>
  /** The line's German, then its Spanish. */
  german: string
  spanish: string
  /** Said in the live region too (the kiosk's saved line is a status line: it says itself). */
  heard?: boolean
}

/** Card 0002 opened in its details (the desk in German). */
async function cardOpen(): Promise<HTMLElement> {
  cardsMain([card(1), card(2)], { answerAtOnce: true })
  render(CardsScreen)
  await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 von 2 Karten'))
  cardsStore.selectAt(1)
  return screen.findByRole('complementary', { name: 'Kartendetails' })
}

const notes: Note[] = [
  {
    where: 'Settings → Kiosk: saved with a new PIN',
    async produce() {
      const settings = { pinSet: false, idleSeconds: 60, directions: '', deskName: 'Empfang' }
      const { bridge } = scriptedBridge({
        'kiosk.settings': () => ({ ok: true, result: settings }),
        'kiosk.saveSettings': () => ({ ok: true, result: { ...settings, pinSet: true } })
      })
      setApiForTests(bridge)
      render(KioskSettingsPanel)
      const panel = await screen.findByTestId('kiosk-settings')
      await fireEvent.input(await within(panel).findByLabelText(/^Kiosk-PIN/), { target: { value: '2468' } })
      await fireEvent.input(within(panel).getByLabelText(/^Dieselbe PIN/), { target: { value: '2468' } })
      await fireEvent.click(within(panel).getByRole('button', { name: 'Kiosk-Einstellungen speichern' }))
      return within(panel).findByRole('status')
    },
    german: 'Gespeichert. Die neue Kiosk-PIN ist festgelegt.',
    spanish: 'Guardado. El nuevo PIN del quiosco está configurado.',
    heard: false
  },
  {
    where: 'Cards: an alias saved',
    async produce() {
      const details = await cardOpen()
      await fireEvent.input(within(details).getByLabelText('Alias'), { target: { value: 'Empfang' } })
      await fireEvent.click(within(details).getByRole('button', { name: 'Alias speichern' }))
      return screen.findByTestId('card-saved-note')
    },
    german: 'Alias gespeichert.',
    spanish: 'Alias guardado.'
  },
  {
    where: 'Cards: a card deleted',
    async produce() {
      const details = await cardOpen()
      await fireEvent.click(within(details).getByRole('button', { name: 'Karte löschen…' }))
      const dialog = await screen.findByRole('dialog')
      await fireEvent.click(within(dialog).getByRole('button', { name: 'Karte löschen' }))
      return screen.findByTestId('cards-notice')
    },
    german: 'Karte 0002 gelöscht: Die Konsole hat sie nicht mehr.',
    spanish: 'Tarjeta 0002 eliminada: la consola ya no la tiene.'
  }
]

describe('an outcome line follows a switch of the desk’s language', () => {
  it.each(notes)('$where', async ({ produce, german, spanish, heard = true }) => {
    await deskLanguage.choose('de')
    const region = render(ActionAnnouncer).getByTestId('action-announcer')
    const line = await produce()
    await waitFor(() => expect(line).toHaveTextContent(german))
    if (heard) await waitFor(() => expect(region).toHaveTextContent(german))

    await deskLanguage.choose('es')
    await waitFor(() => expect(document.documentElement.lang).toBe('es'))
    await waitFor(() => expect(line).toHaveTextContent(spanish))
    expect(document.body.textContent).not.toContain(german)
    expect(region.textContent).not.toContain(german)
  })
})
