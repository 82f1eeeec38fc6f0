import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { BatchSummary } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from '../import/batch-windows'

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

const summary = (id: string, name: string): BatchSummary => ({
  id,
  name,
  aliasPattern: 'HQ-{n}',
  byteOrder: 'as-read',
  nextNumber: 7,
  createdAt: '',
  updatedAt: '',
  state: 'draft',
  console: null,
  counts: { total: 0, pending: 0, imported: 0, failed: 0, unknown: 0 }
})

/**
 * Import follows the desk's language as it is switched with a batch open and an ID half typed: the
 * batch and the typed ID stay; the screen's heading, its batch list heading, the add form and the
 * empty batch's note change.
 */
describe('the Import screen in the desk’s language', () => {
  it('switches from English to German with the batch open and the typed ID kept', async () => {
    const batches = [summary('b1', 'Lobby')]
    const { bridge } = eventBridge({
      'batches.list': () => ok({ batches, unreadable: [] }),
      'batches.get': () => ok({ ...batches[0]!, rows: [] }),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' })
    })
    setApiForTests(bridge)
    render(ImportScreen)
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby'))
    await fireEvent.input(screen.getByRole('textbox', { name: 'NFC ID to add' }), { target: { value: '04A1B2' } })
    expect(screen.getByRole('heading', { name: 'Import' })).toBeInTheDocument()

    deskLanguage.choose('de')
    // The title is the shell's (one name per screen); the screen's own words say its catalogue is in.
    await screen.findByRole('heading', { name: 'Stapel' }, { timeout: 5000 })
    expect(screen.getByRole('heading', { name: 'Import' })).toBeInTheDocument()
    // What the person had on screen is still there.
    expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby')
    expect(screen.getByRole('textbox', { name: 'Hinzuzufügende NFC-ID' })).toHaveValue('04A1B2')
    expect(screen.getByRole('heading', { name: 'Stapel' })).toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Karte über ihre NFC-ID hinzufügen' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Hinzufügen' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Stapel löschen…' })).toBeInTheDocument()
    expect(screen.getByTestId('no-rows')).toHaveTextContent('Noch keine Karte in diesem Stapel')
    expect(screen.getByTestId('taps-to')).toHaveTextContent('Karten kommen in „Lobby“')
    expect(screen.getByText('nächster 7', { exact: false })).toBeInTheDocument()
    expect(screen.queryByText(/Import cards|New batch|No card in this batch/)).toBeNull()
  }, 30_000)
})
