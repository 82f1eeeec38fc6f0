import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import StatusFilter from '../../../src/renderer/src/components/common/StatusFilter.svelte'

afterEach(() => cleanup())

const choices = [
  { value: 'ACTIVE', word: 'Active' },
  { value: 'SUSPENDED', word: 'Suspended' }
] as const

/**
 * The status filter of Touch Passes and Visitors: "all" first, then each status in the words given,
 * the one shown being the list's; a change says the status chosen ('' for all); off, with why, while a
 * search the console filters without a status is shown.
 */
describe('a list’s status filter', () => {
  it('offers all, then each status, shows the list’s and says the one chosen', async () => {
    const onchange = vi.fn()
    render(StatusFilter, { label: 'Status', value: 'SUSPENDED', all: 'All', choices, disabled: false, onchange })
    const select = screen.getByLabelText('Status') as HTMLSelectElement
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'All'],
      ['ACTIVE', 'Active'],
      ['SUSPENDED', 'Suspended']
    ])
    expect(select.value).toBe('SUSPENDED')
    expect(select).toBeEnabled()
    expect(select).not.toHaveAttribute('title')

    await fireEvent.change(select, { target: { value: 'ACTIVE' } })
    await fireEvent.change(select, { target: { value: '' } })
    expect(onchange.mock.calls).toEqual([['ACTIVE'], ['']])
  })

  it('is off with why while a search is shown', () => {
    render(StatusFilter, {
      label: 'Status',
      value: '',
      all: 'All',
      choices,
      disabled: true,
      title: 'A search ignores the status',
      onchange: () => undefined
    })
    const select = screen.getByLabelText('Status')
    expect(select).toBeDisabled()
    expect(select).toHaveAttribute('title', 'A search ignores the status')
  })
})
