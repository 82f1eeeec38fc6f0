import { describe, expect, it } from 'vitest'
import { control } from '../access/support'
import { useAppServices } from '../../support/app-services'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import { createAccessClient, type AccessClient } from '../../../src/main/services/access/client'
import type { AuditReader } from '../../../src/main/services/audit/write-names'
import { cardNfcId } from '../../../src/shared/nfc/card-number'

interface StateCard {
  token: string
  display_id: string
  owner: { type: string; id: string } | null
}
interface StatePass {
  id: string
  card_id: string
  user_id: string
  status: string
}

/**
 * An audit row names what a write was about as the screens name it, as it was when the write was
 * sent — a card's number, NFC ID and owner, a Touch Pass's card id, a person's "First Last" — so a
 * deleted card stays identifiable; the free-text filter finds the row by those words. Writes go
 * through the app's real access client against the demo console over HTTPS, the recorder given the
 * client as its reader the way connections gives it when it builds a profile's client.
 */
describe('audit rows name cards, Touch Passes and people as the screens do', () => {
  const app = useAppServices()
  const rows = () => app.services.audit.all()
  const one = async (before: number): Promise<AuditRow> => {
    const added = (await rows()).slice(before)
    expect(added).toHaveLength(1)
    return added[0]!
  }
  const demo = () => app.services.connections.demoConsole()
  const state = async <T>(resource: string) =>
    (await control<{ data: T[] }>(await demo(), 'GET', `/__demo/state/${resource}`)).body.data
  /** The ids of the rows the Audit screen's free text finds. */
  const found = async (text: string): Promise<string[]> =>
    (await app.call('audit.list', { filter: { text }, limit: 500 })).items.map((r: AuditRow) => r.id)

  /** A client of the demo console whose writes are recorded, its recorder reading through `reader`. */
  async function recordedClient(reader: (client: AccessClient) => AuditReader | undefined = (c) => c) {
    const console = await demo()
    // Built after its recorder, as connections builds a profile's client: the recorder reads through it later.
    const built: { client?: AccessClient } = {}
    const onWrite = app.services.audit.recorder({ name: 'Demo console', url: console.url }, () =>
      built.client ? reader(built.client) : undefined
    )
    built.client = createAccessClient({
      baseUrl: console.url,
      token: console.tokens.full,
      pin: { fingerprint256: console.fingerprint256, pems: [console.certificatePem] },
      onWrite
    })
    return built.client
  }

  it('a card deleted by its token: the row names its number, NFC ID and owner; found by each', async () => {
    const client = await recordedClient()
    const user = (await client.users.all()).find((u) => u.first_name && u.last_name)!
    const userName = user.full_name || `${user.first_name} ${user.last_name}`
    // A card imported by its UID: its number is the UID in decimal, as the console numbers it.
    await client.nfcCards.importCsv('04A1B2C3D4E5F6,Audit spare\n', { filename: 'spare.csv' })
    const card = (await client.nfcCards.all()).find((c) => cardNfcId(c.display_id)?.hex === '04A1B2C3D4E5F6')!
    await client.users.assignNfc(user.id, card.token)

    const n = (await rows()).length
    await client.nfcCards.remove(card.token)
    const row = await one(n)
    expect(row).toMatchObject({
      action: 'delete',
      outcome: 'ok',
      target: { kind: 'NFC card', id: card.token },
      card: {
        token: card.token,
        number: card.display_id,
        nfcId: '04A1B2C3D4E5F6',
        alias: 'Audit spare',
        owner: { kind: 'user', name: userName }
      }
    })
    // The console no longer has it: only the row says which card it was.
    expect((await state<StateCard>('cards')).some((c) => c.token === card.token)).toBe(false)

    for (const words of [card.display_id, '04:A1:B2:C3:D4:E5:F6', 'f6e5d4c3b2a104', userName.toUpperCase()]) {
      expect(await found(words), words).toContain(row.id)
    }
    // A seeded card (a short number, not a UID) deleted with no owner: its number, no NFC ID.
    const seeded = (await state<StateCard>('cards')).find((c) => !c.owner && /^\d{1,7}$/.test(c.display_id))!
    const m = (await rows()).length
    await client.nfcCards.remove(seeded.token)
    const plain = await one(m)
    expect(plain.card).toEqual({ token: seeded.token, number: seeded.display_id })
    expect(await found(seeded.display_id)).toContain(plain.id)
  })

  it('a Touch Pass assigned by id: the row names its card id and the user; found by each', async () => {
    const client = await recordedClient()
    const [pass] = await client.touchPasses.purchase(1)
    const held = await state<StatePass>('touchPasses')
    const user = (await client.users.all()).find((u) => u.first_name && !held.some((p) => p.user_id === u.id))!
    const userName = user.full_name || `${user.first_name} ${user.last_name}`

    const n = (await rows()).length
    await client.users.assignTouchPass(user.id, pass!.id)
    const row = await one(n)
    expect(pass!.card_id).toMatch(/^[0-9A-F]{4}-/)
    expect(row).toMatchObject({
      action: 'assign',
      outcome: 'ok',
      target: { kind: 'user', id: user.id, name: userName },
      touchPass: { id: pass!.id, cardId: pass!.card_id, holder: userName }
    })
    expect((await state<StatePass>('touchPasses')).find((p) => p.id === pass!.id)).toMatchObject({
      user_id: user.id,
      status: 'PENDING'
    })
    expect(await found(pass!.card_id.slice(0, 9).toLowerCase())).toContain(row.id)
    expect(await found(userName)).toContain(row.id)

    // Taken back: the request names two ids; the row names the pass by its card id and the user.
    const m = (await rows()).length
    await client.users.unassignTouchPass(user.id, pass!.id)
    expect(await one(m)).toMatchObject({
      action: 'unassign',
      outcome: 'ok',
      target: { id: user.id, name: userName },
      touchPass: { id: pass!.id, cardId: pass!.card_id }
    })
    expect((await state<StatePass>('touchPasses')).find((p) => p.id === pass!.id)!.user_id).toBe('')
  })

  it('a visitor edited and one deleted by id, a user given a card by ids: named by their names', async () => {
    const client = await recordedClient()
    // A visitor no earlier row names: the request sends remarks only.
    const visitor = (await client.visitors.list({ pageSize: 100 })).items.find(
      (v) => v.first_name && v.status !== 'CANCELLED'
    )!
    // Every visitor row names them with their company, as Badges' history does (one rule for visitor rows).
    const named = (v: { first_name: string; last_name: string; visitor_company?: string }) => {
      const name = `${v.first_name} ${v.last_name}`.trim()
      return v.visitor_company ? `${name} · ${v.visitor_company}` : name
    }
    const visitorName = `${visitor.first_name} ${visitor.last_name}`.trim()
    const before = (await rows()).length
    expect(await found(visitorName)).toEqual([])

    await client.visitors.update(visitor.id, { remarks: 'Audit names' })
    const edit = await one(before)
    expect(edit).toMatchObject({ action: 'update', outcome: 'ok', target: { id: visitor.id, name: named(visitor) } })
    expect((await state<{ id: string; remarks: string }>('visitors')).find((v) => v.id === visitor.id)!.remarks).toBe(
      'Audit names'
    )

    // Forced delete: the visitor is gone after it, the row still names them.
    const other = (await client.visitors.list({ pageSize: 100 })).items.find(
      (v) => v.id !== visitor.id && v.first_name && v.status !== 'CANCELLED'
    )!
    const otherName = named(other)
    const n = (await rows()).length
    await client.visitors.remove(other.id, { force: true })
    const gone = await one(n)
    expect(gone).toMatchObject({ action: 'delete', outcome: 'ok', target: { id: other.id, name: otherName } })
    expect((await state<{ id: string }>('visitors')).some((v) => v.id === other.id)).toBe(false)

    // A card given to a user by ids only: the row names the user and the card's number.
    const user = (await client.users.all()).find((u) => u.first_name && u.last_name)!
    const userName = user.full_name || `${user.first_name} ${user.last_name}`
    const free = (await state<StateCard>('cards')).find((c) => !c.owner)!
    const m = (await rows()).length
    await client.users.assignNfc(user.id, free.token)
    const given = await one(m)
    expect(given).toMatchObject({
      action: 'assign',
      target: { kind: 'user', id: user.id, name: userName },
      card: { token: free.token, number: free.display_id }
    })
    expect((await state<StateCard>('cards')).find((c) => c.token === free.token)!.owner).toMatchObject({
      id: user.id
    })

    const ids = await found(visitorName)
    expect(ids).toContain(edit.id)
    expect(await found(otherName)).toContain(gone.id)
    expect(await found(userName)).toContain(given.id)
  })

  it('reads are not writes, and a read that fails never fails the write', async () => {
    const failing: AuditReader = {
      nfcCards: {
        get: () => Promise.reject(new Error('read refused')),
        all: () => Promise.reject(new Error('read refused'))
      },
      touchPasses: {
        get: () => Promise.reject(new Error('read refused')),
        all: () => Promise.reject(new Error('read refused')),
        assignable: () => Promise.reject(new Error('read refused'))
      },
      users: { get: () => Promise.reject(new Error('read refused')) },
      visitors: {
        get: () => Promise.reject(new Error('read refused')),
        all: () => Promise.reject(new Error('read refused'))
      },
      qrCodes: { download: () => Promise.reject(new Error('read refused')) },
      devices: { list: () => Promise.reject(new Error('read refused')) },
      doors: { list: () => Promise.reject(new Error('read refused')) }
    }
    const client = await recordedClient(() => failing)
    const card = (await state<StateCard>('cards')).find((c) => !c.owner)!
    const n = (await rows()).length
    await client.nfcCards.update(card.token, { alias: 'Read failed' })
    const row = await one(n)
    expect(row).toMatchObject({ action: 'update', outcome: 'ok', target: { id: card.token } })
    expect(row.card).toBeUndefined()
    expect((await state<StateCard & { alias: string }>('cards')).find((c) => c.token === card.token)!.alias).toBe(
      'Read failed'
    )

    // With a reader that works, one row per write: the GET before it is not one.
    const reading = await recordedClient()
    const m = (await rows()).length
    await reading.nfcCards.update(card.token, { alias: 'Read worked' })
    expect(await one(m)).toMatchObject({ card: { number: card.display_id, alias: 'Read failed' } })
  })

  it('without a reader, an earlier row names the card; the answer names the Touch Pass and its holder', async () => {
    // The app's own client: named from the request, the console's answer and earlier rows only.
    const client = await app.services.connections.client()
    // The card the last test gave a user (read then): named again from that row, with no read.
    const named = (await rows()).filter((r) => r.card && r.action === 'assign').at(-1)!
    const user = (await client.users.all()).find((u) => u.id === named.target.id)!
    const n = (await rows()).length
    await client.users.unassignNfc(user.id, named.card!.token!)
    expect(await one(n)).toMatchObject({
      action: 'unassign',
      card: { token: named.card!.token, number: named.card!.number }
    })

    const [pass] = await client.touchPasses.purchase(1)
    const held = await state<StatePass>('touchPasses')
    const holder = (await client.users.all()).find((u) => u.first_name && !held.some((p) => p.user_id === u.id))!
    const m = (await rows()).length
    await client.users.assignTouchPass(holder.id, pass!.id)
    expect(await one(m)).toMatchObject({
      target: { id: holder.id, name: holder.full_name },
      touchPass: { id: pass!.id, cardId: pass!.card_id, holder: holder.full_name }
    })
  })
})
