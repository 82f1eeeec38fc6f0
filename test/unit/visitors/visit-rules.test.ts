import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { control } from '../access/support'
import type { Visitor } from '../../../src/shared/access/visitors'
import { visitorCreateSchema, visitorUpdateSchema } from '../../../src/shared/access/visitors'
import { editOf } from '../../../src/shared/edits/edit'
import { visitorFieldKinds, visitorFieldsOf } from '../../../src/shared/visitors/edit'
import { visitorFormSchema } from '../../../src/shared/visitors/form'
import { END_IN_THE_PAST, endsAfterStart } from '../../../src/shared/visitors/visit-rules'

const form = (start: number, end: number) => ({
  first_name: 'Ada',
  last_name: 'Lindqvist',
  visit_reason: 'Business' as const,
  start_time: start,
  end_time: end,
  week_schedule: null,
  resources: []
})

/** One rule for the visit window, held by the form, the access client's body and main alike. */
describe('the visit rules, in one place', () => {
  it('the form, the create body and the update body agree on "ends after it starts" for every window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4_000_000_000 }), fc.integer({ min: 1, max: 4_000_000_000 }), (s, e) => {
        const rule = endsAfterStart(s, e)
        const formOk = !visitorFormSchema.safeParse(form(s, e)).error?.issues.some((i) => i.path[0] === 'end_time')
        expect(formOk).toBe(rule)
        // The console's body has no null schedule (a one-time visit leaves it out).
        const { week_schedule: _none, ...body } = form(s, e)
        expect(visitorCreateSchema.safeParse(body).success).toBe(rule)
        expect(visitorUpdateSchema.safeParse({ start_time: s, end_time: e }).success).toBe(rule)
      })
    )
  })

  describe('main applies the past-end rule too (any transport can call it)', () => {
    const app = useAppServices()
    const demo = demoControl(app)
    const now = () => Math.floor(Date.now() / 1000)

    it('a new visit already over is refused at its end field; nothing reaches the console', async () => {
      const before = (await demo.held<{ id: string }>('visitors')).length
      await expect(app.call('visitors.create', form(now() - 7200, now() - 3600))).rejects.toMatchObject({
        kind: 'validation',
        message: END_IN_THE_PAST,
        details: { field: 'end_time' }
      })
      expect((await demo.held<{ id: string }>('visitors')).length).toBe(before)
    })

    it('an edit moving the end into the past is refused; an edit of an over visit leaving its end is saved', async () => {
      const start = now() + 3600
      const created: Visitor = await app.call('visitors.create', form(start, start + 7200))
      const opened: Visitor = await app.call('visitors.get', { id: created.id })
      const fields = visitorFieldsOf(opened)
      const pastEnd = editOf(fields, { ...fields, start_time: now() - 7200, end_time: now() - 60 }, visitorFieldKinds)
      await expect(app.call('visitors.update', { id: created.id, edit: pastEnd })).rejects.toMatchObject({
        message: END_IN_THE_PAST
      })
      const held = async () =>
        (await demo.held<{ id: string; end_time: number; remarks: string }>('visitors')).find(
          (v) => v.id === created.id
        )
      expect((await held())?.end_time).toBe(start + 7200)

      // The console's own page (another writer) moved the visit into the past: its remarks may still be corrected.
      await control(await app.services.connections.demoConsole(), 'PUT', `/api/v1/developer/visitors/${created.id}`, {
        start_time: now() - 7200,
        end_time: now() - 60
      })
      const over: Visitor = await app.call('visitors.get', { id: created.id })
      const overFields = visitorFieldsOf(over)
      const remarks = editOf(overFields, { ...overFields, remarks: 'Left by the side door' }, visitorFieldKinds)
      await app.call('visitors.update', { id: created.id, edit: remarks })
      expect(await held()).toMatchObject({ remarks: 'Left by the side door', end_time: over.end_time })
    })
  })
})
