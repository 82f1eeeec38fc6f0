import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { row, todayBridge, viewOf } from './today-bridge'

afterEach(() => {
  cleanup()
  today.reset()
  serviceLink.status = undefined
})

// A note for the screen's many buttons speaks of them all, never "this button" (it sits above the list).
const REASON = /^Access Desk's service is not answering: the buttons that send are off until it is back/

/**
 * Web mode's service down (issue 31): each visitor's name button (it opens the visitor, a read) is
 * off, described by the screen's one note, not by the long reason repeated on every row; "Add
 * walk-in…" only opens the form and stays on: the form's Save carries the off state.
 */
describe('Today while web mode’s service is down', () => {
  it('rows point at one note; Add walk-in opens the form, whose Save is off with the reason', async () => {
    const { bridge } = todayBridge({
      'today.list': () =>
        viewOf([row({ id: 'a', name: 'Ann Berg' }), row({ id: 'b', name: 'Bo Ek' }), row({ id: 'c', name: 'Cy Lund' })])
    })
    setApiForTests(bridge)
    serviceLink.take('connected')
    render(TodayScreen)
    await screen.findByRole('button', { name: 'Ann Berg' })
    serviceLink.take('lost')

    const note = await screen.findByTestId('today-send-off')
    expect(note).toHaveTextContent(REASON)
    for (const name of ['Ann Berg', 'Bo Ek', 'Cy Lund']) {
      const button = screen.getByRole('button', { name })
      expect(button).toHaveAttribute('aria-disabled', 'true')
      expect(button).toHaveAccessibleDescription(REASON)
      expect(button.getAttribute('aria-describedby')).toBe(note.id)
    }
    // Written once on the page, not under every row.
    expect(screen.getAllByText(REASON)).toHaveLength(1)

    const add = screen.getByRole('button', { name: /^Add walk-in…/ })
    expect(add).not.toHaveAttribute('aria-disabled', 'true')
    expect(add).toBeEnabled()
    await fireEvent.click(add)
    const form = await screen.findByTestId('today-walk-in', {}, { timeout: 8000 })
    const save = within(form).getByRole('button', { name: 'Create visitor' })
    expect(save).toHaveAttribute('aria-disabled', 'true')
    // The form's Save carries its own reason under it: that one speaks of itself.
    expect(save).toHaveAccessibleDescription(
      /^Access Desk's service is not answering: this button is off until it is back/
    )
  }, 30_000)
})
