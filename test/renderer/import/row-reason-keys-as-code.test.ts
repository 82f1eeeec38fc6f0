import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/svelte'
import RowsTable from './RowsTableWhole.svelte'
import { errorReason } from '../../../src/main/services/batches/row-reasons'
import { errorFromResponse } from '../../../src/main/services/access/errors'
import { endpoints } from '../../../src/shared/access/endpoints'
import type { BatchRow } from '../../../src/shared/batches/schemas'

/**
 * A row the console refused for a missing key names the key as code (`edit:credential` drawn as
 * <code>), as every notice and banner does: never the message's raw markdown backticks.
 */
describe('a row’s reason naming a permission key', () => {
  it('shows the key as code, without backticks', async () => {
    const rows: BatchRow[] = [
      {
        id: '01',
        nfcId: '04A1B201',
        alias: 'Desk-01',
        addedAt: '',
        source: 'csv',
        status: 'pending',
        ...errorReason(errorFromResponse(endpoints.E16, 403, { code: 'CODE_UNAUTHORIZED' }), 'Site A')
      }
    ]
    render(RowsTable, { rows, onsave: async () => {}, ondelete: () => {} })
    const reason = await waitFor(() => screen.getByTestId('row-reason'), { timeout: 5000 })
    await waitFor(() => expect(reason.textContent).toMatch(/edit:credential/))
    expect(reason.textContent).not.toContain('`')
    const codes = [...reason.querySelectorAll('code')].map((c) => c.textContent)
    expect(codes).toEqual(['edit:credential', 'edit:credential'])
  })
})
