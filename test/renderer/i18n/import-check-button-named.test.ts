import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { batchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import type { BatchDetail } from '../../../src/shared/batches/schemas'
import { ok } from '../enroll/event-bridge'
import { eventBridge } from '../import/batch-windows'

const batch: BatchDetail = {
  id: 'b1',
  name: 'Gate',
  aliasPattern: null,
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: '',
  updatedAt: '',
  state: 'draft',
  console: null,
  counts: { total: 2, pending: 0, imported: 0, failed: 0, unknown: 2 },
  rows: ['r1', 'r2'].map((id, i) => ({
    id,
    nfcId: `04A23B1C${i}`,
    alias: 'Desk',
    addedAt: '',
    source: 'manual' as const,
    status: 'unknown' as const
  }))
}

describe('Import’s “to check” note names the check button as it is labelled', () => {
  afterEach(() => {
    cleanup()
    deskLanguage.choose(null)
  })

  it('says in French to press « Vérifier 2 lignes avec la console », the button’s own words', async () => {
    deskLanguage.choose('fr')
    const { bridge } = eventBridge({
      'batches.list': () => ok({ batches: [batch], unreadable: [] }),
      'batches.get': () => ok(batch),
      'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] })
    })
    setApiForTests(bridge)
    render(ImportScreen)
    await batchesStore.open('b1')
    const button = await screen.findByRole('button', { name: /^Vérifier 2 lignes avec la console/ }, { timeout: 3000 })
    const label = button.textContent!.trim()
    await expect.poll(() => document.body.textContent).toContain(`« ${label} » les cherche dans sa liste de cartes`)
  }, 15_000)
})
