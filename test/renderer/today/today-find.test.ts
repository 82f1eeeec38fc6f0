import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { row, todayBridge, viewOf } from './today-bridge'

afterEach(() => {
  cleanup()
  today.reset()
})

const shown = () => screen.queryAllByTestId('today-row').map((r) => r.getAttribute('data-id'))

/** Today's find is the one matcher of every name search (shared/text/search-words.ts). */
describe('Today’s find', () => {
  it('“zoe” finds Zoë, “Wang Wei” finds Wei Wang, and the company or the host finds them too, one field at a time', async () => {
    const view = viewOf([
      row({ id: 'zoe', name: 'Zoë Martin', company: 'Contoso' }),
      row({ id: 'wei', name: 'Wei Wang', host: 'Mia Lund' }),
      row({ id: 'ola', name: 'Ola Ek' })
    ])
    const { bridge } = todayBridge({ 'today.list': () => view })
    setApiForTests(bridge)
    render(TodayScreen)
    await screen.findByRole('button', { name: 'Zoë Martin' })
    const find = screen.getByTestId('today-find')
    const typed = async (text: string) => {
      await fireEvent.input(find, { target: { value: text } })
      await waitFor(() => expect(today.find).toBe(text))
      return shown()
    }
    expect(await typed('zoe')).toEqual(['zoe'])
    expect(await typed('Wang Wei')).toEqual(['wei'])
    expect(await typed('CONTOSO')).toEqual(['zoe'])
    // Words are not mixed across name, company and host: a full name finds that person only.
    expect(await typed('contoso ZOË')).toEqual([])
    expect(await typed('lund')).toEqual(['wei'])
    expect(await typed('artin')).toEqual([])
  })

  it('↓ in the find goes to the first visitor shown; Esc clears the find, and Esc again leaves it for the title', async () => {
    const view = viewOf([row({ id: 'zoe', name: 'Zoë Martin' }), row({ id: 'ola', name: 'Ola Ek' })])
    const { bridge } = todayBridge({ 'today.list': () => view })
    setApiForTests(bridge)
    render(TodayScreen)
    await screen.findByRole('button', { name: 'Zoë Martin' })
    const find = screen.getByTestId('today-find')
    find.focus()
    await fireEvent.input(find, { target: { value: 'ola' } })
    await waitFor(() => expect(shown()).toEqual(['ola']))

    await fireEvent.keyDown(find, { key: 'ArrowDown' })
    expect(screen.getByRole('button', { name: 'Ola Ek' })).toHaveFocus()

    find.focus()
    await fireEvent.keyDown(find, { key: 'Escape' })
    await waitFor(() => expect(today.find).toBe(''))
    expect(find).toHaveFocus()
    expect(shown()).toEqual(['zoe', 'ola'])
    await fireEvent.keyDown(find, { key: 'Escape' })
    expect(screen.getByRole('heading', { level: 1, name: 'Today' })).toHaveFocus()
  })
})
