import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import type { FleetFound } from '../../../src/shared/fleet/schemas'
import { reverseBytes } from '../../../src/shared/nfc/card-identity'
import { cardNfcId } from '../../../src/shared/nfc/card-number'
import { allPermissionKeys } from '../../../src/demo-console/tokens'
import { startFleet } from './support'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console records are read loosely
type Loose = any

/**
 * Find across consoles against three real demo sites (Demo HQ, Harbour Office slow, Hill Campus
 * down): each record is found on its own console only, by any of the ways a desk writes it.
 */
describe('fleet: find across consoles', () => {
  const app = useAppServices()
  let fleet: Awaited<ReturnType<typeof startFleet>>
  const [HQ, SLOW, DOWN] = [0, 1, 2]
  const held = (site: number, resource: string): Promise<Loose[]> =>
    fleet.control(fleet.sites[site]!, 'GET', `/state/${resource}`)

  beforeAll(async () => {
    fleet = await startFleet(app)
    await fleet.control(fleet.sites[SLOW]!, 'PUT', '/faults', { latencyMs: 200 })
    await fleet.control(fleet.sites[DOWN]!, 'PUT', '/faults', { resetRate: 1 })
  })
  afterAll(async () => {
    await fleet?.stop()
  })

  let request = 0
  /** Every console's answer, and the `fleet.found` events it pushed, in the order they came. */
  async function find(query: string) {
    const requestId = `find-${++request}`
    const { results } = (await app.call('fleet.find', { requestId, query })) as { results: FleetFound[] }
    const pushed = app.events
      .filter((e) => e.event === 'fleet.found' && (e.payload as Loose).requestId === requestId)
      .map((e) => (e.payload as Loose).found as FleetFound)
    const on = (site: number) => results.find((r) => r.profileId === fleet.ids[site])!
    const hitsOn = (site: number) => {
      const r = on(site)
      return r.ok ? r.hits : []
    }
    return { results, pushed, on, hitsOn }
  }

  it('finds a person by name, email or employee number on the console that holds them only', async () => {
    const [person] = await held(SLOW, 'users')
    const byName = await find(`${person.last_name} ${person.first_name}`.toUpperCase())
    expect(byName.hitsOn(SLOW)).toEqual([
      expect.objectContaining({
        kind: 'user',
        id: person.id,
        matched: 'name'
      })
    ])
    expect(byName.hitsOn(HQ)).toEqual([])
    const byEmail = await find(person.user_email)
    expect(byEmail.hitsOn(SLOW).map((h) => h.id)).toEqual([person.id])
    expect(byEmail.hitsOn(SLOW)[0]!.matched).toBe(`email ${person.user_email}`)
    const byNumber = await find(person.employee_number.toLowerCase())
    expect(byNumber.hitsOn(SLOW).map((h) => [h.id, h.matched])).toEqual([
      [person.id, `employee number ${person.employee_number}`]
    ])
    // The facts the desk words in its language (components/fleet/hit-words.ts).
    expect(byNumber.hitsOn(SLOW)[0]).toMatchObject({
      match: { by: 'employeeNumber', value: person.employee_number },
      facts: { employeeNumber: person.employee_number }
    })
    expect(byNumber.hitsOn(HQ)).toEqual([])
    // The down console says why it could not look; the others answered before it gave up.
    expect(byNumber.on(DOWN)).toMatchObject({ ok: false, error: { kind: 'network' } })
    expect(byNumber.pushed).toHaveLength(4)
  })

  it('finds a card by its number, and by its NFC ID written in any form the Cards filter takes', async () => {
    const card = (await held(SLOW, 'cards')).find((c) => c.status === 'assigned')
    const byNumber = await find(card.display_id)
    expect(byNumber.hitsOn(SLOW)).toEqual([
      expect.objectContaining({ kind: 'card', id: card.token, matched: 'card number', cardFilter: card.display_id })
    ])
    expect(byNumber.hitsOn(HQ)).toEqual([])

    // A card imported on Demo HQ by its UID: its number is that UID (the console's decimal).
    const uid = '04A23B1C5D6E80'
    const client = await app.services.connections.client(fleet.ids[HQ])
    const [imported] = await client.nfcCards.importCsv(`${uid},Fleet test\n`)
    const cards = await held(HQ, 'cards')
    const stored = cards.find((c) => c.token === imported!.token)
    expect(stored).toBeDefined()
    for (const typed of [
      '04:a2:3b:1c:5d:6e:80',
      `0x${uid}`,
      reverseBytes(uid).toLowerCase(),
      BigInt(`0x${uid}`).toString()
    ]) {
      const found = await find(typed)
      expect(
        found.hitsOn(HQ).map((h) => h.id),
        typed
      ).toEqual([stored.token])
      expect(found.hitsOn(SLOW), typed).toEqual([])
    }
    const reversed = (await find(reverseBytes(uid))).hitsOn(HQ)[0]!
    expect(reversed.matched).toBe(`NFC ID ${uid} (typed in the other byte order)`)
    expect(reversed.match).toEqual({ by: 'nfcId', hex: uid, reversed: true })
    expect(reversed.facts).toMatchObject({ cardStatus: stored.status, label: 'Fleet test' })
  })

  it('finds a Touch Pass by its card id, with or without its dashes, in any case', async () => {
    const [pass] = await held(SLOW, 'touchPasses')
    const typed = pass.card_id.replaceAll('-', '').toLowerCase()
    const found = await find(typed)
    expect(found.hitsOn(SLOW)).toEqual([
      expect.objectContaining({ kind: 'touchPass', id: pass.id, matched: 'card id' })
    ])
    expect(found.hitsOn(HQ)).toEqual([])
    // Its status in the words Touch Passes uses ("Active", "Unassigned"), not the console's code.
    const words = { ACTIVE: 'Active', PENDING: 'Waiting for the user', SUSPENDED: 'Suspended', EXPIRED: 'Expired' }
    const status =
      pass.status === 'INACTIVE' ? (pass.user_id ? 'Inactive' : 'Unassigned') : words[pass.status as keyof typeof words]
    expect(found.hitsOn(SLOW)[0]!.detail.split(' · ')[0]).toBe(status)
    expect(found.hitsOn(SLOW)[0]!.facts.passStatus).toBe(
      pass.status === 'INACTIVE' && pass.user_id ? 'inactiveHeld' : pass.status
    )
  })

  it('finds a Touch Pass by a piece of its card id written with its dashes, not only as an NFC ID', async () => {
    const [pass] = await held(SLOW, 'touchPasses')
    // The middle two groups, as a desk copies them from a label: "3C4D-5E6F".
    const piece = (pass.card_id as string).split('-').slice(1, 3).join('-')
    const found = await find(piece)
    expect(found.hitsOn(SLOW)).toContainEqual(
      expect.objectContaining({ kind: 'touchPass', id: pass.id, matched: `part of card id ${pass.card_id}` })
    )
  })

  it('an NFC ID on no card says how many cards could not be compared with it, their numbers being no NFC IDs', async () => {
    const cards = await held(SLOW, 'cards')
    // Counted by the Cards screen's rule (cardNfcId): the demo's UA cards are numbered by the console.
    const uncompared = cards.filter((c) => !cardNfcId(c.display_id)).length
    expect(uncompared).toBeGreaterThan(0)
    const found = await find('04:99:88:77:66:55:44')
    expect(found.hitsOn(SLOW)).toEqual([])
    expect(found.on(SLOW)).toMatchObject({ ok: true, notNfcIds: uncompared })
    // A name found on no one is a bare nothing: no card was compared.
    expect((await find('Nobody Hereatall')).on(SLOW)).not.toHaveProperty('notNfcIds')
  })

  it('still searches what the token may read when it lacks a key, and says what was not searched', async () => {
    // What the demo console gives the full token.
    const all = [...allPermissionKeys]
    await fleet.control(fleet.sites[HQ]!, 'PUT', '/scopes', {
      token: 'full',
      keys: all.filter((k) => k !== 'view:visitor')
    })
    try {
      const [person] = await held(HQ, 'users')
      const found = await find(`${person.first_name} ${person.last_name}`)
      expect(found.on(HQ)).toMatchObject({
        ok: true,
        notSearched: ['Visitors not searched: the token lacks view:visitor.']
      })
      expect(found.hitsOn(HQ).map((h) => h.id)).toContain(person.id)
      expect(found.on(SLOW)).not.toHaveProperty('notSearched')
    } finally {
      await fleet.control(fleet.sites[HQ]!, 'PUT', '/scopes', { token: 'full', keys: all })
    }
  })

  it('finds visitors by name too, and refuses an empty search with what to type', async () => {
    const [visitor] = await held(HQ, 'visitors')
    const found = await find(`${visitor.first_name} ${visitor.last_name}`)
    expect(found.hitsOn(HQ).some((h) => h.kind === 'visitor' && h.id === visitor.id)).toBe(true)
    await expect(app.call('fleet.find', { requestId: 'empty', query: '   ' })).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringContaining('Type a name, email, employee number, card number, NFC ID or Touch Pass card id')
    })
  })
})
