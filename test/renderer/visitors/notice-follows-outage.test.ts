import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
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
 * A screen's notice of a failed read follows the outage as it is now, not as it was when the read
 * failed: the console stops answering (network advice), then answers every call with a 500 — the
 * sidebar says "errors" and the notice's advice changes with it, without Try again.
 */
describe('Visitors: the notice of a failed read follows the outage', () => {
  let off = () => undefined as void
  afterEach(() => {
    off()
    cleanup()
    visitors.reset()
  })

  it('no answer, then 500s: the advice changes from the network to the console’s errors without a click', async () => {
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
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument())
    await waitFor(() => expect(document.body).toHaveTextContent('Check that the console is on'))

    // The console answers again, with errors to every call: the sidebar says so.
    failure = errors500
    main.emit('connections.reach', reach('trouble', 3))
    await waitFor(() => expect(document.body).toHaveTextContent('Try again in a moment'))
    expect(document.body).not.toHaveTextContent('Check that the console is on')
  })
})
