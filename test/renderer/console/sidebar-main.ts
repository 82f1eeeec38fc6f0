import { onTestFinished } from 'vitest'
import { render } from '@testing-library/svelte'
import ConsoleReachLine from '../../../src/renderer/src/components/ConsoleReachLine.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { ConsoleReach, ProfileSummary } from '../../../src/shared/connections'
import type { Envelope } from '../../../src/shared/ipc/define'
import { eventBridge, ok } from '../enroll/event-bridge'

/**
 * Main as the sidebar's console line meets it, and the line drawn: the saved consoles (`site` the
 * active one) and what `connections.reach` answers (one state, or an answer per call), the
 * connection store listening until the test ends and loaded. The bridge comes back, to push
 * `connections.reach` events and read the calls.
 */
export async function sidebarWithMain(
  reach: ConsoleReach | ((input: unknown) => Envelope | Promise<Envelope>),
  profiles: ProfileSummary[] = []
) {
  const main = eventBridge({
    'connections.list': () => ok({ profiles, activeId: 'site' }),
    'connections.reach': typeof reach === 'function' ? reach : () => ok(reach)
  })
  setApiForTests(main.bridge)
  onTestFinished(connection.listen())
  await connection.load()
  render(ConsoleReachLine)
  return main
}
