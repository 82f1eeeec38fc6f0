import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import { tick } from 'svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { keepFocus } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { batchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import type { BatchDetail } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from './batch-windows'

/**
 * Import's Upload and "Check with the console": when they finish, the focus is on the summary that
 * says how it went, as the guide says — not on the screen's "Import cards" heading, where the focus
 * keeper put it while the action's button was off. The batch is read again after the answer: the
 * summary is there (and takes the focus) before that re-read ends, so the re-read is held here.
 */
let stop: () => void = () => undefined
const held: (() => void)[] = []
const release = () => held.splice(0).forEach((answer) => answer())
afterEach(() => {
  release()
  stop()
  cleanup()
})

function batch(unknown: number): BatchDetail {
  return {
    id: 'b1',
    name: 'Gate',
    aliasPattern: null,
    byteOrder: 'as-read',
    nextNumber: 1,
    createdAt: '',
    updatedAt: '',
    state: 'draft',
    console: null,
    counts: { total: 1, pending: 1 - unknown, imported: 0, failed: 0, unknown },
    rows: [
      {
        id: 'r1',
        nfcId: '04A23B1C',
        alias: 'Desk',
        addedAt: '',
        source: 'manual',
        status: unknown ? 'unknown' : 'pending'
      }
    ]
  }
}

/** The batch once its one card is on the console. */
function imported(): BatchDetail {
  const done = batch(0)
  return {
    ...done,
    state: 'imported',
    counts: { total: 1, pending: 0, imported: 1, failed: 0, unknown: 0 },
    rows: done.rows.map((r) => ({ ...r, status: 'imported' as const }))
  }
}

async function open(unknown: number) {
  let hold = false
  const { bridge } = eventBridge({
    'batches.list': () => ok({ batches: [batch(unknown)], unreadable: [] }),
    'batches.get': () => (hold ? new Promise((answer) => held.push(() => answer(ok(imported())))) : ok(batch(unknown))),
    'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
    'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
    'batches.upload': () => ok({ uploadId: 'u1', sent: 1, imported: 1, failed: 0, unknown: 0 }),
    'batches.check': () => ok({ found: 1, absent: 0 })
  })
  setApiForTests(bridge)
  stop = keepFocus(document)
  render(ImportScreen)
  await batchesStore.open('b1')
  return { holdRereads: () => (hold = true) }
}

describe('Import: the focus after Upload and Check with the console', () => {
  it('Upload ends with the focus on the upload summary', async () => {
    const main = await open(0)
    const upload = await screen.findByRole('button', { name: /^Upload/ })
    upload.focus()
    main.holdRereads()
    await fireEvent.click(upload)
    const summary = await screen.findByTestId('upload-result')
    await waitFor(() => expect(document.activeElement).toBe(summary))
    release()
    await waitFor(() => expect(batchesStore.detail?.rows.get(0)?.status).toBe('imported'))
    await tick()
    expect(document.activeElement).toBe(summary)
  })

  it('Check with the console ends with the focus on its summary', async () => {
    const main = await open(1)
    const check = await screen.findByRole('button', { name: /^Check 1 row with the console/ })
    check.focus()
    main.holdRereads()
    await fireEvent.click(check)
    const summary = await screen.findByTestId('check-result')
    await waitFor(() => expect(document.activeElement).toBe(summary))
    release()
    await waitFor(() => expect(batchesStore.detail?.rows.get(0)?.status).toBe('imported'))
    await tick()
    expect(document.activeElement).toBe(summary)
  })
})
