import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AuditFilter, AuditRow } from '../../../src/shared/audit/schemas'

type HeldCard = { token: string; display_id: string; status?: string; owner: { id: string } | null }
type HeldPass = { id: string; card_id: string; user_id: string; status: string }

/**
 * A card or a Touch Pass given to someone while another person held it: the person who stopped opening
 * doors with it is named on the row ("taken over from Uma Ng"), the Audit's search finds the row by
 * their name, and the CSV line says it, beside the person given it. Written through the app's services
 * against the demo console (the audit service's own journal), the console's state checked after each write.
 */
describe('a card or pass taken over names the person it was taken from', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const all = async (): Promise<AuditRow[]> => app.services.audit.all()
  const found = async (filter: AuditFilter): Promise<AuditRow[]> =>
    ((await app.call('audit.list', { filter, offset: 0, limit: 200 })) as { items: AuditRow[] }).items
  const csvLines = async (filter: AuditFilter): Promise<Record<string, string>[]> => {
    const { text } = (await app.call('audit.exportCsv', { filter })) as { text: string }
    return Papa.parse<Record<string, string>>(text.replace(/^\ufeff/, ''), { header: true, skipEmptyLines: true }).data
  }

  it('a card given with force to Tess Ng names Uma Ng, who held it: on the row, in the search, in the CSV', async () => {
    const [card] = (await demo.held<HeldCard>('cards')).filter((c) => c.status !== 'deleted' && !c.owner)
    const { id: uma } = await demo.addUser({ first_name: 'Uma', last_name: 'Ng' })
    const { id: tess } = await demo.addUser({ first_name: 'Tess', last_name: 'Ng' })
    const ownerOf = async () => (await demo.held<HeldCard>('cards')).find((c) => c.token === card!.token)?.owner

    await app.call('cards.assign', { token: card!.token, owner: { type: 'user', id: uma } })
    expect(await ownerOf()).toMatchObject({ id: uma })
    const n = (await all()).length
    await app.call('cards.assign', { token: card!.token, owner: { type: 'user', id: tess }, force: true })
    expect(await ownerOf()).toMatchObject({ id: tess })

    const [row] = (await all()).slice(n)
    expect(row).toMatchObject({ action: 'assign', outcome: 'ok', target: { name: 'Tess Ng' } })
    expect(row!.detail).toBe('taken over from Uma Ng')

    // Found by the person it was taken from, in English and in the desk's language, and by the one given it.
    for (const filter of [{ text: 'Uma Ng' }, { text: 'uma ng', language: 'de' as const }, { text: 'Tess Ng' }])
      expect((await found(filter)).map((r) => r.id)).toContain(row!.id)

    const line = (await csvLines({ text: 'Uma Ng' })).find(
      (l) => l.action === 'assign' && l['target name'] === 'Tess Ng'
    )
    expect(line).toMatchObject({
      'card number': card!.display_id,
      'card owner': 'Tess Ng (user)',
      detail: 'taken over from Uma Ng'
    })
    const german = (await app.call('audit.exportCsv', { filter: { text: 'Uma Ng' }, language: 'de' })) as {
      text: string
    }
    expect(german.text).toContain('von Uma Ng übernommen')
  })

  it('a Touch Pass given to Tess Ng while Uma Ng held it names Uma Ng: on the row, in the search, in the CSV', async () => {
    const client = await app.services.connections.client()
    const { id: uma } = await demo.addUser({ first_name: 'Uma', last_name: 'Ng' })
    const { id: tess } = await demo.addUser({ first_name: 'Tess', last_name: 'Ng' })
    const [pass] = await client.touchPasses.purchase(1)
    const passOf = async () => (await demo.held<HeldPass>('touchPasses')).find((p) => p.id === pass!.id)
    await client.users.assignTouchPass(uma, pass!.id)
    await app.call('touchPasses.setStatus', { id: pass!.id, status: 'SUSPENDED' })
    expect(await passOf()).toMatchObject({ user_id: uma, status: 'SUSPENDED' })

    const n = (await all()).length
    await client.users.assignTouchPass(tess, pass!.id)
    expect(await passOf()).toMatchObject({ user_id: tess })

    const [row] = (await all()).slice(n)
    expect(row).toMatchObject({ action: 'assign', outcome: 'ok', target: { name: 'Tess Ng' } })
    expect(row!.detail).toBe('taken over from Uma Ng')
    expect((await found({ text: 'Uma Ng' })).map((r) => r.id)).toContain(row!.id)

    const line = (await csvLines({ text: 'Uma Ng' })).find(
      (l) => l.action === 'assign' && l['target name'] === 'Tess Ng'
    )
    expect(line).toMatchObject({
      'Touch Pass card id': pass!.card_id,
      'Touch Pass holder': 'Tess Ng',
      detail: 'taken over from Uma Ng'
    })
  })

  it('a Touch Pass given is found by its internal id as well as by its card id', async () => {
    const client = await app.services.connections.client()
    const { id: ada } = await demo.addUser({ first_name: 'Ada', last_name: 'Lund' })
    const [pass] = await client.touchPasses.purchase(1)
    const n = (await all()).length
    await client.users.assignTouchPass(ada, pass!.id)
    expect((await demo.held<HeldPass>('touchPasses')).find((p) => p.id === pass!.id)).toMatchObject({ user_id: ada })
    const [row] = (await all()).slice(n)
    expect(pass!.id).not.toBe(pass!.card_id)
    for (const text of [pass!.card_id, pass!.id]) expect((await found({ text })).map((r) => r.id)).toContain(row!.id)
  })
})
