import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, waitFor } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import type { ConsoleReach } from '../../../src/shared/connections'
import type { AppErrorData } from '../../../src/shared/errors'
import type { Envelope } from '../../../src/shared/ipc/define'
import { eventBridge, ok } from '../enroll/event-bridge'

const url = 'https://10.0.0.5:12445'
/** The list's read as main fails it: no answer at all, then the console's own 500s. */
const noAnswer: AppErrorData = {
  kind: 'network',
  code: 'ECONNRESET',
  message: `Could not reach the console at ${url}: the connection was cut before the console answered.`,
  hint: 'Check that the console is on, that this computer is on its network and the address is right, then try again (no restart needed).',
  retryable: true,
  details: { url, endpoint: '§4.4' }
}
const errors500: AppErrorData = {
  kind: 'server',
  code: 'HTTP_500',
  message: 'The console failed to answer Fetch all visitors (HTTP 500).',
  hint: 'Try again in a moment; if it persists, check the console.',
  retryable: true,
  details: { endpoint: '§4.4', what: 'Fetch all visitors', status: 500 }
}
const reach = (state: ConsoleReach['state'], checkedAt: number): ConsoleReach => ({
  profileId: 'site',
  state,
  checkedAt,
  ...(state === 'reachable' ? {} : { message: 'Why.' })
})

/**
 * A screen's failed read follows the outage as it is now, not as it was when the read failed: the
 * console stops answering, then answers every call with a 500 — the sidebar says "errors" and the
 * screen reads again without Try again, so what it holds is the console's latest answer. The panel's
 * notice gives neither the reason nor the advice (the sidebar says them, once: outage-said-once).
 */
describe('Visitors: a failed read follows the outage', () => {
  let off = () => undefined as void
  afterEach(() => {
    off()
    cleanup()
    visitors.reset()
  })

  it('no answer, then 500s: read again without a click; the error held is the 500, the panel never gives stale advice', async () => {
    let failure = noAnswer
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok(reach('reachable', 1)),
      'visitors.list': () => ({ ok: false, error: failure }) as Envelope,
      'visitors.capabilities': () => ok({ canEdit: true })
    })
    setApiForTests(main.bridge)
    off = connection.listen()
    await connection.load()
    await waitFor(() => expect(connection.reach?.state).toBe('reachable'))
    visitors.reset()
    render(VisitorsScreen)
    main.emit('connections.reach', reach('unreachable', 2))
    await waitFor(() => expect(visitors.error?.code).toBe('ECONNRESET'))
    await waitFor(() => expect(document.body).toHaveTextContent('Not available while the console cannot be used'))
    expect(document.body).not.toHaveTextContent('Check that the console is on')
    const reads = () => main.calls.filter(([channel]) => channel === 'visitors.list').length
    const before = reads()

    // The console answers again, with errors to every call: the sidebar says so, and the screen reads again.
    failure = errors500
    main.emit('connections.reach', reach('trouble', 3))
    await waitFor(() => expect(reads()).toBeGreaterThan(before))
    await waitFor(() => expect(visitors.error?.code).toBe('HTTP_500'))
    expect(document.body).not.toHaveTextContent('Check that the console is on')
  })
})
