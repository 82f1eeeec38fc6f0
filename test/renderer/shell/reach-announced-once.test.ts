import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/svelte'
import { tick } from 'svelte'
import ConsoleReachLine from '../../../src/renderer/src/components/ConsoleReachLine.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { ConsoleReach } from '../../../src/shared/connections'
import { eventBridge, ok } from '../enroll/event-bridge'

let off: (() => void) | undefined
afterEach(() => off?.())

const KEYS = [
  'edit:credential',
  'edit:user',
  'edit:visitor',
  'view:credential',
  'view:device',
  'view:space',
  'view:user',
  'view:visitor'
]
const lacking = (n: number): ConsoleReach => {
  const missing = KEYS.slice(0, n).sort()
  return {
    profileId: 'site',
    state: 'permissions',
    checkedAt: n + 1,
    message: `This token lacks ${missing.join(', ')}.`,
    missing
  }
}

/**
 * Issue 31 F4: while main's check probes the keys, it says the state after each answer; the sidebar's
 * status line (a live region) was read out 8 times for one change of state. It is read out once.
 */
describe('the sidebar’s connection status while main finds the missing keys one by one', () => {
  it('changes its words once, to the whole list, and says Connected at once when that comes', async () => {
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok({ profileId: 'site', state: 'reachable', checkedAt: 1 })
    })
    setApiForTests(main.bridge)
    off = connection.listen()
    await connection.load()
    render(ConsoleReachLine)
    const region = screen.getByRole('status')
    await waitFor(() => expect(region).toHaveTextContent('Connected'))

    // Every change of the live region's words, as a screen reader hears them.
    const said: string[] = []
    const watch = new MutationObserver(() => {
      const words = region.textContent ?? ''
      if (said.at(-1) !== words) said.push(words)
    })
    watch.observe(region, { childList: true, subtree: true, characterData: true, attributes: true })

    for (let n = 1; n <= KEYS.length; n++) {
      main.emit('connections.reach', lacking(n))
      await tick()
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await waitFor(() => expect(region).toHaveTextContent(lacking(KEYS.length).message!))
    await tick()
    expect(said.filter((words) => /This token lacks/.test(words))).toHaveLength(1)

    // Connected again: said at once (the wait is for a list still growing, not for good news).
    said.length = 0
    main.emit('connections.reach', { profileId: 'site', state: 'reachable', checkedAt: 20 })
    await tick()
    expect(region).toHaveTextContent('Connected')
    watch.disconnect()
  })
})
