import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { stateWord } from '../../../src/renderer/src/lib/i18n/state-words.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'

afterEach(() => {
  cleanup()
  visitors.reset()
  sites.reset()
  deskLanguage.choose(null)
})

/**
 * Visitors follows the desk's language as it is switched with the screen open: the visitor opened,
 * the search typed and the filter stay; headings, columns, the state words, the credentials panel and
 * the cancel dialog (its list of what the console keeps, by the language's plurals and list) change.
 */
describe('the Visitors screen in the desk’s language', () => {
  it('switches from English to German with the visitor open and the search kept', async () => {
    const state: { rosa: Visitor } = {
      rosa: visitorFixture('v1', 'Rosa', 'Jensen', {
        visit_reason: 'Business',
        pin_code: { token: 'x' } as unknown as Visitor['pin_code'],
        nfc_cards: [{ id: '1', token: 't1' } as Visitor['nfc_cards'][number]]
      })
    }
    const cancelled: string[] = []
    const { bridge } = scriptedBridge({
      'sites.topology': () => ({ ok: true, result: { groups: [] } }),
      'visitors.list': () => ({ ok: true, result: { items: [state.rosa], total: 1 } }),
      'visitors.get': () => ({ ok: true, result: state.rosa }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } }),
      'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } }),
      'visitors.cancel': (input) => {
        cancelled.push((input as { id: string }).id)
        state.rosa = { ...state.rosa, status: 'CANCELLED' }
        return { ok: true, result: null }
      }
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
    await screen.findByTestId('visitor-details')
    await fireEvent.input(screen.getByLabelText('Name'), { target: { value: 'Ros' } })
    expect(screen.getByRole('heading', { name: 'Visitors' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Credentials' })).toBeInTheDocument()

    deskLanguage.choose('de')
    // The German catalogue loads as the app loads it (a chunk): on a loaded machine, slowly.
    expect(await screen.findByRole('heading', { name: 'Besucher' }, { timeout: 5000 })).toBeInTheDocument()
    // What the person had on screen is still there.
    expect(screen.getByRole('searchbox', { name: 'Name' })).toHaveValue('Ros')
    expect(screen.getByRole('heading', { name: 'Rosa Jensen' })).toBeInTheDocument()
    expect(screen.getByRole('columnheader', { name: 'Firma' })).toBeInTheDocument()
    expect(within(screen.getByTestId('visitors-table')).getByText('Erwartet')).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Nicht erschienen' })).toHaveValue('NO_VISIT')
    expect(screen.getByRole('option', { name: 'Alle' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Zugangsdaten' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Durch neue PIN ersetzen…' })).toBeInTheDocument()
    expect(screen.getByText('Jederzeit innerhalb des Gültigkeitszeitraums')).toBeInTheDocument()
    expect(stateWord('ACTIVE')).toBe('Erwartet')
    // The visit's reason in the form's words, the host by the one word Today and the form use.
    const details = screen.getByTestId('visitor-details')
    expect(within(details).getByText('Geschäftlich')).toBeInTheDocument()
    expect(within(details).queryByText('Business')).toBeNull()
    expect(within(details).getByText('Ansprechpartner')).toBeInTheDocument()

    await fireEvent.click(screen.getByRole('button', { name: 'Besuch absagen…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Diesen Besuch absagen?' })
    expect(within(dialog).getByTestId('cancel-credentials')).toHaveTextContent(
      'Die Konsole behält die PIN, 1 NFC-Karte und den QR-Code (falls einer vergeben wurde) beim abgesagten Besuch'
    )
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Besuch absagen' }))
    expect(await screen.findByTestId('cancel-note')).toHaveTextContent(/^Besuch abgesagt\. Die Konsole behält/)
    expect(cancelled).toEqual(['v1'])
    expect(await screen.findByTestId('cancelled-reason')).toHaveTextContent('Dieser Besuch ist abgesagt')
    expect(screen.queryByText(/Visit cancelled|Credentials|Expected/)).toBeNull()
  })
})
