import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { SLOW_AFTER_MS, Task } from '../../../src/renderer/src/lib/task.svelte'
import type { BatchSummary } from '../../../src/shared/batches/schemas'
import type { Envelope } from '../../../src/shared/ipc/define'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

/**
 * An action whose answer takes longer than a short bound says it is at work (Task.slow, the one
 * mechanism): a typed NFC ID took more than 2.5 s while main checked it with the console, and the
 * screen showed nothing meanwhile. A quick answer shows no flicker.
 */
const summary: BatchSummary = {
  id: 'b1',
  name: 'Lobby',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: 'draft',
  console: null,
  counts: { total: 0, pending: 0, imported: 0, failed: 0, unknown: 0 }
}

describe('a slow answer shows a busy state', () => {
  it('Task: slow only once the action has run longer than the bound, and not after it', async () => {
    const task = new Task()
    let finish: () => void = () => {}
    const running = task.run(() => new Promise<void>((resolve) => (finish = resolve)))
    expect(task.busy).toBe(true)
    expect(task.slow).toBe(false)
    await new Promise((r) => setTimeout(r, SLOW_AFTER_MS + 50))
    expect(task.slow).toBe(true)
    finish()
    await running
    expect(task.slow).toBe(false)
    // A quick one never turns slow.
    await task.run(async () => {})
    await new Promise((r) => setTimeout(r, SLOW_AFTER_MS + 50))
    expect(task.slow).toBe(false)
  })

  it(
    'Import: a typed NFC ID checked slowly says "Checking…" on its button until the answer',
    { timeout: 15_000 },
    async () => {
      let answer: (envelope: Envelope) => void = () => {}
      const { bridge } = eventBridge({
        'batches.list': () => ok({ batches: [summary], unreadable: [] }),
        'batches.get': () => ok({ ...summary, rows: [] }),
        'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
        'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
        'batches.addScan': () => new Promise<Envelope>((resolve) => (answer = resolve))
      })
      setApiForTests(bridge)
      render(ImportScreen)
      await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby'))
      await fireEvent.input(screen.getByRole('textbox', { name: 'NFC ID to add' }), { target: { value: '04A23B1C' } })
      await fireEvent.click(screen.getByRole('button', { name: 'Add' }))
      const button = await screen.findByRole('button', { name: 'Checking…' }, { timeout: 3000 })
      expect(button.closest('form')).toHaveAttribute('aria-busy', 'true')
      answer(
        ok({
          duplicate: false,
          row: { id: 'r1', nfcId: '04A23B1C', alias: '', addedAt: '', source: 'manual', status: 'pending' }
        })
      )
      await screen.findByRole('button', { name: 'Add' })
      expect(button.closest('form')).not.toHaveAttribute('aria-busy', 'true')
    }
  )
})
