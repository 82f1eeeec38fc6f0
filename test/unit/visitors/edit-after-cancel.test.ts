import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { control } from '../access/support'
import type { Visitor } from '../../../src/shared/access/visitors'
import { editOf } from '../../../src/shared/edits/edit'
import { visitorFieldKinds, visitorFieldsOf } from '../../../src/shared/visitors/edit'

interface Held {
  id: string
  status: string
  remarks: string
  visitor_company: string
  inviter_name: string
}

/**
 * An edit saved after another desk cancelled (or deleted) the visit, through the console's own API:
 * main refuses it with a message that says so, and the console's record is as the other desk left it.
 */
describe('an edit onto a visit cancelled meanwhile is refused, with nothing written', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const otherDesk = async (method: string, path: string) =>
    control(await app.services.connections.demoConsole(), method, path)
  const held = async (id: string) => (await demo.held<Held>('visitors')).find((v) => v.id === id)

  let serial = 0
  async function opened(): Promise<Visitor> {
    serial++
    const start = Math.floor(Date.now() / 1000) + 3600
    const created: Visitor = await app.call('visitors.create', {
      first_name: `Ada${serial}`,
      last_name: 'Lindqvist',
      visitor_company: 'Acme',
      visit_reason: 'Business',
      start_time: start,
      end_time: start + 7200,
      week_schedule: null,
      resources: []
    })
    return app.call('visitors.get', { id: created.id })
  }
  const remarksEdit = (v: Visitor) => {
    const fields = visitorFieldsOf(v)
    return editOf(fields, { ...fields, remarks: 'Parking B', visitor_company: 'Globex' }, visitorFieldKinds)
  }

  it('cancelled by another desk: refused, saying so; the console keeps the cancelled record untouched', async () => {
    const visitor = await opened()
    await otherDesk('DELETE', `/api/v1/developer/visitors/${visitor.id}`)
    const before = (await app.services.audit.all()).length

    await expect(app.call('visitors.update', { id: visitor.id, edit: remarksEdit(visitor) })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'VISIT_CANCELLED',
      message: expect.stringContaining('was cancelled on the console while the form was open'),
      // The visit is cancelled already: what to do is close the form, not "cancel it".
      hint: 'Your changes are still in the form. Close this form; if the visitor is coming after all, create a new visit.'
    })
    expect(await held(visitor.id)).toMatchObject({ status: 'CANCELLED', remarks: '', visitor_company: 'Acme' })
    // No write: no audit line of an edit.
    expect(await app.services.audit.all()).toHaveLength(before)
  })

  it('says "close this form", never "cancel it", in every language of the desk', () => {
    const hints = (['en', 'de', 'fr', 'es'] as const).map(
      (lang) =>
        JSON.parse(readFileSync(join('src/shared/i18n/messages/errors', `${lang}.json`), 'utf8'))[
          'VISIT_CANCELLED.edit.hint'
        ] as string
    )
    expect(hints).toEqual([
      'Your changes are still in the form. Close this form; if the visitor is coming after all, create a new visit.',
      'Ihre Änderungen stehen noch im Formular. Schließen Sie dieses Formular; kommt der Besucher doch, legen Sie einen neuen Besuch an.',
      'Vos modifications sont toujours dans le formulaire. Fermez ce formulaire ; si le visiteur vient quand même, créez une nouvelle visite.',
      'Sus cambios siguen en el formulario. Cierre este formulario; si el visitante viene de todos modos, cree una visita nueva.'
    ])
  })

  it('deleted by another desk: refused, saying the visitor is gone; nothing is created in its place', async () => {
    const visitor = await opened()
    await otherDesk('DELETE', `/api/v1/developer/visitors/${visitor.id}?is_force=true`)

    await expect(app.call('visitors.update', { id: visitor.id, edit: remarksEdit(visitor) })).rejects.toMatchObject({
      kind: 'not-found',
      code: 'VISITOR_GONE',
      message: expect.stringContaining('nothing was saved')
    })
    expect(await held(visitor.id)).toBeUndefined()
  })

  it('a visit still open takes the edit (the refusal is only for a cancelled one)', async () => {
    const visitor = await opened()
    const answer = await app.call('visitors.update', { id: visitor.id, edit: remarksEdit(visitor) })
    expect(answer).toMatchObject({ outcome: 'saved' })
    expect(await held(visitor.id)).toMatchObject({
      status: expect.not.stringMatching('CANCELLED'),
      remarks: 'Parking B'
    })
  })
})
