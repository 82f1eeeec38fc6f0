import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import type { BatchRow, BatchSummary } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

/**
 * Every button of Import that sends follows the app's one rule while web mode's own service is down
 * (serviceLink.sendOffReason): off, described by that reason said once on the page, what was typed
 * kept; on again when the service is back.
 */
const summary: BatchSummary = {
  id: 'b1',
  name: 'Lobby',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: 'partly-imported',
  console: null,
  counts: { total: 2, pending: 1, imported: 0, failed: 1, unknown: 0 }
}
const rows: BatchRow[] = [
  { id: 'r1', nfcId: '04A23B1C', alias: 'Desk', addedAt: '', source: 'scan', status: 'pending' },
  { id: 'r2', nfcId: '04A23B1D', alias: 'Gate', addedAt: '', source: 'scan', status: 'failed', reason: 'No.' }
]
const REASON =
  /^Access Desk's service is not answering: the buttons that send are off until it is back, and nothing is sent by itself/

afterEach(() => {
  serviceLink.take('connected')
  cleanup()
})

describe('Import while web mode’s own service is down', () => {
  it(
    'every send button is off with the one reason, said once; the typing stays; on again when it is back',
    { timeout: 30_000 },
    async () => {
      const { bridge } = eventBridge({
        'batches.list': () => ok({ batches: [summary], unreadable: [] }),
        'batches.get': () => ok({ ...summary, rows }),
        'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
        'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' })
      })
      setApiForTests(bridge)
      serviceLink.take('connected')
      render(ImportScreen)
      await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby'))
      await fireEvent.input(screen.getByRole('textbox', { name: 'NFC ID to add' }), { target: { value: '0A0B0C0D' } })
      await fireEvent.click(screen.getByRole('button', { name: 'New batch…' }))
      await fireEvent.input(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Floor 3' } })
      const sends = () => [
        screen.getByRole('button', { name: 'Add' }),
        screen.getByRole('button', { name: 'Open CSV…' }),
        screen.getByRole('button', { name: 'Edit row 1' }),
        screen.getByRole('button', { name: 'Delete row 1' }),
        screen.getByRole('button', { name: 'Delete batch…' }),
        screen.getByRole('button', { name: /^Upload 1 card/ }),
        screen.getByRole('button', { name: /^Retry 1 failed/ })
      ]
      const create = () => screen.getByRole('button', { name: 'Create batch' })
      for (const button of sends()) expect(button, button.textContent ?? '').toBeEnabled()
      expect(create()).not.toHaveAttribute('aria-disabled', 'true')

      serviceLink.take('lost')
      await waitFor(() => expect(screen.getByTestId('send-off-note')).toHaveTextContent(REASON))
      for (const button of sends()) {
        // SendButton's rule: off (aria-disabled, its click refused) and focusable; the file picker is a
        // plain input's button (FileDrop), disabled while nothing can be added.
        if (button.textContent === 'Open CSV…') expect(button).toBeDisabled()
        else expect(button, button.textContent ?? '').toHaveAttribute('aria-disabled', 'true')
        expect(button, button.textContent ?? '').toHaveAccessibleDescription(REASON)
      }
      expect(create()).toHaveAttribute('aria-disabled', 'true')
      // The new batch's button says it under itself, of itself.
      const ONE = /^Access Desk's service is not answering: this button is off until it is back/
      expect(create()).toHaveAccessibleDescription(ONE)
      // Said once for the open batch (the upload panel points at the same note), once at the new batch's button.
      expect(screen.getAllByText(REASON)).toHaveLength(1)
      expect(screen.getAllByText(ONE)).toHaveLength(1)
      expect(screen.getByRole('textbox', { name: 'NFC ID to add' })).toHaveValue('0A0B0C0D')
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Floor 3')

      serviceLink.take('connected')
      await waitFor(() => expect(screen.queryByTestId('send-off-note')).toBeNull())
      for (const button of sends()) {
        expect(button, button.textContent ?? '').toBeEnabled()
        expect(button, button.textContent ?? '').not.toHaveAttribute('aria-disabled', 'true')
      }
      expect(create()).not.toHaveAttribute('aria-disabled', 'true')
    }
  )
})
