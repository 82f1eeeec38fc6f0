import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { ConsoleReach } from '../../../src/shared/connections'
import { eventBridge, ok } from '../enroll/event-bridge'

/**
 * Issue 31 F5: Touch Passes kept "This token lacks edit:user…" after the scopes were given back while
 * the console then stopped answering (the sidebar said "Not answering"; PINs no longer said it). A
 * permission banner follows the one connection state (stores/screen-keys.svelte.ts), and Connected
 * again asks what the token may do afresh.
 */
describe('Touch Passes: the permission banner follows the connection state', () => {
  let off = () => undefined as void
  afterEach(() => {
    off()
    cleanup()
    touchPasses.reset()
  })

  it('names edit:user while it lacks it, nothing while the console does not answer, and Connected asks again', async () => {
    let caps: Record<string, unknown> = { canEdit: true, canAssign: false, assignMissingPermission: 'edit:user' }
    const reach = (state: ConsoleReach['state'], missing?: string[]): ConsoleReach => ({
      profileId: 'site',
      state,
      checkedAt: Date.now(),
      ...(state === 'reachable' ? {} : { message: 'x' }),
      ...(missing ? { missing } : {})
    })
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok(reach('permissions', ['edit:user'])),
      'touchPasses.list': () => ok({ items: [], total: 0 }),
      'touchPasses.capabilities': () => ok(caps)
    })
    setApiForTests(main.bridge)
    off = connection.listen()
    await connection.load()
    touchPasses.reset()
    render(TouchPassesScreen)
    const note = () => screen.queryByTestId('permission-note')
    await waitFor(() => expect(note()).toHaveTextContent('edit:user'))
    await waitFor(() => expect(touchPasses.assignBlocked).toBe('edit:user'))

    // The scopes are given back, then the console stops answering before any call says so.
    caps = { canEdit: true, canAssign: true }
    main.emit('connections.reach', reach('unreachable'))
    await waitFor(() => expect(note()).toBeNull())

    // Answering again: the token's keys are asked afresh and nothing is said missing.
    main.emit('connections.reach', reach('reachable'))
    await waitFor(() => expect(touchPasses.assignBlocked).toBeNull())
    expect(note()).toBeNull()
  })
})
