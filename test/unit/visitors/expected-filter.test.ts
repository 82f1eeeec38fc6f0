import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { Visitor } from '../../../src/shared/access/visitors'

/**
 * "Expected" names two console states (UPCOMING, and ACTIVE: the window has begun, no one arrived yet;
 * shared/visitors/states.ts). The Visitors filter sends the word's first state; main lists every state
 * of the word, so the filter finds whoever Today lists under Expected.
 */
describe('the Visitors "Expected" filter finds both console states the word names', () => {
  const app = useAppServices()
  const demo = demoControl(app)

  it('lists an UPCOMING and an ACTIVE visitor under Expected, and no one of another state', async () => {
    const now = Math.floor(Date.now() / 1000)
    const make = (first_name: string, start: number): Promise<Visitor> =>
      app.call('visitors.create', {
        first_name,
        last_name: 'Quist',
        visit_reason: 'Business',
        start_time: start,
        end_time: start + 7200,
        week_schedule: null,
        resources: []
      })
    const later = await make('Later', now + 3600)
    const already = await make('Already', now - 60)
    const states = new Map((await demo.held<{ id: string; status: string }>('visitors')).map((v) => [v.id, v.status]))
    expect([states.get(later.id), states.get(already.id)]).toEqual(['UPCOMING', 'ACTIVE'])

    const page: { items: Visitor[]; total: number } = await app.call('visitors.list', {
      status: 'UPCOMING',
      page: 1,
      pageSize: 200
    })
    const ids = page.items.map((v) => v.id)
    expect(ids).toEqual(expect.arrayContaining([later.id, already.id]))
    expect(new Set(page.items.map((v) => v.status))).toEqual(new Set(['UPCOMING', 'ACTIVE']))
    const expected = [...states.values()].filter((s) => s === 'UPCOMING' || s === 'ACTIVE').length
    expect(page.total).toBe(expected)
  })
})
