import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import PurchaseDialog from '../../../src/renderer/src/components/touch-passes/PurchaseDialog.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'
import type { Envelope } from '../../../src/shared/ipc/define'

const cut: Envelope = {
  ok: false,
  error: {
    kind: 'network',
    code: 'ECONNRESET',
    message: 'Could not reach the console at https://127.0.0.1:1: the connection was cut before the console answered.',
    hint: 'The purchase may or may not have gone through: check the Touch Pass list before trying again.',
    retryable: false
  }
}

/** The list's total, one answer per read, in order (the dialog counts before sending and after a failure). */
function totals(...counts: number[]) {
  return () => ({ ok: true, result: { items: [], total: counts.shift() } }) as Envelope
}

async function buy(count: number) {
  await fireEvent.input(screen.getByLabelText('Number of passes'), { target: { value: String(count) } })
  await fireEvent.click(screen.getByRole('checkbox'))
  await fireEvent.click(screen.getByRole('button', { name: new RegExp(`Buy ${count} and charge`) }))
}

/** A purchase whose answer was lost: the dialog counts the list and says what happened. */
describe('Touch Pass purchase dialog when the answer is lost', () => {
  it('the list grew by the count: says the passes were bought, not "may or may not"; sent once', async () => {
    const { bridge, calls } = scriptedBridge({ 'touchPasses.purchase': () => cut, 'touchPasses.list': totals(5, 8) })
    setApiForTests(bridge)
    const onpurchased = vi.fn()
    render(PurchaseDialog, { onclose: vi.fn(), onpurchased })
    await buy(3)
    const said = await screen.findByTestId('purchase-counted')
    // Bought: said as what happened, not led by the failure ("Could not reach the console…" read as a failure).
    expect(said.textContent).toMatch(/^3 passes were bought: the list grew from 5 to 8\./)
    expect(said).toHaveTextContent("The console's answer was lost, so this was read back")
    expect(said).not.toHaveTextContent(/may or may not|check the|could not reach|connection was cut/i)
    expect(screen.queryByRole('alert')).toBeNull()
    // The list behind the dialog is read again; the focus is on the way out, not on the page.
    expect(onpurchased).toHaveBeenCalledWith([])
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
    // Counted before, sent once, counted after: nothing else went out.
    expect(calls.map(([c]) => c).filter((c) => c !== 'touchPasses.assignable')).toEqual([
      'touchPasses.list',
      'touchPasses.purchase',
      'touchPasses.list'
    ])
  })

  it('a count that does not explain it keeps the error and says to check the list; nothing is sent again', async () => {
    const { bridge, calls } = scriptedBridge({ 'touchPasses.purchase': () => cut, 'touchPasses.list': totals(5, 7) })
    setApiForTests(bridge)
    const onpurchased = vi.fn()
    render(PurchaseDialog, { onclose: vi.fn(), onpurchased })
    await buy(3)
    expect(await screen.findByTestId('purchase-check-list')).toHaveTextContent(
      'The list went from 5 to 7, not up by the 3 asked: someone may have changed it meanwhile. Check the list before trying again.'
    )
    expect(screen.getByRole('alert')).toHaveTextContent('connection was cut')
    expect(screen.getByRole('button', { name: /and charge/ })).toHaveAttribute('aria-disabled', 'true')
    expect(onpurchased).not.toHaveBeenCalled()
    expect(calls.filter(([c]) => c === 'touchPasses.purchase')).toHaveLength(1)
  })
})

/**
 * Access Desk's own service stopped while the purchase was being sent (web mode killed, restarted): the tab
 * cannot know whether main sent it, main's audit trail does. Buy again sends this dialog's purchase with its
 * key, which main never sends twice (audit/same-write.ts): so the dialog offers it, never a "may or may not"
 * that nothing settles.
 */
describe('Touch Pass purchase dialog when Access Desk stopped answering', () => {
  const stopped: Envelope = {
    ok: false,
    error: {
      kind: 'network',
      code: 'SERVICE_LOST',
      message: "The connection to Access Desk's local service is lost.",
      hint: 'Keep this tab open.',
      retryable: true
    }
  }

  it('says Buy again is safe, and sends the same purchase (its key) once the person presses it', async () => {
    const answers: Envelope[] = [stopped, { ok: true, result: { items: [], listed: { before: 5, after: 8 } } }]
    const { bridge, calls } = scriptedBridge({
      'touchPasses.purchase': () => answers.shift()!,
      'touchPasses.list': () => ({ ok: false, error: stopped.error }) as Envelope
    })
    setApiForTests(bridge)
    render(PurchaseDialog, { onclose: vi.fn(), onpurchased: vi.fn() })
    await buy(3)
    const said = await screen.findByTestId('purchase-stopped')
    expect(said).toHaveTextContent('sent only if it never was, never twice')
    expect(screen.queryByText(/may or may not/)).toBeNull()
    const again = screen.getByRole('button', { name: /Buy 3 and charge/ })
    expect(again).not.toHaveAttribute('aria-disabled', 'true')
    await fireEvent.click(again)
    expect(await screen.findByTestId('purchase-done')).toHaveTextContent('3 passes')
    const sent = calls.filter(([c]) => c === 'touchPasses.purchase').map(([, input]) => input)
    expect(sent).toHaveLength(2)
    // The same purchase: one key for the dialog, so main sends it only if the first never left.
    expect((sent[1] as { idempotencyKey: string }).idempotencyKey).toBe(
      (sent[0] as { idempotencyKey: string }).idempotencyKey
    )
  })
})
