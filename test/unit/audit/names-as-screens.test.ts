import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AuditRow } from '../../../src/shared/audit/schemas'

type HeldPass = { id: string; card_id: string; card_name: string; status: string; user_id: string }
type HeldCard = { token: string; display_id: string; alias: string; status?: string; owner: { id: string } | null }
type HeldUser = { id: string; pin_hash: string | null }

/**
 * The audit trail names things as the screens do (issue 31): a Touch Pass by its card id and name, a
 * rename as old → new, every pass a purchase bought, a PIN that replaced one as a replacement, and the
 * CSV with the card's alias, the pass's name and the target's name filled. Through the app's services
 * against the demo console over real HTTPS; each write's effect checked in the console's state, each
 * row as the journal stores it and as the CSV exports it.
 */
describe('audit rows name things as the screens do', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const all = async (): Promise<AuditRow[]> => app.services.audit.all()
  const added = async (before: number): Promise<AuditRow[]> => (await all()).slice(before)
  const csvLines = async (text: string): Promise<Record<string, string>[]> => {
    const csv = ((await app.call('audit.exportCsv', { filter: { text } })) as { text: string }).text
    const [header, ...lines] = csv
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .filter(Boolean)
    // No cell of these rows holds a comma or a quote: a plain split reads them.
    const names = header!.split(',')
    return lines.map((l) => Object.fromEntries(l.split(',').map((cell, i) => [names[i]!, cell])))
  }

  it('a Touch Pass renamed: the row says old → new and names the pass; a later row gives its name; the CSV too', async () => {
    await app.call('touchPasses.purchase', { count: 1, idempotencyKey: crypto.randomUUID() })
    const pass = (await demo.held<HeldPass>('touchPasses')).find((p) => !p.user_id && p.status === 'INACTIVE')!
    const first = await app.call('touchPasses.rename', {
      id: pass.id,
      edit: { base: { card_name: pass.card_name }, changes: { card_name: 'Lobby spare' } }
    })
    expect(first).toMatchObject({ outcome: 'saved', record: { card_name: 'Lobby spare' } })
    let n = (await all()).length
    await app.call('touchPasses.rename', {
      id: pass.id,
      edit: { base: { card_name: 'Lobby spare' }, changes: { card_name: 'Mateo desk' } }
    })
    expect((await demo.held<HeldPass>('touchPasses')).find((p) => p.id === pass.id)).toMatchObject({
      card_name: 'Mateo desk'
    })
    const [rename] = await added(n)
    expect(rename).toMatchObject({
      action: 'update',
      outcome: 'ok',
      detail: 'renamed "Lobby spare" → "Mateo desk"',
      touchPass: { id: pass.id, cardId: pass.card_id, name: 'Mateo desk' }
    })

    const { id: userId } = await demo.addUser({ first_name: 'Omar', last_name: 'Okafor' })
    n = (await all()).length
    await app.call('touchPasses.assign', { id: pass.id, userId })
    expect((await demo.held<HeldPass>('touchPasses')).find((p) => p.id === pass.id)).toMatchObject({
      user_id: userId
    })
    const [given] = await added(n)
    expect(given).toMatchObject({
      action: 'assign',
      touchPass: { cardId: pass.card_id, name: 'Mateo desk', holder: 'Omar Okafor' }
    })

    const lines = await csvLines(pass.card_id)
    const renamed = lines.find((l) => l.action === 'update' && l.detail?.includes('Mateo desk'))!
    expect(renamed).toMatchObject({
      'target name': `Touch Pass ${pass.card_id} (Mateo desk)`,
      'Touch Pass card id': pass.card_id,
      'Touch Pass name': 'Mateo desk'
    })
    const assigned = lines.find((l) => l.action === 'assign')!
    expect(assigned).toMatchObject({ 'target name': 'Omar Okafor', 'Touch Pass name': 'Mateo desk' })

    // The filter finds the assign row by what the screen shows of it: the pass's name, its card id typed
    // with or without dashes (as Touch Passes and Find across consoles take it).
    const found = async (text: string) =>
      ((await app.call('audit.list', { filter: { text }, offset: 0, limit: 50 })) as { items: AuditRow[] }).items
    for (const text of [
      'Mateo desk',
      pass.card_id,
      pass.card_id.replace(/-/g, '').toLowerCase(),
      pass.card_id.slice(0, 9)
    ])
      expect((await found(text)).some((r) => r.action === 'assign' && r.touchPass?.id === pass.id)).toBe(true)
  })

  it("a card's alias changed: the row says old → new; the CSV gives the alias and names the card as the target", async () => {
    const card = (await demo.held<HeldCard>('cards')).find(
      (c) => c.status !== 'deleted' && !c.owner && c.alias && /^\d{1,7}$/.test(c.display_id)
    )!
    const n = (await all()).length
    await app.call('cards.rename', {
      token: card.token,
      edit: { base: { alias: card.alias }, changes: { alias: 'Mateo desk' } }
    })
    expect((await demo.held<HeldCard>('cards')).find((c) => c.token === card.token)).toMatchObject({
      alias: 'Mateo desk'
    })
    const [row] = await added(n)
    expect(row).toMatchObject({ action: 'update', detail: `alias "${card.alias}" → "Mateo desk"` })

    const line = (await csvLines(card.display_id)).find((l) => l.action === 'update')!
    expect(line).toMatchObject({
      'target name': `Card ${card.display_id} (${card.alias})`,
      'card number': card.display_id,
      'card alias': card.alias
    })
  })

  it('a purchase the console answered with 1 of its 2 passes: the row names both, as the list read back has them', async () => {
    const before = new Set((await demo.held<HeldPass>('touchPasses')).map((p) => p.id))
    const n = (await all()).length
    await app.call('touchPasses.purchase', { count: 2, idempotencyKey: crypto.randomUUID() })
    const bought = (await demo.held<HeldPass>('touchPasses')).filter((p) => !before.has(p.id))
    expect(bought).toHaveLength(2)
    const [row] = await added(n)
    expect(row).toMatchObject({ action: 'purchase', outcome: 'ok' })
    expect(row!.detail).toBe(
      `2 Touch Passes; bought 2; the console's answer named only 1 of them: ${bought[0]!.card_id}; ` +
        `the list read back names all 2: ${bought.map((p) => p.card_id).join(', ')}`
    )
  })

  it('a purchase answered with fewer passes whose list cannot be read back: the row says how many were bought', async () => {
    const before = new Set((await demo.held<HeldPass>('touchPasses')).map((p) => p.id))
    const n = (await all()).length
    // The list read before the purchase works; every read after it fails.
    let reads = 0
    const client = await app.services.connections.client()
    const real = client.touchPasses.all.bind(client.touchPasses)
    client.touchPasses.all = async (...args) => {
      if (reads++ > 0) throw new Error('list unreadable')
      return real(...args)
    }
    try {
      await app.call('touchPasses.purchase', { count: 3, idempotencyKey: crypto.randomUUID() })
    } finally {
      client.touchPasses.all = real
    }
    const bought = (await demo.held<HeldPass>('touchPasses')).filter((p) => !before.has(p.id))
    expect(bought).toHaveLength(3)
    const [row] = await added(n)
    expect(row!.detail).toBe(
      `3 Touch Passes; bought 3; the console's answer named only 1 of them: ${bought[0]!.card_id}`
    )
  })

  it('a PIN given to someone who held one is a replacement; to someone who held none, an assignment', async () => {
    const { id: userId } = await demo.addUser({ first_name: 'Ines', last_name: 'Sato' })
    const owner = { type: 'user' as const, id: userId, name: 'Ines Sato' }
    const heldPin = async () => (await demo.held<HeldUser>('users')).find((u) => u.id === userId)?.pin_hash
    let n = (await all()).length
    await app.call('pins.assign', { pin: ((await app.call('pins.generate')) as { pin: string }).pin, owner })
    const firstPin = await heldPin()
    expect(firstPin).toBeTruthy()
    expect((await added(n)).map((r) => r.action)).toEqual(['PIN assignment'])

    n = (await all()).length
    await app.call('pins.assign', { pin: ((await app.call('pins.generate')) as { pin: string }).pin, owner })
    expect(await heldPin()).toBeTruthy()
    expect(await heldPin()).not.toBe(firstPin)
    const [replaced] = await added(n)
    expect(replaced).toMatchObject({
      action: 'PIN replacement',
      outcome: 'ok',
      target: { kind: 'user', id: userId, name: 'Ines Sato' }
    })
    expect((await csvLines('Ines Sato')).map((l) => l.action)).toContain('PIN replacement')
  })
})
