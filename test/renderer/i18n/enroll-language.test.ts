import { readFileSync } from 'node:fs'
import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import EnrollScreen from '../../../src/renderer/src/screens/EnrollScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { enrollStore } from '../../../src/renderer/src/stores/enroll.svelte'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { frontReader } from '../enroll/reader-fixture'
import { eventBridge, ok } from '../enroll/event-bridge'

afterEach(() => {
  cleanup()
  enrollStore.reset()
  deskLanguage.choose(null)
})

/**
 * Enroll follows the desk's language as it is switched with the screen open: the reader chosen, the
 * reset box ticked and the card just enrolled stay; the heading, the buttons, the outcome and what the
 * live region says next change.
 */
describe('the Enroll screen in the desk’s language', () => {
  it('switches from English to German with the card enrolled and the reset kept', async () => {
    const { bridge, emit } = eventBridge({
      'sites.devices': () => ok({ items: [frontReader()] }),
      'sites.doors': () => ok({ items: [] }),
      'enroll.capabilities': () => ok({ canEnroll: true }),
      'enroll.start': () => ok({ enrollmentId: 'e1' })
    })
    setApiForTests(bridge)
    forgetConsoleData()
    render(ActionAnnouncer)
    render(EnrollScreen)
    await screen.findAllByRole('radio')
    await fireEvent.click(screen.getByRole('checkbox', { name: /Reset the card/ }))
    await fireEvent.click(screen.getByRole('button', { name: 'Start (Enter)' }))
    await waitFor(() => expect(screen.getByTestId('action-announcer')).toHaveTextContent('Present the card to'))
    emit('enroll.progress', {
      enrollmentId: 'e1',
      deviceId: 'd1',
      state: 'done',
      secondsLeft: 40,
      card: { token: 't1', cardId: '100042' }
    })
    await screen.findByRole('heading', { name: 'Give card 100042 to…' })
    expect(screen.getByRole('heading', { name: 'Enroll' })).toBeInTheDocument()

    deskLanguage.choose('de')
    // The title is the shell's (one name per screen); the screen's own words say its catalogue is in.
    await screen.findByRole('checkbox', { name: /Karte zurücksetzen/ }, { timeout: 5000 })
    expect(screen.getByRole('heading', { name: 'Einlesen' })).toBeInTheDocument()
    // What the person had on screen is still there.
    expect(screen.getByRole('radio')).toBeChecked()
    expect(screen.getByRole('checkbox', { name: /Karte zurücksetzen/ })).toBeChecked()
    // One word for the screen: the sidebar's entry says what the title and the buttons say (einlesen).
    expect(JSON.parse(readFileSync('src/shared/i18n/messages/shell/de.json', 'utf8'))['screen.enroll']).toBe('Einlesen')
    // The checkbox stands on the line of its words (the app's .check: no wrap of the box away from them).
    expect(screen.getByRole('checkbox', { name: /Karte zurücksetzen/ }).parentElement).toHaveClass('check')
    expect(screen.getByTestId('enrolled-card-id')).toHaveTextContent('100042')
    expect(screen.getByRole('heading', { name: 'Karte 100042 vergeben an…' })).toBeInTheDocument()
    expect(screen.getByText('Karte eingelesen (vom bisherigen Standort zurückgesetzt)')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Nächste einlesen (Enter)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Leser aktualisieren' })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Benutzer oder Besucher suchen' })).toBeInTheDocument()
    expect(screen.getByRole('group', { name: 'Leser' })).toBeInTheDocument()

    // The next outcome is said in German.
    await fireEvent.click(screen.getByRole('button', { name: 'Nächste einlesen (Enter)' }))
    await waitFor(() =>
      expect(screen.getByTestId('action-announcer')).toHaveTextContent(
        'Halten Sie die Karte länger als 5 Sekunden flach an HQ - Front.'
      )
    )
    expect(screen.getByRole('button', { name: 'Abbrechen (Esc)' })).toBeInTheDocument()
    expect(screen.queryByText(/Enroll cards|Refresh readers|Present the card/)).toBeNull()
  })
})
