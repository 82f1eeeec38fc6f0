import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { BatchSummary } from '../../../src/shared/batches/schemas'
import type { Envelope } from '../../../src/shared/ipc/define'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

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
const added = (nfcId: string) =>
  ok({ duplicate: false, row: { id: nfcId, nfcId, alias: '', addedAt: '', source: 'manual', status: 'pending' } })

/**
 * Import: a typed NFC ID added while main still checks the one before it with the console (its first
 * read of the console's cards is slow). The second ID was wiped from the field by the first answer,
 * and its Add went nowhere, with nothing said. Now the field keeps what was typed after the first was
 * sent, and the second Add is sent once the first is answered.
 */
describe('a typed ID added while the one before it is being checked', () => {
  it('is kept in its field and added once the first is answered', { timeout: 15_000 }, async () => {
    const answers: ((envelope: Envelope) => void)[] = []
    const { bridge, calls } = eventBridge({
      'batches.list': () => ok({ batches: [summary], unreadable: [] }),
      'batches.get': () => ok({ ...summary, rows: [] }),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
      'batches.addScan': () => new Promise<Envelope>((resolve) => answers.push(resolve))
    })
    setApiForTests(bridge)
    render(ImportScreen)
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Lobby'))
    const field = screen.getByRole('textbox', { name: 'NFC ID to add' }) as HTMLInputElement
    await fireEvent.input(field, { target: { value: '04C0FFEE000001' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(answers).toHaveLength(1))

    // 300 ms later the next card is typed and added, the first still being checked.
    await fireEvent.input(field, { target: { value: '04C0FFEE000002' } })
    await fireEvent.submit(field.closest('form')!)
    answers[0]!(added('04C0FFEE000001'))

    await waitFor(() => expect(answers).toHaveLength(2))
    const sent = calls.filter(([c]) => c === 'batches.addScan').map(([, input]) => (input as { uid: string }).uid)
    expect(sent).toEqual(['04C0FFEE000001', '04C0FFEE000002'])
    // Until its own answer, the second ID stays where it was typed.
    expect(field.value).toBe('04C0FFEE000002')
    answers[1]!(added('04C0FFEE000002'))
    await waitFor(() => expect(field.value).toBe(''))
  })
})
