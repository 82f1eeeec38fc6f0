import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { row, todayBridge, viewOf } from './today-bridge'

/**
 * The walk-in form's code is loaded when the desk first opens it, not with Today's first paint
 * (test/packaging/renderer-first-paint.test.ts). Its chunk can be gone (the app updated under a
 * running window): the desk is told what happened and what to do, the focus stays on the button,
 * and Try again loads it.
 */
const chunk = vi.hoisted(() => ({ gone: true }))
vi.mock('../../../src/renderer/src/components/visitors/VisitorForm.svelte', async (importOriginal) => {
  if (chunk.gone) throw new Error('Failed to fetch dynamically imported module')
  return importOriginal()
})

afterEach(() => {
  cleanup()
  today.reset()
})

describe('Today: the walk-in form, loaded when opened', () => {
  it('a failed load says so under the button, keeps the focus there, and Try again opens the form', async () => {
    const { bridge } = todayBridge({ 'today.list': () => viewOf([row({ id: 'ola', name: 'Ola Ek' })]) })
    setApiForTests(bridge)
    render(TodayScreen)
    await screen.findByRole('button', { name: 'Ola Ek' })
    const add = screen.getByRole('button', { name: /^Add walk-in…/ })
    add.focus()
    await fireEvent.click(add)

    const alert = await screen.findByText(/^The walk-in form could not be loaded \(/)
    expect(alert.closest('[role="alert"]') ?? alert).toHaveTextContent(/reload the window \(Ctrl\+R\)/)
    expect(screen.queryByTestId('today-walk-in')).toBeNull()
    expect(document.activeElement).toBe(add)

    chunk.gone = false
    await fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    const form = await screen.findByTestId('today-walk-in', {}, { timeout: 4000 })
    expect(within(form).getByLabelText('First name')).toHaveFocus()
    expect(screen.queryByText(/could not be loaded/)).toBeNull()
    // The form's first compile (Try again imports it for the first time here) takes seconds on a busy machine.
  }, 20_000)
})
