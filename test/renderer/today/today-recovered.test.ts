import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { row, todayBridge, viewOf } from './today-bridge'

afterEach(() => {
  cleanup()
  today.reset()
})

/** A read that works again clears the "could not be read again" error: the desk need not leave Today. */
describe('Today after the console answers again', () => {
  it('drops the re-read error at the first read that works (main’s re-read or a changed list)', async () => {
    let consoleUp = true
    const { bridge, push } = todayBridge({
      'today.list': () => {
        if (!consoleUp) throw new Error('Could not reach the console: nothing answers at that address.')
        return viewOf([row({ id: 'a', name: 'Ann Berg' })])
      }
    })
    setApiForTests(bridge)
    render(TodayScreen)
    await screen.findByRole('button', { name: 'Ann Berg' })

    // The console goes away; a read from the screen fails: the list held, said as of when.
    consoleUp = false
    await today.load()
    expect(await screen.findByTestId('today-held')).toHaveTextContent('could not be read again')

    // Main's re-read works again: the error goes, the list stays.
    consoleUp = true
    push('today.reads', { failingSince: null, lastFailedAt: null, message: null, readAt: Date.now() + 1000 })
    await waitFor(() => expect(screen.queryByTestId('today-held')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Ann Berg' })).toBeInTheDocument()

    // The same for a changed list pushed by main.
    consoleUp = false
    await today.load()
    expect(await screen.findByTestId('today-held')).toBeInTheDocument()
    push('today.changed', viewOf([row({ id: 'a', name: 'Ann Berg' })], Date.now() + 2000))
    await waitFor(() => expect(screen.queryByTestId('today-held')).not.toBeInTheDocument())
  })

  it('keeps the error while main’s re-reads still fail', async () => {
    let consoleUp = true
    const { bridge, push } = todayBridge({
      'today.list': () => {
        if (!consoleUp) throw new Error('Could not reach the console.')
        return viewOf([row({ id: 'a', name: 'Ann Berg' })])
      }
    })
    setApiForTests(bridge)
    render(TodayScreen)
    await screen.findByRole('button', { name: 'Ann Berg' })
    consoleUp = false
    await today.load()
    push('today.reads', { failingSince: Date.now(), lastFailedAt: Date.now(), message: 'No answer.' })
    await screen.findByTestId('today-held')
    expect(screen.getByTestId('today-held')).toHaveTextContent('Could not reach the console')
  })
})
