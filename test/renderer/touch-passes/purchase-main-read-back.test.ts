import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import PurchaseDialog from '../../../src/renderer/src/components/touch-passes/PurchaseDialog.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'
import type { Envelope } from '../../../src/shared/ipc/define'

/**
 * A purchase whose answer was lost is read back by main (the list before and after it, which also
 * settles the audit row): the dialog says what main read, one source for the screen and the Audit
 * row, and does not count the list a second time.
 */
describe('Touch Pass purchase dialog when main read the list back', () => {
  it("says main's count (5 to 8), not a count of its own taken later; the list is not counted again", async () => {
    const cut: Envelope = {
      ok: false,
      error: {
        kind: 'network',
        code: 'ECONNRESET',
        message: 'Could not reach the console: the connection was cut before the console answered.',
        hint: 'The purchase may or may not have gone through: check the Touch Pass list before trying again.',
        retryable: false,
        details: { listed: { before: 5, after: 8 }, bought: ['A', 'B', 'C'] }
      }
    }
    const totals = [4, 9]
    const { bridge, calls } = scriptedBridge({
      'touchPasses.purchase': () => cut,
      'touchPasses.list': () => ({ ok: true, result: { items: [], total: totals.shift() } }) as Envelope
    })
    setApiForTests(bridge)
    render(PurchaseDialog, { onclose: vi.fn(), onpurchased: vi.fn() })
    await fireEvent.input(screen.getByLabelText('Number of passes'), { target: { value: '3' } })
    await fireEvent.click(screen.getByRole('checkbox'))
    await fireEvent.click(screen.getByRole('button', { name: /Buy 3 and charge/ }))
    expect(await screen.findByTestId('purchase-counted')).toHaveTextContent(
      '3 passes were bought: the list grew from 5 to 8.'
    )
    expect(calls.map(([c]) => c).filter((c) => c === 'touchPasses.list')).toHaveLength(1)
  })
})
