import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import RowsTable from './RowsTableWhole.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { BatchRow } from '../../../src/shared/batches/schemas'

const text = (el: HTMLElement) => el.textContent!.replace(/\s+/g, ' ').trim()

/** Rows of a reversed batch, as main holds them: their NFC IDs as sent (04A23B1C… typed). */
const row = (id: string, nfcId: string, status: BatchRow['status']): BatchRow => ({
  id,
  nfcId,
  alias: '',
  addedAt: '',
  source: 'manual',
  status
})
const rows = [
  row('a', '1C3BA204', 'pending'),
  row('b', '1D3BA204', 'imported'),
  row('c', '1E3BA204', 'failed'),
  row('d', '1F3BA204', 'unknown')
]

/** A row not sent yet says what it will be sent as; a row sent says what it was sent as (every language). */
describe('a reversed batch’s rows: what each is or will be sent as', () => {
  afterEach(() => {
    cleanup()
    deskLanguage.choose(null)
  })

  for (const [language, future, past] of [
    ['en', 'will be sent as', 'sent as'],
    ['de', 'wird gesendet als', 'gesendet als'],
    ['fr', 'sera envoyée comme', 'envoyée comme'],
    ['es', 'se enviará como', 'enviada como']
  ] as const) {
    it(`${language}: “${future}” until sent, then “${past}”`, async () => {
      deskLanguage.choose(language)
      render(RowsTable, { rows, order: 'reversed', onsave: async () => {}, ondelete: () => {} })
      await waitFor(
        () =>
          expect(screen.getAllByTestId('sent-as').map(text)).toEqual([
            `${future} 1C3BA204`,
            `${past} 1D3BA204`,
            `${past} 1E3BA204`,
            `${past} 1F3BA204`
          ]),
        { timeout: 5000 }
      )
    })
  }
})
