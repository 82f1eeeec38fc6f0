import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import TouchPassDetails from '../../../src/renderer/src/components/touch-passes/TouchPassDetails.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { passOf } from './pass-fixture'

beforeEach(() => touchPasses.reset())
afterEach(() => cleanup())

const viktor = { id: 'u9', first_name: 'Viktor', last_name: 'Ng', name: 'Viktor Ng', email: 'viktor@example.com' }

/**
 * The search picker's one rule, as on PINs: Enter (or a click) on a result picks the person; the
 * pass is given only by the button that says so. ↓ then Enter never sends.
 */
describe('Touch Pass assign: Enter picks, a button sends', () => {
  it('↓ then Enter on a result picks Viktor Ng and sends nothing; Give the pass sends it', async () => {
    const pass = passOf('7', 'SUSPENDED')
    const { bridge, calls } = scriptedBridge({
      'users.search': () => ({ ok: true, result: { items: [viktor], total: 1 } }),
      'users.list': () => ({ ok: true, result: { items: [viktor], total: 1 } }),
      'touchPasses.assign': () => ({ ok: true, result: { ...pass, user_id: 'u9', user_name: 'Viktor Ng' } })
    })
    setApiForTests(bridge)
    render(TouchPassDetails, { pass })
    await fireEvent.click(screen.getByRole('button', { name: 'Assign to a user…' }))
    const dialog = screen.getByRole('dialog')
    const field = within(dialog).getByLabelText('Find a user')
    await fireEvent.input(field, { target: { value: 'Viktor' } })
    const row = await within(dialog).findByRole('button', { name: /Viktor Ng/ }, { timeout: 2000 })
    field.focus()
    await fireEvent.keyDown(field, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(row)
    await fireEvent.keyDown(row, { key: 'Enter' })
    const give = await within(dialog).findByRole('button', { name: 'Give the pass' })
    expect(within(dialog).getByTestId('pass-assign-chosen')).toHaveTextContent('Viktor Ng')
    await expect.poll(() => document.activeElement).toBe(give)
    expect(calls.filter(([c]) => c === 'touchPasses.assign')).toHaveLength(0)
    await fireEvent.click(give)
    await expect.poll(() => calls.filter(([c]) => c === 'touchPasses.assign')).toHaveLength(1)
  })
})
