import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { walkInWindow } from '../../../src/renderer/src/components/visitors/walk-in'

interface HeldVisitor {
  id: string
  end_time: number
}

/**
 * A visit ended at the desk (End visit) is someone who came and left: under Left on Today, never
 * No-show. The walk-in is the case seen: the desk added them while they stood at it, ended their visit
 * when they went, and Today put them under No-show (the console keeps a walk-in ACTIVE, as no door was
 * tapped, and the window was over). The one rule is shared/today/groups.ts (the desk's record of an
 * arrival: the kiosk's check-in, or this desk's End visit).
 */
describe('a visit ended at the desk shows under Left on Today', () => {
  const app = useAppServices()
  const demo = demoControl(app)

  const groupOf = async (id: string) => {
    const view = await app.services.today.live.list()
    return view.rows.find((r) => r.id === id)
  }

  it('a walk-in added at the desk, then ended there: Left, said as ended at the desk; the console ended it', async () => {
    const window = walkInWindow()
    const walkIn = await app.services.visitors.create({
      first_name: 'Walk',
      last_name: 'Inn',
      visit_reason: 'Business',
      start_time: window.start,
      end_time: window.end,
      resources: []
    } as never)
    expect((await groupOf(walkIn.id))?.group).toBe('expected')

    const ended = await app.services.visitors.endVisit(walkIn.id)
    // The console's state afterwards: the end set to now (the visitor's pass no longer opens a door).
    const held = (await demo.held<HeldVisitor>('visitors')).find((v) => v.id === walkIn.id)!
    expect(held.end_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
    expect(ended.record.deskArrival?.where).toBe('desk')

    // A second later the window is over: not No-show, Left, and the row says the desk ended the visit.
    await new Promise((r) => setTimeout(r, 1100))
    const row = await groupOf(walkIn.id)
    expect(row?.group).toBe('left')
    expect(row?.arrival?.where).toBe('desk')
  })
})
