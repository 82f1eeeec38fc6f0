import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import Pager from '../../../src/renderer/src/components/common/Pager.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'

afterEach(() => {
  cleanup()
  announcer.message = ''
})

/**
 * The walk: on Visitors, "Assign PIN" said three things, the page count among them (a live region of its
 * own that speaks whenever a total changes). The pager is no live region; a page turned by its buttons is
 * said once, by the app's announcement, when the page asked for is shown.
 */
describe('the pager speaks only for its own action', () => {
  it('is no live region; Next says the new page once it is shown', async () => {
    const { rerender } = render(Pager, { page: 1, pageSize: 25, total: 60, onpage: () => undefined, label: 'visitors' })
    const summary = screen.getByTestId('pager-summary')
    expect(summary.closest('[aria-live], [role="status"], [role="log"]')).toBeNull()
    // A total changed by another action is not said.
    await rerender({ page: 1, pageSize: 25, total: 61, onpage: () => undefined, label: 'visitors' })
    await new Promise((r) => setTimeout(r, 60))
    expect(announcer.message).toBe('')
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await rerender({ page: 2, pageSize: 25, total: 61, onpage: () => undefined, label: 'visitors' })
    await expect.poll(() => announcer.message).toBe(screen.getByTestId('pager-summary').textContent)
    expect(announcer.message).toMatch(/2/)
  })
})
