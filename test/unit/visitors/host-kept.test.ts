import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { Visitor } from '../../../src/shared/access/visitors'
import { editOf } from '../../../src/shared/edits/edit'
import { visitorFieldKinds, visitorFieldsOf } from '../../../src/shared/visitors/edit'

interface Held {
  id: string
  status: string
  inviter_id: string
  inviter_name: string
  remarks: string
}

/**
 * The host is the console's inviter: in its visitor answers, in no create or update body (spec 2.7,
 * facts E17/E18), so the form shows it and never sends it. An edit here leaves the console's host as it was.
 */
describe('a visitor edit keeps the host the console holds', () => {
  const app = useAppServices()
  const demo = demoControl(app)

  it('the host is read back as the console holds it, and an edit of the remarks leaves it', async () => {
    const seeded = (await demo.held<Held>('visitors')).find((v) => v.inviter_name && v.status !== 'CANCELLED')!
    const visitor: Visitor = await app.call('visitors.get', { id: seeded.id })
    expect(visitor.inviter_name).toBe(seeded.inviter_name)

    const fields = visitorFieldsOf(visitor)
    expect(Object.keys(fields)).not.toContain('inviter_name')
    const edit = editOf(fields, { ...fields, remarks: 'Escort to floor 3' }, visitorFieldKinds)
    expect(await app.call('visitors.update', { id: seeded.id, edit })).toMatchObject({ outcome: 'saved' })
    expect((await demo.held<Held>('visitors')).find((v) => v.id === seeded.id)).toMatchObject({
      remarks: 'Escort to floor 3',
      inviter_id: seeded.inviter_id,
      inviter_name: seeded.inviter_name
    })
  })
})
