import { readFile } from 'node:fs/promises'
import { readerName } from '../../../src/shared/access/reader-name'
import { describe, expect, it } from 'vitest'
import { control } from '../access/support'
import { useAppServices } from '../../support/app-services'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import { endpoints, type EndpointId } from '../../../src/shared/access/endpoints'
import { writeKinds } from '../../../src/main/services/audit/write-kinds'

const job = {
  visitorId: 'v-1',
  name: 'Ada Lovelace',
  company: 'Analytical',
  host: 'Charles',
  validFrom: 1_700_000_000,
  validTo: 1_700_003_600,
  stock: 'dk-11202'
}

/**
 * Every kind of console write, made through the app's real access client against the demo console
 * over HTTPS, lands in the audit journal as one row with its action, target and outcome; nothing
 * secret (the API token, a PIN) reaches the file.
 */
describe('audit rows for every write kind', () => {
  const app = useAppServices()
  const rows = () => app.services.audit.all()
  /** The rows written since `before` rows were there. */
  const since = async (before: number) => (await rows()).slice(before)
  const one = async (before: number): Promise<AuditRow> => {
    const added = await since(before)
    expect(added).toHaveLength(1)
    return added[0]!
  }

  it('every endpoint that is not a GET has a kind (or is marked as changing nothing)', () => {
    const writes = (Object.keys(endpoints) as EndpointId[]).filter((k) => endpoints[k].method !== 'GET')
    expect(Object.keys(writeKinds).sort()).toEqual(writes.sort())
    expect(writeKinds.E1).toBeNull()
  })

  it('visitor writes: create, update, PIN, QR, NFC card, delete — each one row, PIN never recorded', async () => {
    const client = await app.services.connections.client()
    const demo = await app.services.connections.demoConsole()
    const profile = (await app.services.connections.list()).profiles[0]!
    let n = (await rows()).length

    const start = Math.floor(Date.now() / 1000)
    const visitor = await client.visitors.create({
      first_name: 'Grace',
      last_name: 'Hopper',
      visitor_company: 'Navy',
      visit_reason: 'Business',
      start_time: start,
      end_time: start + 3600
    })
    const created = await one(n)
    expect(created).toMatchObject({
      action: 'create',
      outcome: 'ok',
      endpoint: { id: 'E17' },
      // Every row of a visitor write names them with their company, as the badge and QR rows do.
      target: { kind: 'visitor', id: visitor.id, name: 'Grace Hopper · Navy' },
      console: { name: profile.name, url: demo.url }
    })
    expect(created.desk.user).not.toBe('')
    expect(created.desk.host).not.toBe('')
    // The visit's times as sent: the screen writes them in the desk's zone (never a UTC string).
    expect(created.visit).toEqual({ start, end: start + 3600 })
    expect(created.detail).toBeUndefined()

    n = (await rows()).length
    await client.visitors.update(visitor.id, { remarks: 'Lobby B' })
    expect(await one(n)).toMatchObject({
      action: 'update',
      outcome: 'ok',
      target: { kind: 'visitor', id: visitor.id, name: 'Grace Hopper · Navy' },
      visit: { start, end: start + 3600 },
      detail: 'changed Remarks'
    })

    n = (await rows()).length
    const pin = await client.pinCodes.generate()
    expect(await since(n)).toEqual([]) // E1 changes nothing on the console
    await client.visitors.assignPin(visitor.id, pin)
    const pinRow = await one(n)
    // The request names only the visitor's id: the row names them as the journal last knew them.
    expect(pinRow).toMatchObject({
      action: 'PIN assignment',
      outcome: 'ok',
      target: { kind: 'visitor', id: visitor.id, name: 'Grace Hopper · Navy' },
      visit: { start, end: start + 3600 }
    })
    expect(JSON.stringify(pinRow)).not.toContain(pin)

    n = (await rows()).length
    await client.visitors.unassignPin(visitor.id)
    expect(await one(n)).toMatchObject({ action: 'PIN removal', outcome: 'ok', target: { id: visitor.id } })

    n = (await rows()).length
    await client.visitors.assignQr(visitor.id)
    // Whose visit, as read before the write: the company beside the name and the visit's window
    // (two visits of one name told apart).
    expect(await one(n)).toMatchObject({
      action: 'QR assignment',
      outcome: 'ok',
      target: { id: visitor.id, name: 'Grace Hopper · Navy' },
      visit: { start, end: start + 3600 }
    })
    n = (await rows()).length
    await client.visitors.unassignQr(visitor.id)
    expect(await one(n)).toMatchObject({ action: 'QR removal', outcome: 'ok', target: { id: visitor.id } })

    const free = (await client.nfcCards.all()).find((c) => !c.user_id && c.status !== 'deleted')!
    n = (await rows()).length
    await client.visitors.assignNfc(visitor.id, free.token)
    expect(await one(n)).toMatchObject({
      action: 'assign',
      outcome: 'ok',
      target: { kind: 'visitor', id: visitor.id },
      card: { token: free.token }
    })
    // The card is the row's card; its raw token is never written out in the detail.
    expect((await one(n)).detail).toBeUndefined()
    n = (await rows()).length
    await client.visitors.unassignNfc(visitor.id, free.token)
    expect(await one(n)).toMatchObject({ action: 'unassign', outcome: 'ok', card: { token: free.token } })

    n = (await rows()).length
    await client.visitors.remove(visitor.id)
    expect(await one(n)).toMatchObject({
      action: 'cancel visit',
      outcome: 'ok',
      target: { kind: 'visitor', id: visitor.id, name: 'Grace Hopper · Navy' },
      visit: { start, end: start + 3600 },
      detail: 'visit cancelled (kept as Cancelled)'
    })
    n = (await rows()).length
    await client.visitors.remove(visitor.id, { force: true })
    expect(await one(n)).toMatchObject({ action: 'delete', outcome: 'ok', detail: 'deleted for good' })

    // A visitor the console does not have: it refuses, with its code.
    n = (await rows()).length
    await expect(client.visitors.remove('no-such-visitor')).rejects.toMatchObject({ kind: 'not-found' })
    const refused = await one(n)
    expect(refused).toMatchObject({ action: 'cancel visit', outcome: 'refused', target: { id: 'no-such-visitor' } })
    expect(refused.code).toMatch(/^[A-Z_0-9]+$/)

    const file = await readFile(app.services.audit.log.path, 'utf8')
    expect(file).not.toContain(pin)
    for (const token of Object.values(demo.tokens)) expect(file).not.toContain(token)
  })

  it('user and card writes: NFC card and PIN to a user, card rename and delete', async () => {
    const client = await app.services.connections.client()
    const user = (await client.users.all())[0]!
    const cards = (await client.nfcCards.all()).filter((c) => !c.user_id && c.status !== 'deleted')
    const [card, spare] = [cards[0]!, cards[1]!]
    let n = (await rows()).length

    await client.users.assignNfc(user.id, card.token)
    expect(await one(n)).toMatchObject({ action: 'assign', outcome: 'ok', target: { kind: 'user', id: user.id } })
    n = (await rows()).length
    await client.users.unassignNfc(user.id, card.token)
    expect(await one(n)).toMatchObject({ action: 'unassign', outcome: 'ok', target: { kind: 'user', id: user.id } })

    const pin = await client.pinCodes.generate()
    // A user who held a PIN has it replaced: their record, read before sending, says which.
    const demo = await app.services.connections.demoConsole()
    const users = (
      await control<{ data: { id: string; pin_hash: string | null }[] }>(demo, 'GET', '/__demo/state/users')
    ).body.data
    const heldPin = Boolean(users.find((u) => u.id === user.id)?.pin_hash)
    n = (await rows()).length
    await client.users.assignPin(user.id, pin)
    expect(await one(n)).toMatchObject({
      action: heldPin ? 'PIN replacement' : 'PIN assignment',
      outcome: 'ok',
      target: { kind: 'user', id: user.id }
    })
    n = (await rows()).length
    await client.users.unassignPin(user.id)
    expect(await one(n)).toMatchObject({ action: 'PIN removal', outcome: 'ok' })

    n = (await rows()).length
    await client.nfcCards.update(card.token, { alias: 'Front desk spare' })
    expect(await one(n)).toMatchObject({
      action: 'update',
      outcome: 'ok',
      target: { kind: 'NFC card', id: card.token },
      // The alias read just before the write, then the new one.
      detail: `alias ${card.alias ? `"${card.alias}"` : '(none)'} → "Front desk spare"`
    })
    n = (await rows()).length
    await client.nfcCards.remove(spare.token)
    expect(await one(n)).toMatchObject({
      action: 'delete',
      outcome: 'ok',
      target: { kind: 'NFC card', id: spare.token }
    })

    expect(await readFile(app.services.audit.log.path, 'utf8')).not.toContain(pin)
  })

  it('Touch Passes: purchase, rename, assign and take back, assign to several users', async () => {
    const client = await app.services.connections.client()
    const users = await client.users.all()
    let n = (await rows()).length
    const [pass] = await client.touchPasses.purchase(1)
    const bought = await one(n)
    expect(bought).toMatchObject({ action: 'purchase', outcome: 'ok', target: { kind: 'Touch Pass' } })
    // Named by the card id Touch Passes shows, not the pass's internal id.
    expect(bought.detail).toBe(`1 Touch Pass; bought ${pass!.card_id}`)

    n = (await rows()).length
    await client.touchPasses.update(pass!.id, { card_name: 'Desk pass' })
    expect(await one(n)).toMatchObject({
      action: 'update',
      target: { kind: 'Touch Pass', id: pass!.id },
      detail: 'renamed (none) → "Desk pass"'
    })

    const demo = await app.services.connections.demoConsole()
    const held = (await control<{ data: { user_id: string }[] }>(demo, 'GET', '/__demo/state/touchPasses')).body.data
    const passless = users.filter((u) => !held.some((p) => p.user_id === u.id))
    const holder = passless[0]!
    const holderName = holder.full_name || `${holder.first_name} ${holder.last_name}`.trim()
    n = (await rows()).length
    await client.users.assignTouchPass(holder.id, pass!.id)
    expect(await one(n)).toMatchObject({
      action: 'assign',
      outcome: 'ok',
      target: { kind: 'user', id: holder.id, name: holderName },
      touchPass: { id: pass!.id, cardId: pass!.card_id, holder: holderName }
    })
    n = (await rows()).length
    await client.users.unassignTouchPass(holder.id, pass!.id)
    // The answer to the assignment named the user: the row taking the pass back names them too.
    expect(await one(n)).toMatchObject({
      action: 'unassign',
      outcome: 'ok',
      target: { id: holder.id, name: holderName },
      touchPass: { id: pass!.id, cardId: pass!.card_id }
    })

    await client.touchPasses.purchase(2)
    const two = passless.slice(1, 3)
    n = (await rows()).length
    await client.users.assignTouchPasses(two.map((u) => ({ id: u.id })))
    expect(await one(n)).toMatchObject({
      action: 'assign',
      outcome: 'ok',
      target: { kind: 'users', name: '2 users', id: two.map((u) => u.id).join(', ') }
    })
  })

  it('an import: how many cards were sent and how many the console imported', async () => {
    const client = await app.services.connections.client()
    const n = (await rows()).length
    await client.nfcCards.importCsv('04C1C2C3C4C5C6,Audit-1\n04C1C2C3C4C5C7,Audit-2\n', { filename: 'lobby.csv' })
    expect(await one(n)).toMatchObject({
      action: 'import',
      outcome: 'ok',
      detail: '2 cards from lobby.csv; 2 imported, 0 not imported'
    })
  })

  it('enrollment: the session started on a reader and ended', async () => {
    const client = await app.services.connections.client()
    const reader = (await client.devices.list()).find((d) => d.isReader && d.online)!
    let n = (await rows()).length
    const { sessionId } = await client.sessions.create({ deviceId: reader.id, resetCard: false })
    // The reader named as Enroll names it (its door, then its name and model), not by its id alone.
    const named = readerName(reader, await client.doors.list())
    expect(named).not.toBe(reader.id)
    expect(await one(n)).toMatchObject({
      action: 'enrollment start',
      outcome: 'ok',
      target: { kind: 'reader', id: reader.id, name: named },
      detail: `session ${sessionId}`
    })
    n = (await rows()).length
    await client.sessions.remove(sessionId)
    expect(await one(n)).toMatchObject({
      action: 'enrollment end',
      outcome: 'ok',
      target: { kind: 'enrollment session', id: sessionId }
    })
  })

  it('an enrollment through the app: started, the tapped card bound to a user (an "enrollment bind"), ended', async () => {
    const client = await app.services.connections.client()
    const demo = await app.services.connections.demoConsole()
    const reader = (await client.devices.list()).find((d) => d.isReader && d.online)!
    const user = (await client.users.all())[1]!
    const n = (await rows()).length
    const { enrollmentId } = await app.call('enroll.start', { deviceId: reader.id })
    await control(demo, 'POST', '/__demo/taps', { device_id: reader.id, nfc_id: '04E1E2E3E4E5E6' })
    const progress = () =>
      app.events
        .filter((e) => e.event === 'enroll.progress')
        .map((e) => e.payload as { enrollmentId: string; card?: { token: string } })
        .find((p) => p.enrollmentId === enrollmentId && p.card)
    const end = Date.now() + 10_000
    while (!progress() && Date.now() < end) await new Promise((r) => setTimeout(r, 50))
    const token = progress()!.card!.token
    await app.call('enroll.assign', { token, owner: { type: 'user', id: user.id } })
    const added = await since(n)
    expect(added.map((r) => r.action)).toEqual(['enrollment start', 'enrollment end', 'enrollment bind'])
    expect(added[2]).toMatchObject({
      outcome: 'ok',
      endpoint: { id: '§3.7' },
      target: { kind: 'user', id: user.id },
      card: { token }
    })
    expect(added[2]!.detail).toBeUndefined()
    // The same call outside an enrollment is an ordinary assignment.
    const m = (await rows()).length
    await client.users.unassignNfc(user.id, token)
    expect(await one(m)).toMatchObject({ action: 'unassign' })
  })

  it('permission probes (a write on an id that cannot exist) are not recorded', async () => {
    const n = (await rows()).length
    expect(await app.call('visitors.capabilities')).toMatchObject({ canEdit: true })
    expect(await since(n)).toEqual([])
  })

  it('no answer in time: the row is unknown, never ok or refused', async () => {
    const client = await app.services.connections.client()
    const demo = await app.services.connections.demoConsole()
    const user = (await client.users.all())[0]!
    await control(demo, 'PUT', '/__demo/faults', { latencyMs: 1500 })
    const n = (await rows()).length
    try {
      await expect(client.users.unassignPin(user.id, { timeoutMs: 300 })).rejects.toMatchObject({ code: 'TIMEOUT' })
    } finally {
      await control(demo, 'DELETE', '/__demo/faults')
    }
    expect(await one(n)).toMatchObject({ action: 'PIN removal', outcome: 'unknown', code: 'TIMEOUT' })
  })

  it('a badge printed is a row; a badge the app cannot print is a refused row', async () => {
    let n = (await rows()).length
    await app.call('badges.record', { job, output: 'browser-pdf' })
    expect(await one(n)).toMatchObject({
      action: 'badge print',
      outcome: 'ok',
      // Named with the company and the visit's window, as Badges' history names the badge.
      target: { kind: 'visitor', id: 'v-1', name: 'Ada Lovelace · Analytical' },
      visit: { start: job.validFrom, end: job.validTo },
      detail: 'Brother DK-11202 (62 × 100 mm) · saved as PDF by the browser'
    })
    // A reprint (a badge of the history printed again) says so.
    n = (await rows()).length
    await app.call('badges.record', { job, output: 'browser-pdf', reprintOf: 'h-earlier' })
    expect(await one(n)).toMatchObject({
      action: 'badge print',
      outcome: 'ok',
      target: { kind: 'visitor', id: 'v-1', name: 'Ada Lovelace · Analytical' },
      detail: 'Brother DK-11202 (62 × 100 mm) · saved as PDF by the browser · reprint'
    })
    n = (await rows()).length
    // With no window to print through (test transport, as web mode) and no printer of main's named.
    await expect(app.call('badges.print', { job, silent: false })).rejects.toMatchObject({ code: 'NO_PRINTER' })
    expect(await one(n)).toMatchObject({ action: 'badge print', outcome: 'refused', code: 'NO_PRINTER' })
  })

  it('audit.list filters by action, outcome, console and text, pages, and exports what it shows as CSV', async () => {
    const all = await app.call('audit.list', { limit: 500 })
    expect(all.total).toBe((await rows()).length)
    expect(all.items.map((r: AuditRow) => r.id)).toEqual((await rows()).reverse().map((r) => r.id))

    const deletes = await app.call('audit.list', { filter: { action: 'delete' } })
    expect(deletes.items.length).toBeGreaterThan(1)
    expect(deletes.items.every((r: AuditRow) => r.action === 'delete')).toBe(true)

    const refused = await app.call('audit.list', { filter: { outcome: 'refused' } })
    expect(refused.items.map((r: AuditRow) => r.code).sort()).toEqual(
      (await rows())
        .filter((r) => r.outcome === 'refused')
        .map((r) => r.code)
        .sort()
    )

    const grace = await app.call('audit.list', { filter: { text: 'grace HOPPER' } })
    expect(grace.items.map((r: AuditRow) => r.action)).toEqual(expect.arrayContaining(['create', 'PIN assignment']))
    // (Her QR rows name her company too: "Grace Hopper · Navy".)
    expect(grace.items.every((r: AuditRow) => r.target.name?.startsWith('Grace Hopper'))).toBe(true)
    expect(grace.total).toBe((await rows()).filter((r) => r.target.name?.startsWith('Grace Hopper')).length)

    const other = await app.call('audit.list', { filter: { console: 'https://10.0.0.9:12445' } })
    expect(other.total).toBe(0)
    expect(all.consoles).toHaveLength(1)

    const page2 = await app.call('audit.list', { offset: 2, limit: 3 })
    expect(page2.items.map((r: AuditRow) => r.id)).toEqual(all.items.slice(2, 5).map((r: AuditRow) => r.id))

    const future = new Date(Date.now() + 86_400_000).toISOString()
    expect((await app.call('audit.list', { filter: { from: future } })).total).toBe(0)
    expect((await app.call('audit.list', { filter: { to: future } })).total).toBe(all.total)

    const csv = await app.call('audit.exportCsv', { filter: { action: 'delete' } })
    expect(csv.rows).toBe(deletes.total)
    const lines = (csv.text as string).split('\r\n').filter(Boolean)
    expect(lines[0]).toBe(
      '\ufefftime,console,console address,desk user,desk computer,action,endpoint,target,target id,target name,card number,card alias,NFC ID,card owner,Touch Pass card id,Touch Pass name,Touch Pass holder,visit from,visit until,detail,outcome,outcome code,code,message,answered at'
    )
    expect(lines).toHaveLength(deletes.total + 1)
    expect(lines.slice(1).every((l) => l.split(',')[5] === 'delete')).toBe(true)
    expect(csv.filename).toMatch(/^audit-\d{4}-\d\d-\d\d\.csv$/)

    // In the desk's zone: ISO 8601 with its offset, the same instant as the row's (to the second).
    const zoned = await app.call('audit.exportCsv', { filter: { action: 'delete' }, timeZone: 'Asia/Kolkata' })
    const time = (zoned.text as string).split('\r\n')[1]!.split(',')[0]!
    expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/)
    expect(Date.parse(time)).toBe(Math.floor(Date.parse(deletes.items[0].at) / 1000) * 1000)
  })

  it('bad input is refused with what to do', async () => {
    await expect(app.call('audit.exportCsv', { timeZone: 'Mars/Olympus' })).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringContaining('Unknown time zone')
    })
    await expect(app.call('audit.setRetention', { days: 0 })).rejects.toMatchObject({ kind: 'validation' })
    await expect(app.call('audit.list', { filter: { from: 'yesterday' } })).rejects.toMatchObject({
      kind: 'validation'
    })
  })
})
