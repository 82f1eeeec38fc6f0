import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'

interface HeldPass {
  id: string
  status: string
  user_id: string
  user_name: string
}

/**
 * The console lists a SUSPENDED pass as assignable even while someone holds it (spec 2.5): a
 * roster giving passes takes only those nobody holds, so it never takes a pass from its holder.
 */
describe('a roster gives only passes nobody holds', () => {
  const app = useAppServices()
  const demo = demoControl(app)

  it('counts and gives the free passes; a suspended pass keeps its holder', async () => {
    const before = await demo.held<HeldPass>('touchPasses')
    const heldBefore = before.filter((p) => p.user_id)
    const suspendedHeld = heldBefore.filter((p) => p.status === 'SUSPENDED')
    expect(suspendedHeld.length).toBeGreaterThan(0)
    const free = before.filter((p) => !p.user_id && (p.status === 'INACTIVE' || p.status === 'SUSPENDED'))

    const names = Array.from({ length: free.length + 1 }, (_, i) => `Pia Pass${i}`)
    for (const [i, name] of names.entries()) {
      const [first, last] = name.split(' ')
      await demo.addUser({ first_name: first!, last_name: last!, ...{ email: `pia${i}@example.com` } })
    }
    const csv = ['Name,Pass', ...names.map((n) => `${n},yes`)].join('\r\n')
    const opened = await app.call('roster.open', { fileName: 'passes.csv', data: Buffer.from(csv).toString('base64') })
    const id: string = opened.summary.id
    const options = { cards: 'none', batchId: null, pin: 'none', touchPass: 'column' }
    const plan = await app.call('roster.plan', { id, mapping: { fullName: 0, touchPass: 1 }, options })
    expect(plan.totals.passesAvailable).toBe(free.length)

    expect(await app.call('roster.run', { id })).toEqual({ started: true })
    await app.services.rosters.idle(id)
    const after = await demo.held<HeldPass>('touchPasses')
    for (const pass of heldBefore) {
      expect(after.find((p) => p.id === pass.id)).toMatchObject({ user_id: pass.user_id, status: pass.status })
    }
    const given = after.filter((p) => p.user_name.startsWith('Pia Pass'))
    expect(given.map((p) => p.id).sort()).toEqual(free.map((p) => p.id).sort())
  })
})
