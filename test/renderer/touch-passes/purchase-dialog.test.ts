import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import PurchaseDialog from '../../../src/renderer/src/components/touch-passes/PurchaseDialog.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'
import { passOf } from './pass-fixture'
import type { Envelope } from '../../../src/shared/ipc/define'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'

const pass = (id: string) => passOf(id, 'INACTIVE')

/** The purchases sent (the dialog also reads the unassigned passes when it opens). */
const purchases = (calls: [string, unknown][]) => calls.filter(([c]) => c === 'touchPasses.purchase')

/** An answer the test releases when it wants: the purchase is "in flight" until then. */
function deferred() {
  let release!: (e: Envelope) => void
  const promise = new Promise<Envelope>((r) => (release = r))
  return { promise, release }
}

describe('Touch Pass purchase dialog', () => {
  it('needs the explicit confirmation before it can buy, and states the count and the charge', async () => {
    const { bridge, calls } = scriptedBridge({})
    setApiForTests(bridge)
    render(PurchaseDialog, { onclose: vi.fn(), onpurchased: vi.fn() })
    await fireEvent.input(screen.getByLabelText('Number of passes'), { target: { value: '2' } })
    expect(screen.getByTestId('purchase-statement')).toHaveTextContent('You are buying 2 Touch Passes')
    expect(screen.getByTestId('purchase-statement')).toHaveTextContent('payment method')
    const buy = screen.getByRole('button', { name: /Buy 2 and charge/ })
    // Off until the box is ticked, yet a Tab stop that says what it waits for (it was skipped by Tab).
    expect(buy).toHaveAttribute('aria-disabled', 'true')
    expect(buy).not.toBeDisabled()
    expect(buy).toHaveAccessibleDescription('Tick the box above to confirm the charge first.')
    await fireEvent.click(buy)
    expect(purchases(calls)).toEqual([])
    await fireEvent.input(screen.getByLabelText('Number of passes'), { target: { value: '0' } })
    expect(screen.getByText('Buy at least one pass.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /and charge/ })).toHaveAttribute('aria-disabled', 'true')
  })

  it('says the unassigned passes could not be counted when the console does not answer (never silent)', async () => {
    const { bridge } = scriptedBridge({
      'touchPasses.assignable': () => ({
        ok: false,
        error: { kind: 'network', code: 'TIMEOUT', message: 'The console did not answer in time.', retryable: true }
      })
    })
    setApiForTests(bridge)
    render(PurchaseDialog, { onclose: vi.fn(), onpurchased: vi.fn() })
    expect(await screen.findByTestId('purchase-unassigned')).toHaveTextContent(
      'How many passes are unassigned could not be read: the console did not answer.'
    )
  })

  it('sends one purchase however often the button is pressed while it is in flight', async () => {
    const answer = deferred()
    const { bridge, calls } = scriptedBridge({ 'touchPasses.purchase': () => answer.promise })
    setApiForTests(bridge)
    const onpurchased = vi.fn()
    render(PurchaseDialog, { onclose: vi.fn(), onpurchased })
    await fireEvent.input(screen.getByLabelText('Number of passes'), { target: { value: '2' } })
    await fireEvent.click(screen.getByRole('checkbox'))
    const buy = screen.getByRole('button', { name: /Buy 2 and charge/ })
    expect(buy).toBeEnabled()
    // Three presses in the same tick (a double click plus Enter), then more while it is sending.
    const form = buy.closest('form')!
    buy.click()
    buy.click()
    form.requestSubmit()
    await fireEvent.click(buy)
    expect(calls.filter(([c]) => c === 'touchPasses.purchase')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Buying…' })).toHaveAttribute('aria-disabled', 'true')
    answer.release({ ok: true, result: { items: [pass('1'), pass('2')], listed: { before: 12, after: 14 } } })
    expect(await screen.findByTestId('purchase-done')).toHaveTextContent('the list grew by 2 passes (from 12 to 14)')
    // Said in the app's one live region (a role=status drawn already filled is not read out), the
    // focus on Close: the buyer hears what was bought, once.
    await expect.poll(() => announcer.message).toBe(screen.getByTestId('purchase-done').textContent)
    expect(screen.getByTestId('purchase-done')).not.toHaveAttribute('role')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))
    expect(onpurchased).toHaveBeenCalledTimes(1)
    expect(calls.filter(([c]) => c === 'touchPasses.purchase')).toHaveLength(1)
    const [, input] = purchases(calls)[0]!
    expect(input).toMatchObject({ count: 2 })
    expect((input as { idempotencyKey: string }).idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('never retries a failed purchase and tells the user to check the list first', async () => {
    const { bridge, calls } = scriptedBridge({
      'touchPasses.purchase': () => ({
        ok: false,
        error: {
          kind: 'network',
          code: 'TIMEOUT',
          message: 'The console did not answer Purchase Touch Passes (E14) in time.',
          hint: 'The purchase may or may not have gone through.',
          retryable: true
        }
      })
    })
    setApiForTests(bridge)
    render(PurchaseDialog, { onclose: vi.fn(), onpurchased: vi.fn() })
    await fireEvent.click(screen.getByRole('checkbox'))
    await fireEvent.click(screen.getByRole('button', { name: /Buy 1 and charge/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent('did not answer')
    expect(screen.getByTestId('purchase-check-list')).toHaveTextContent('check the Touch Pass list before trying again')
    // No "Try again" even though the error is retryable, and the buy button stays off.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(screen.getByRole('button', { name: /and charge/ })).toHaveAttribute('aria-disabled', 'true')
    await fireEvent.click(screen.getByRole('button', { name: /and charge/ }))
    expect(purchases(calls)).toHaveLength(1)
  })

  it('takes the confirmation back whenever the count changes', async () => {
    const { bridge, calls } = scriptedBridge({})
    setApiForTests(bridge)
    render(PurchaseDialog, { onclose: vi.fn(), onpurchased: vi.fn() })
    const count = screen.getByLabelText('Number of passes')
    const tick = screen.getByRole('checkbox')
    await fireEvent.input(count, { target: { value: '2' } })
    await fireEvent.click(tick)
    expect(tick).toBeChecked()
    expect(screen.getByRole('button', { name: /Buy 2 and charge/ })).toBeEnabled()
    await fireEvent.input(count, { target: { value: '20' } })
    expect(tick).not.toBeChecked()
    const buy = screen.getByRole('button', { name: /Buy 20 and charge/ })
    expect(buy).toHaveAttribute('aria-disabled', 'true')
    await fireEvent.click(buy)
    expect(purchases(calls)).toEqual([])
  })

  it('says how many passes are already unassigned before anything is bought', async () => {
    const held = { ...pass('3'), status: 'SUSPENDED', user_id: 'u1' }
    const { bridge, calls } = scriptedBridge({
      'touchPasses.assignable': () => ({
        ok: true,
        result: { items: [pass('1'), pass('2'), pass('4'), pass('5'), held] }
      })
    })
    setApiForTests(bridge)
    render(PurchaseDialog, { onclose: vi.fn(), onpurchased: vi.fn() })
    expect(await screen.findByTestId('purchase-unassigned')).toHaveTextContent(
      '4 passes are unassigned: you may not need to buy.'
    )
    expect(purchases(calls)).toEqual([])
  })

  it('states the charge only for a count it would buy, and the field error otherwise', async () => {
    const { bridge, calls } = scriptedBridge({})
    setApiForTests(bridge)
    render(PurchaseDialog, { onclose: vi.fn(), onpurchased: vi.fn() })
    const count = screen.getByLabelText('Number of passes')
    for (const [typed, error] of [
      ['500', 'Buy at most 50 passes at a time.'],
      ['2.5', /whole number/i]
    ] as const) {
      await fireEvent.input(count, { target: { value: typed } })
      expect(count).toHaveAttribute('aria-invalid', 'true')
      expect(screen.getByText(error)).toBeInTheDocument()
      expect(screen.queryByTestId('purchase-statement')).toBeNull()
      expect(screen.queryByRole('checkbox')).toBeNull()
      expect(screen.getByRole('button', { name: 'Buy and charge' })).toHaveAttribute('aria-disabled', 'true')
      expect(document.body).not.toHaveTextContent(typed === '500' ? /buying 500/ : /2\.5/)
    }
    // The price is the console's: no amount is made up.
    await fireEvent.input(count, { target: { value: '3' } })
    expect(screen.getByTestId('purchase-statement')).toHaveTextContent('price of the console’s plan')
    expect(screen.getByTestId('purchase-statement')).not.toHaveTextContent(/[$€£]\s?\d/)
    expect(purchases(calls)).toEqual([])
  })

  it('says what the list gained, not what the console answered', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      // The reference's answer: one pass for two bought; the list grew by two.
      [{ items: [pass('1')], listed: { before: 12, after: 14 } }, /the list grew by 2 passes \(from 12 to 14\)/],
      [
        { items: [pass('1')], listed: { before: 12, after: 13 } },
        /confirmed buying 2 passes, but the list grew by 1 pass/
      ],
      [{ items: [pass('1')] }, /could not be read to count them: check the list/]
    ]
    for (const [result, said] of cases) {
      const { bridge } = scriptedBridge({ 'touchPasses.purchase': () => ({ ok: true, result }) })
      setApiForTests(bridge)
      const view = render(PurchaseDialog, { onclose: vi.fn(), onpurchased: vi.fn() })
      await fireEvent.input(screen.getByLabelText('Number of passes'), { target: { value: '2' } })
      await fireEvent.click(screen.getByRole('checkbox'))
      await fireEvent.click(screen.getByRole('button', { name: /Buy 2 and charge/ }))
      const done = await screen.findByTestId('purchase-done')
      expect(done).toHaveTextContent(said)
      expect(done).not.toHaveTextContent(/answered with/)
      view.unmount()
    }
  })
})
