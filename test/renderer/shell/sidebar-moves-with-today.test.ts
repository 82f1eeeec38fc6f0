import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/svelte'
import { tick } from 'svelte'
import ConsoleReachLine from '../../../src/renderer/src/components/ConsoleReachLine.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { consoleDown } from '../../../src/renderer/src/stores/console-down'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { ConsoleReach } from '../../../src/shared/connections'
import { eventBridge, ok } from '../enroll/event-bridge'

let off: (() => void) | undefined
afterEach(() => off?.())

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A screen's read that meets the console not answering moves main's one connection state at once
 * (console-reach.ts feeds it every call's verdict); main then says the state again with each check
 * its failing calls start. Today reads that state directly (consoleDown: "Not updating: the console
 * cannot be used now"), and the sidebar's line must say it at the same moment, not once main falls
 * silent: a stream of the same state is no reason to wait.
 */
describe('the sidebar says the console is down when Today does', () => {
  it('shows Not answering at the first down state, while main keeps saying it', async () => {
    const reachable: ConsoleReach = { profileId: 'site', state: 'reachable', checkedAt: 1 }
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok(reachable)
    })
    setApiForTests(main.bridge)
    off = connection.listen()
    await connection.load()
    render(ConsoleReachLine)
    const line = screen.getByTestId('console-answers')
    await expect.poll(() => line.getAttribute('data-state')).toBe('reachable')

    const down = (at: number): ConsoleReach => ({
      profileId: 'site',
      state: 'unreachable',
      checkedAt: at,
      message: 'The console did not answer List visitors in time.',
      advice: 'Check the network to the console, then try again.'
    })
    // The read's verdict: Today's rule says "cannot be used" from here on…
    main.emit('connections.reach', down(2))
    await tick()
    expect(consoleDown(connection.reach)).toBe(true)
    // …and the sidebar says it too, while main repeats the state (each check its failing calls start).
    for (let i = 0; i < 6; i++) {
      expect(line.getAttribute('data-state')).toBe('unreachable')
      expect(line).toHaveTextContent('Not answering')
      await wait(150)
      main.emit('connections.reach', { ...down(3 + i), byCheck: true, message: 'Checking the console: not answering.' })
      await tick()
    }
    expect(line.getAttribute('data-state')).toBe('unreachable')
  })
})
