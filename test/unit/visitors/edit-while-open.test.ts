import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { control } from '../access/support'
import type { Visitor } from '../../../src/shared/access/visitors'
import { editOf } from '../../../src/shared/edits/edit'
import { visitorFieldKinds, visitorFieldsOf, type VisitorFields } from '../../../src/shared/visitors/edit'

interface Held {
  id: string
  remarks: string
  mobile_phone: string
  visitor_company: string
  end_time: number
}

/**
 * A visitor edit while another desk writes the same visitor (the console's own API, not this app):
 * what the console holds afterwards is asserted, and the audit line of the edit.
 */
describe('a visitor edit sends only what changed; a field changed on the console too is a conflict', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const otherDesk = async (id: string, body: Record<string, unknown>) =>
    control(await app.services.connections.demoConsole(), 'PUT', `/api/v1/developer/visitors/${id}`, body)
  const held = async (id: string) => (await demo.held<Held>('visitors')).find((v) => v.id === id)!

  let serial = 0
  /** A new visitor, and the form opened on it (the visitor as main answers it). */
  async function opened(): Promise<{ visitor: Visitor; fields: VisitorFields }> {
    serial++
    const start = Math.floor(Date.now() / 1000) + 3600
    const created: Visitor = await app.call('visitors.create', {
      first_name: `Iris${serial}`,
      last_name: 'Nakamura',
      visitor_company: 'Acme',
      visit_reason: 'Business',
      start_time: start,
      end_time: start + 7200,
      week_schedule: null,
      resources: []
    })
    const visitor: Visitor = await app.call('visitors.get', { id: created.id })
    return { visitor, fields: visitorFieldsOf(visitor) }
  }
  const edit = (form: { visitor: Visitor; fields: VisitorFields }, changed: Partial<VisitorFields>) =>
    editOf(form.fields, { ...form.fields, ...changed }, visitorFieldKinds, visitorFieldsOf(form.visitor))

  it('remarks written here keep the phone another desk wrote meanwhile; the audit line names remarks only', async () => {
    const form = await opened()
    await otherDesk(form.visitor.id, { mobile_phone: '+44 20 7946 0001' })

    const answer = await app.call('visitors.update', {
      id: form.visitor.id,
      edit: edit(form, { remarks: 'Parking B' })
    })
    expect(answer).toMatchObject({ outcome: 'saved', sent: ['remarks'] })
    expect(await held(form.visitor.id)).toMatchObject({
      remarks: 'Parking B',
      mobile_phone: '+44 20 7946 0001',
      visitor_company: 'Acme'
    })
    const rows = (await app.services.audit.all()).filter(
      (r) => r.endpoint?.id === 'E18' && r.target.id === form.visitor.id
    )
    expect(rows.map((r) => r.detail)).toEqual(['changed Remarks'])
  })

  it('the same field changed on the console is a conflict: nothing is written until the person chooses', async () => {
    const form = await opened()
    await otherDesk(form.visitor.id, { remarks: 'Escort to floor 3' })
    const before = (await app.services.audit.all()).length

    const mine = edit(form, { remarks: 'Parking B', visitor_company: 'Acme Ltd' })
    const answer = await app.call('visitors.update', { id: form.visitor.id, edit: mine })
    expect(answer).toEqual({
      outcome: 'conflicts',
      conflicts: [{ field: 'remarks', yours: 'Parking B', theirs: 'Escort to floor 3' }]
    })
    // Nothing sent: neither the conflicting field nor the other one changed with it.
    expect(await held(form.visitor.id)).toMatchObject({ remarks: 'Escort to floor 3', visitor_company: 'Acme' })
    expect(await app.services.audit.all()).toHaveLength(before)

    // Chosen: mine for the remarks (its base is now the console's value), and the company goes too.
    const chosen = { base: { ...mine.base, remarks: 'Escort to floor 3' }, changes: mine.changes }
    expect(await app.call('visitors.update', { id: form.visitor.id, edit: chosen })).toMatchObject({
      outcome: 'saved'
    })
    expect(await held(form.visitor.id)).toMatchObject({ remarks: 'Parking B', visitor_company: 'Acme Ltd' })
  })

  it('an end moved here is judged against the start the console holds now', async () => {
    const form = await opened()
    const start = form.fields.start_time
    await otherDesk(form.visitor.id, { start_time: start + 5000 })
    await expect(
      app.call('visitors.update', { id: form.visitor.id, edit: edit(form, { end_time: start + 3600 }) })
    ).rejects.toMatchObject({ kind: 'validation' })
    expect((await held(form.visitor.id)).end_time).toBe(start + 7200)
  })

  it('refuses an edit whose changed field has no base (main could not see a conflict)', async () => {
    const form = await opened()
    await expect(
      app.call('visitors.update', { id: form.visitor.id, edit: { base: {}, changes: { remarks: 'x' } } })
    ).rejects.toMatchObject({ kind: 'validation' })
  })
})
