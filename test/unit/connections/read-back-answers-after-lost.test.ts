import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { ConsoleReach } from '../../../src/shared/connections'

/**
 * Every write's answer lost after the console carried it out (`afterCommit.reset` on every POST, the
 * console otherwise answering): a purchase's answer is lost, the list read back after it answers. The
 * one connection state follows the latest answer: Connected once the read-back answered, and it stays
 * so after the check the lost answer started (whose own POST probe is lost the same way), never "Not
 * answering" until a later periodic check.
 */
describe('a read-back answered after a lost answer', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })

  const reaches = () =>
    app.events.filter((e) => e.event === 'connections.reach').map((e) => (e.payload as ConsoleReach).state)

  it('makes the console answering at once, and the check the lost answer started leaves it so', async () => {
    await app.call('connections.reach', { recheck: true })
    const before = (await app.call('touchPasses.list', { page: 1, pageSize: 1 })).total
    await demo.faults({ afterCommit: { reset: 1, paths: ['POST /*'] } })
    await expect(
      app.call('touchPasses.purchase', { count: 1, idempotencyKey: crypto.randomUUID() })
    ).rejects.toMatchObject({
      kind: 'network'
    })
    // The dialog's read-back: the console answers it.
    expect((await app.call('touchPasses.list', { page: 1, pageSize: 1 })).total).toBe(before + 1)
    // The check started by the lost answer ends (callers share one check): the state it leaves stands.
    const reach = (await app.services.reach.check()) as ConsoleReach
    expect(reach.state).toBe('reachable')
    expect(((await app.call('connections.reach')) as ConsoleReach).state).toBe('reachable')
    expect(reaches().at(-1)).toBe('reachable')
    // Written through: the console holds the one pass bought.
    expect(await demo.held('touchPasses')).toHaveLength(before + 1)
  })
})
