import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { buildApi } from '../../../src/preload/api'
import type { ChannelName } from '../../../src/shared/ipc/contract'
import { row, todayBridge, viewOf } from './today-bridge'

afterEach(() => {
  cleanup()
  today.reset()
})

/**
 * Issue 33: the screen opens with one request that reads the list and starts its watch (main reads the
 * console once), not a list and then a watch that reads it all again; leaving unwatches that name.
 */
describe('Today opens with one read that watches', () => {
  it('asks today.view to read the console naming its watcher, once, never today.watch; leaving stops that watcher', async () => {
    const { answers } = todayBridge({ 'today.list': () => viewOf([row({ id: 'a', name: 'Ann Berg' })]) })
    const calls: { channel: ChannelName; input: unknown }[] = []
    setApiForTests(
      buildApi(
        async (channel, input) => {
          calls.push({ channel, input })
          return { ok: true, result: await answers[channel]!(input) }
        },
        () => () => undefined
      )
    )
    const { unmount } = render(TodayScreen)
    await screen.findByRole('button', { name: 'Ann Berg' })
    // The source main keeps the list live by comes with the list (no watch answer to wait for).
    expect(screen.getByTestId('today-source')).toHaveTextContent('Live: console notifications')
    // The screen's window, the console read first (`read`): one read, which names the watcher.
    const lists = calls.filter((c) => c.channel === 'today.view' && (c.input as { read?: boolean }).read)
    expect(lists).toHaveLength(1)
    const watcher = (lists[0]!.input as { watcher: string }).watcher
    expect(watcher).toMatch(/./)
    expect(calls.some((c) => c.channel === 'today.watch')).toBe(false)
    unmount()
    expect(calls.at(-1)).toEqual({ channel: 'today.unwatch', input: { watcher } })
  })

  it('probes the token’s keys once the list is drawn, not beside its read (they are calls to the console too)', async () => {
    let answer: (() => void) | undefined
    const { answers } = todayBridge({
      'today.list': () =>
        new Promise((resolve) => (answer = () => resolve(viewOf([row({ id: 'a', name: 'Ann Berg' })]))))
    })
    const calls: ChannelName[] = []
    setApiForTests(
      buildApi(
        async (channel, input) => {
          calls.push(channel)
          return { ok: true, result: await answers[channel]!(input) }
        },
        () => () => undefined
      )
    )
    render(TodayScreen)
    await expect.poll(() => answer).toBeDefined()
    // The read in flight: the console is asked nothing else for Today's screen meanwhile.
    await new Promise((r) => setTimeout(r, 100))
    expect(calls).not.toContain('today.capabilities')
    answer!()
    await screen.findByRole('button', { name: 'Ann Berg' })
    await expect.poll(() => calls).toContain('today.capabilities')
  })
})
