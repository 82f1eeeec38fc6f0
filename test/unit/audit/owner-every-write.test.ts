import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AuditRow } from '../../../src/shared/audit/schemas'

type HeldCard = { token: string; display_id: string; status?: string; owner: { id: string } | null }
type HeldPass = { id: string; card_id: string; user_id: string; status: string }

/**
 * Every write that names a person or a card says, in its CSV line, the card's number and its owner as
 * the write left them: a card given names the person given it (its owner by the write), a card taken
 * back the person it was taken from; a Touch Pass the same in its holder column; a PIN or QR code its
 * person. Made through the app's services against the demo console, whose state is checked after each write.
 */
describe('the audit CSV names the card and its owner on every write about a person or a card', () => {
  const app = useAppServices()
  const demo = demoControl(app)

  const csvLines = async (): Promise<Record<string, string>[]> => {
    const { text } = (await app.call('audit.exportCsv', {})) as { text: string }
    return Papa.parse<Record<string, string>>(text.replace(/^\ufeff/, ''), { header: true, skipEmptyLines: true }).data
  }

  it('give and take back of a card, a PIN, a Touch Pass; a visitor card, PIN and QR code', async () => {
    const client = await app.services.connections.client()
    const cardOf = async (token: string) => (await demo.held<HeldCard>('cards')).find((c) => c.token === token)
    const [card, visitorCard] = (await demo.held<HeldCard>('cards')).filter((c) => c.status !== 'deleted' && !c.owner)
    const { id: userId } = await demo.addUser({ first_name: 'Rosa', last_name: 'Diaz' })

    await client.users.assignNfc(userId, card!.token)
    expect((await cardOf(card!.token))?.owner).toMatchObject({ id: userId })
    await client.users.unassignNfc(userId, card!.token)
    expect((await cardOf(card!.token))?.owner).toBeNull()
    await client.users.assignPin(userId, await client.pinCodes.generate())
    await client.users.unassignPin(userId)

    const [pass] = await client.touchPasses.purchase(1)
    await client.users.assignTouchPass(userId, pass!.id)
    const passOf = async () => (await demo.held<HeldPass>('touchPasses')).find((p) => p.id === pass!.id)
    expect(await passOf()).toMatchObject({ user_id: userId })
    await client.users.unassignTouchPass(userId, pass!.id)
    expect(await passOf()).toMatchObject({ user_id: '' })

    const start = Math.floor(Date.now() / 1000)
    const visitor = await client.visitors.create({
      first_name: 'Ivo',
      last_name: 'Kern',
      visitor_company: 'Kern AG',
      visit_reason: 'Business',
      start_time: start,
      end_time: start + 3600
    })
    await client.visitors.assignNfc(visitor.id, visitorCard!.token)
    expect((await cardOf(visitorCard!.token))?.owner).toMatchObject({ id: visitor.id })
    await client.visitors.unassignNfc(visitor.id, visitorCard!.token)
    await client.visitors.assignPin(visitor.id, await client.pinCodes.generate())
    await client.visitors.assignQr(visitor.id)

    const rows = await app.services.audit.all()
    const lines = (await csvLines()).reverse()
    expect(lines).toHaveLength(rows.length)
    const lineOf = (action: AuditRow['action'], about: (r: AuditRow) => boolean) => {
      const i = rows.findIndex((r) => r.action === action && about(r))
      expect(i, `a ${action} row`).toBeGreaterThanOrEqual(0)
      return lines[i]!
    }
    const rosa = 'Rosa Diaz (user)'
    const onCard = (token: string) => (r: AuditRow) => r.card?.token === token
    for (const action of ['assign', 'unassign'] as const)
      expect(lineOf(action, onCard(card!.token)), action).toMatchObject({
        'card number': card!.display_id,
        'card owner': rosa,
        'target name': 'Rosa Diaz'
      })
    for (const action of ['assign', 'unassign'] as const)
      expect(
        lineOf(action, (r) => r.touchPass?.id === pass!.id),
        action
      ).toMatchObject({
        'Touch Pass card id': pass!.card_id,
        'Touch Pass holder': 'Rosa Diaz',
        'target name': 'Rosa Diaz'
      })
    for (const action of ['PIN assignment', 'PIN removal'] as const)
      expect(
        lineOf(action, (r) => r.target.id === userId),
        action
      ).toMatchObject({ 'target name': 'Rosa Diaz' })

    const ivo = 'Ivo Kern · Kern AG'
    for (const action of ['assign', 'unassign'] as const)
      expect(lineOf(action, onCard(visitorCard!.token)), action).toMatchObject({
        'card number': visitorCard!.display_id,
        'card owner': `${ivo} (visitor)`,
        'target name': ivo
      })
    for (const action of ['PIN assignment', 'QR assignment'] as const)
      expect(
        lineOf(action, (r) => r.target.id === visitor.id),
        action
      ).toMatchObject({ 'target name': ivo })
  })
})
