import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { BatchesStore, startTapRouting } from '../../../src/renderer/src/stores/batches.svelte'
import { ReaderStore } from '../../../src/renderer/src/stores/reader.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { BatchSummary } from '../../../src/shared/batches/schemas'
import type { ReaderCard } from '../../../src/shared/reader/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

const summary = (id: string, name: string): BatchSummary => ({
  id,
  name,
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: 'draft',
  console: null,
  counts: { total: 0, pending: 0, imported: 0, failed: 0, unknown: 0 }
})
const card: ReaderCard = {
  reader: 'Virtual PCD 00 00',
  uid: '04A23B1C',
  atr: '3B00',
  standard: 'TAG_ISO_14443_3',
  formats: { hex: '04A23B1C', reversed: '1C3BA204', decimal: '77740828' },
  randomUid: false,
  at: 1
}

describe('Import screen: another batch opened', () => {
  it('a typed-ID error does not follow into another batch', async () => {
    const batches = [summary('b1', 'First'), summary('b2', 'Second')]
    const { bridge } = eventBridge({
      'batches.list': () => ok({ batches, unreadable: [] }),
      'batches.get': (input) => ok({ ...batches.find((b) => b.id === (input as { id: string }).id)!, rows: [] }),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
      'batches.addScan': () => ({
        ok: false,
        error: { kind: 'validation', message: '"G" is not a hex digit', retryable: false }
      })
    })
    setApiForTests(bridge)
    render(ImportScreen)
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('First'))
    await fireEvent.input(screen.getByRole('textbox', { name: 'NFC ID to add' }), { target: { value: '04A1B2CG' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await screen.findByText(/is not a hex digit/)

    await fireEvent.click(screen.getByRole('button', { name: /Second/ }))
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('Second'))
    expect(screen.queryByText(/is not a hex digit/)).toBeNull()
    expect(screen.getByRole('textbox', { name: 'NFC ID to add' })).toHaveValue('')
  })
})

describe('typing cards in', () => {
  it('a typed-ID error goes once the ID is typed again; after Add the next ID is typed without reaching for the field', async () => {
    const batch = summary('b1', 'First')
    let adds = 0
    const { bridge } = eventBridge({
      'batches.list': () => ok({ batches: [batch], unreadable: [] }),
      'batches.get': () => ok({ ...batch, rows: [] }),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
      'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
      'batches.addScan': () =>
        ++adds === 1
          ? { ok: false, error: { kind: 'validation', message: '"G" is not a hex digit', retryable: false } }
          : ok({ duplicate: false, row: null })
    })
    setApiForTests(bridge)
    render(ImportScreen)
    await waitFor(() => expect(screen.getByTestId('batch-title')).toHaveTextContent('First'))
    const id = screen.getByRole('textbox', { name: 'NFC ID to add' })
    await fireEvent.input(id, { target: { value: '04A1B2CG' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await screen.findByText(/is not a hex digit/)
    // Still the wrong ID in the field: the message stays. Typed again: it goes.
    expect(id).toHaveValue('04A1B2CG')
    await fireEvent.input(id, { target: { value: '04A1B2C3' } })
    expect(screen.queryByText(/is not a hex digit/)).toBeNull()
    const add = screen.getByRole('button', { name: 'Add' })
    add.focus()
    await fireEvent.click(add)
    await waitFor(() => expect(id).toHaveValue(''))
    expect(id).toHaveFocus()
    expect(adds).toBe(2)
  })
})

describe('taps and batches at app level', () => {
  it('a tap goes into the open batch without the Import screen, and is marked when no batch is open', async () => {
    const { bridge, calls, emit } = eventBridge({ 'batches.scanInto': (input) => ok(input) })
    setApiForTests(bridge)
    const store = new BatchesStore()
    const reader = new ReaderStore()
    const stop = startTapRouting(store, reader)
    try {
      emit('reader.card', card)
      emit('batches.tap', { reader: card.reader, uid: card.uid, at: 1, batchId: null, outcome: { kind: 'no-batch' } })
      await waitFor(() => expect(reader.taps[0]?.outcome).toEqual({ kind: 'no-batch' }))
      store.selectedId = 'b1'
      emit('reader.card', { ...card, at: 2 })
      const added = { kind: 'added' as const, alias: '', nfcId: '04A23B1C' }
      emit('batches.tap', { reader: card.reader, uid: card.uid, at: 2, batchId: 'b1', outcome: added })
      await waitFor(() => expect(reader.taps[0]?.outcome).toMatchObject({ kind: 'added', nfcId: '04A23B1C' }))
      expect(calls.filter(([c]) => c === 'batches.scanInto').map(([, i]) => i)).toEqual([
        { batchId: null },
        { batchId: 'b1' }
      ])
    } finally {
      stop()
    }
  })
})
