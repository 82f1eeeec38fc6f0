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

/**
 * Today showing Ann Berg from a console the test can take away (`site.up = false`: each read then
 * fails with `message`); `push` sends main's events.
 */
async function todayWithAnn(message: string) {
  const site = { up: true }
  const { bridge, push } = todayBridge({
    'today.list': () => {
      if (!site.up) throw new Error(message)
      return viewOf([row({ id: 'a', name: 'Ann Berg' })])
    }
  })
  setApiForTests(bridge)
  render(TodayScreen)
  await screen.findByRole('button', { name: 'Ann Berg' })
  return { site, push }
}

/** A read that works again clears the "could not be read again" error: the desk need not leave Today. */
describe('Today after the console answers again', () => {
  it('drops the re-read error at the first read that works (main’s re-read or a changed list)', async () => {
    const { site, push } = await todayWithAnn('Could not reach the console: nothing answers at that address.')

    // The console goes away; a read from the screen fails: the list held, said as of when.
    site.up = false
    await today.load()
    expect(await screen.findByTestId('today-held')).toHaveTextContent('not read again now')

    // Main's re-read works again: the error goes, the list stays.
    site.up = true
    push('today.reads', { failingSince: null, lastFailedAt: null, message: null, readAt: Date.now() + 1000 })
    await waitFor(() => expect(screen.queryByTestId('today-held')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Ann Berg' })).toBeInTheDocument()

    // The same for a changed list pushed by main.
    site.up = false
    await today.load()
    expect(await screen.findByTestId('today-held')).toBeInTheDocument()
    push('today.changed', viewOf([row({ id: 'a', name: 'Ann Berg', company: 'Acme' })], Date.now() + 2000))
    await waitFor(() => expect(screen.queryByTestId('today-held')).not.toBeInTheDocument())
  })

  it('ends the "not current" note at the screen’s own read that works, not only at main’s next re-read', async () => {
    const { site, push } = await todayWithAnn('Could not reach the console.')
    // Main's re-reads fail for a while (every connection cut): the list is said not to be current.
    const since = Date.now()
    push('today.reads', { failingSince: since, lastFailedAt: since + 15_000, message: 'No answer.' })
    expect(await screen.findByTestId('today-stale')).toBeInTheDocument()

    // The outage ends and the screen reads the list itself: a fresh "read at" and no stale note beside it.
    site.up = true
    await today.load()
    await waitFor(() => expect(screen.queryByTestId('today-stale')).not.toBeInTheDocument())
    expect(today.readFailure).toBeNull()
    expect(screen.getByTestId('today-read-at')).toBeInTheDocument()
  })

  it('keeps the "not current" note when the screen’s read is answered from the list main holds', async () => {
    const { site, push } = await todayWithAnn('Could not reach the console.')
    const since = Date.now()
    push('today.reads', { failingSince: since, lastFailedAt: since, message: 'No answer.' })
    await screen.findByTestId('today-stale')
    site.up = false
    await today.load()
    expect(screen.getByTestId('today-stale')).toBeInTheDocument()
  })

  it('keeps the error while main’s re-reads still fail', async () => {
    const { site, push } = await todayWithAnn('Could not reach the console.')
    site.up = false
    await today.load()
    push('today.reads', { failingSince: Date.now(), lastFailedAt: Date.now(), message: 'No answer.' })
    await screen.findByTestId('today-held')
    expect(screen.getByTestId('today-held')).toHaveTextContent('Could not reach the console')
  })
})
