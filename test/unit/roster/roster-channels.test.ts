import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { control } from '../access/support'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import type { RowOutcome } from '../../../src/shared/roster/run'

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const name of await readdir(dir)) {
    const path = join(dir, name)
    if ((await stat(path)).isDirectory()) out.push(...(await filesUnder(path)))
    else out.push(path)
  }
  return out
}

describe('the roster channels, from a file to the hand-out', () => {
  const app = useAppServices()

  it('opens, plans, resolves a name two people share, runs, exports, and keeps no PIN on disk', async () => {
    const demo = await app.services.connections.demoConsole()
    const addUser = async (first: string, last: string, email: string, employee = '') =>
      (
        await control<{ data: { id: string } }>(demo, 'POST', '/__demo/users', {
          first_name: first,
          last_name: last,
          email,
          employee_number: employee
        })
      ).body.data.id
    const twinA = await addUser('Ada', 'Twin', 'ada.twin.a@example.com')
    const twinB = await addUser('Ada', 'Twin', 'ada.twin.b@example.com')
    const bo = await addUser('Bo', 'Plan', 'bo.plan@example.com', 'R-77')
    await addUser('Cy', 'Plan', 'cy.plan@example.com')

    const csv = [
      'Name,Email,Employee,Card,PIN,Pass',
      'Ada Twin,,,,yes,no',
      'Bo Plan,,R-77,AABB0011,yes,yes',
      'Cy Plan,cy.plan@example.com,,enroll,no,no',
      'Nobody Here,nobody.here@example.com,,,yes,no'
    ].join('\r\n')
    const opened = await app.call('roster.open', { fileName: 'staff.csv', data: Buffer.from(csv).toString('base64') })
    expect(opened.sheet.headers).toEqual(['Name', 'Email', 'Employee', 'Card', 'PIN', 'Pass'])
    expect(opened.sheet.rowCount).toBe(4)
    expect(opened.remembered).toBe(false)
    const id: string = opened.summary.id

    const mapping = { fullName: 0, email: 1, employeeNumber: 2, card: 3, pin: 4, touchPass: 5 }
    const options = { cards: 'none', batchId: null, pin: 'column', touchPass: 'column' }
    const plan = await app.call('roster.plan', { id, mapping, options })
    const byId = new Map<string, PlanRow>(plan.rows.map((r: PlanRow) => [r.rowId, r]))
    expect(byId.get('r2')!.match.state).toBe('ambiguous')
    expect(byId.get('r3')!.match).toMatchObject({ state: 'matched', person: { id: bo } })
    expect(byId.get('r3')!.card).toMatchObject({ kind: 'import', nfcId: 'AABB0011' })
    expect(byId.get('r4')!.card.kind).toBe('enroll')
    expect(byId.get('r5')!.match.state).toBe('missing')

    const resolved = await app.call('roster.resolve', {
      id,
      rowId: 'r2',
      person: { type: 'user', id: twinB, name: 'Ada Twin' }
    })
    expect(resolved.row.match).toMatchObject({ state: 'matched', person: { id: twinB }, by: 'chosen' })

    expect(await app.call('roster.run', { id })).toEqual({ started: true })
    await app.services.rosters.idle(id)
    const detail = await app.call('roster.get', { id })
    const outcome = new Map<string, RowOutcome>(detail.outcomes.map((o: RowOutcome) => [o.rowId, o]))
    expect(outcome.get('r2')).toMatchObject({ state: 'done', pinAssigned: true })
    expect(outcome.get('r3')).toMatchObject({ state: 'done', pinAssigned: true, passAssigned: true })
    expect(outcome.get('r4')!.state).toBe('waiting-card')
    expect(outcome.get('r5')!.state).toBe('skipped')
    expect(detail.summary).toMatchObject({ phase: 'finished', done: 2 })
    const progress = app.events.filter((e) => e.event === 'roster.progress').at(-1)!.payload
    expect(progress).toMatchObject({ rosterId: id, running: false, done: 2 })

    // The console holds what the roster says, for the chosen twin only.
    const users = (
      await control<{ data: { id: string; pin_hash: string | null }[] }>(demo, 'GET', '/__demo/state/users')
    ).body.data
    const pinOf = (userId: string) => users.find((u) => u.id === userId)!.pin_hash
    expect(pinOf(twinB)).not.toBeNull()
    expect(pinOf(twinA)).toBeNull()
    expect(pinOf(bo)).not.toBeNull()
    const cards = (
      await control<{ data: { nfc_id: string; owner: { id: string } | null; display_id: string }[] }>(
        demo,
        'GET',
        '/__demo/state/cards'
      )
    ).body.data
    const card = cards.filter((c) => c.nfc_id === 'AABB0011')
    expect(card).toHaveLength(1)
    expect(card[0]!.owner?.id).toBe(bo)
    expect(outcome.get('r3')!.cardDisplayId).toBe(card[0]!.display_id)
    const passes = (await control<{ data: { user_id: string }[] }>(demo, 'GET', '/__demo/state/touchPasses')).body.data
    expect(passes.filter((p) => p.user_id === bo)).toHaveLength(1)

    // The enrollment line names Cy, binds the card tapped on the reader, and has nobody left.
    const reader = (await app.call('sites.devices')).items.find(
      (d: { isReader: boolean; online: boolean; adopted: boolean }) => d.isReader && d.online && d.adopted
    )
    const line = await app.call('roster.lineStart', { id, deviceId: reader.id })
    expect(line).toMatchObject({ state: 'waiting', current: { rowId: 'r4', name: 'Cy Plan' }, remaining: 1 })
    for (let i = 0; i < 300; i++) {
      const tapped = await control(demo, 'POST', '/__demo/taps', { device_id: reader.id, nfc_id: '04C1C2C3C4C5C6' })
        .then(() => true)
        .catch(() => false)
      if (tapped) break
      await new Promise((r) => setTimeout(r, 10))
    }
    for (
      let i = 0;
      i < 500 &&
      !app.events.some((e) => e.event === 'roster.line' && (e.payload as { state: string }).state === 'finished');
      i++
    )
      await new Promise((r) => setTimeout(r, 10))
    const bound = (await app.call('roster.get', { id })).outcomes.find((o: RowOutcome) => o.rowId === 'r4')
    expect(bound.state).toBe('done')
    const cy = (
      await control<{ data: { id: string; first_name: string }[] }>(demo, 'GET', '/__demo/state/users')
    ).body.data.find((u) => u.first_name === 'Cy')!
    const cyCards = (
      await control<{ data: { token: string; owner: { id: string } | null }[] }>(demo, 'GET', '/__demo/state/cards')
    ).body.data.filter((c) => c.owner?.id === cy.id)
    expect(cyCards.map((c) => c.token)).toEqual([bound.cardToken])
    expect(await app.call('roster.linePause', { id })).toMatchObject({ state: 'finished', remaining: 0 })
    // The audit trail tells the line's bind from an ordinary assignment, as for the Enroll screen.
    const audit = await app.call('audit.list', { filter: { action: 'enrollment bind' } })
    expect(audit.items).toHaveLength(1)
    expect(audit.items[0]).toMatchObject({ outcome: 'ok', target: { id: cy.id } })

    // The results: a PIN column that says yes or no, never the PIN.
    const exported = await app.call('roster.exportCsv', { id })
    expect(exported.filename).toBe('staff-results.csv')
    const lines: string[] = exported.text.split('\r\n')
    expect(lines[0]).toBe('\ufeffline,person,type,email,NFC ID,card display id,PIN,Touch Pass,state,reason')
    expect(lines[2]).toBe(`3,Bo Plan,user,bo.plan@example.com,AABB0011,${card[0]!.display_id},yes,yes,done,`)
    // Nobody found for the row: its email as the file gave it.
    expect(lines[4]).toMatch(/^5,Nobody Here,,nobody.here@example.com,,,no,no,skipped,.+/)

    // The hand-out: the PINs only on request, from memory.
    const plain = await app.call('roster.handout', { id })
    expect(plain.people.map((p: { pin?: string }) => p.pin)).toEqual([undefined, undefined, undefined])
    expect(plain.pinsForgotten).toEqual([])
    // Main still holds both PINs it generated in this session, asked for by row before any slip is printed.
    const held = await app.call('roster.pinsKnown', { id })
    expect(held.known).toHaveLength(2)
    expect(held.forgotten).toEqual([])
    const slips = await app.call('roster.handout', { id, pinSlips: true })
    const pins: string[] = slips.people.flatMap((p: { pin?: string }) => (p.pin ? [p.pin] : []))
    expect(pins).toHaveLength(2)
    for (const pin of pins) expect(pin).toMatch(/^\d{4,12}$/)
    expect(exported.text).not.toContain(pins[0])

    // No PIN in any file of the data dir (rosters, audit journal, settings).
    const checked: string[] = []
    for (const file of await filesUnder(app.services.dataDir)) {
      if (file.includes(`${join('demo-console')}`)) continue
      const bytes = await readFile(file)
      for (const pin of pins) expect(bytes.includes(Buffer.from(pin)), `${file} holds a PIN`).toBe(false)
      checked.push(file)
    }
    expect(checked.some((f) => f.endsWith(`${id}.jsonl`))).toBe(true)
    expect(checked.some((f) => f.endsWith('audit.jsonl'))).toBe(true)

    // The same headers again: the mapping is remembered.
    const again = await app.call('roster.open', { fileName: 'staff-2.csv', data: Buffer.from(csv).toString('base64') })
    expect(again).toMatchObject({ remembered: true, mapping })
    const list = await app.call('roster.list')
    expect(list.rosters.map((r: { id: string }) => r.id)).toContain(id)
    expect(await app.call('roster.delete', { id: again.summary.id })).toEqual({ deleted: true })
  })
  it('gives people the next cards of an import batch: imported with their alias, and the batch knows', async () => {
    const demo = await app.services.connections.demoConsole()
    const ids: string[] = []
    for (const n of [1, 2]) {
      const reply = await control<{ data: { id: string } }>(demo, 'POST', '/__demo/users', {
        first_name: 'Batch',
        last_name: `Holder${n}`,
        email: `batch.holder${n}@example.com`
      })
      ids.push(reply.body.data.id)
    }
    const batch = await app.call('batches.create', { name: 'Lobby box', aliasPattern: 'Lobby-{n:3}' })
    for (const uid of ['04D1D2D3D4D5D1', '04D1D2D3D4D5D2', '04D1D2D3D4D5D3'])
      await app.call('batches.addScan', { batchId: batch.id, uid, source: 'typed' })

    const csv = 'Email\r\nbatch.holder1@example.com\r\nbatch.holder2@example.com\r\n'
    const { summary } = await app.call('roster.open', {
      fileName: 'lobby.csv',
      data: Buffer.from(csv).toString('base64')
    })
    const plan = await app.call('roster.plan', {
      id: summary.id,
      mapping: { email: 0 },
      options: { cards: 'batch', batchId: batch.id, pin: 'none', touchPass: 'none' }
    })
    expect(plan.rows.map((r: PlanRow) => r.card.kind)).toEqual(['batch', 'batch'])
    await app.call('roster.run', { id: summary.id })
    await app.services.rosters.idle(summary.id)
    const detail = await app.call('roster.get', { id: summary.id })
    expect(detail.outcomes.map((o: RowOutcome) => o.state)).toEqual(['done', 'done'])

    const cards = (
      await control<{ data: { nfc_id: string; alias: string; owner: { id: string } | null }[] }>(
        demo,
        'GET',
        '/__demo/state/cards'
      )
    ).body.data
    expect(cards.find((c) => c.nfc_id === '04D1D2D3D4D5D1')).toMatchObject({
      alias: 'Lobby-001',
      owner: { id: ids[0] }
    })
    expect(cards.find((c) => c.nfc_id === '04D1D2D3D4D5D2')).toMatchObject({
      alias: 'Lobby-002',
      owner: { id: ids[1] }
    })
    expect(cards.some((c) => c.nfc_id === '04D1D2D3D4D5D3')).toBe(false)
    // The batch: the two rows imported with their tokens (an upload sends only the third).
    const rows = (await app.call('batches.get', { id: batch.id })).rows
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['imported', 'imported', 'pending'])
    expect(rows[0].token).toBe(detail.outcomes[0].cardToken)
  })
  it('takes a card over from its holder only when the user said go ahead for that conflict', async () => {
    const demo = await app.services.connections.demoConsole()
    const add = async (last: string) =>
      (
        await control<{ data: { id: string } }>(demo, 'POST', '/__demo/users', {
          first_name: 'Owner',
          last_name: last,
          email: `owner.${last.toLowerCase()}@example.com`
        })
      ).body.data.id
    const holder = await add('Before')
    const taker = await add('After')
    const keeper = await add('Keeper')
    const client = await app.services.connections.client()
    const [first, second] = await client.nfcCards.importCsv('04E1E2E3E4E5F1\n04E1E2E3E4E5F2\n')
    await client.users.assignNfc(holder, first!.token)
    await client.users.assignNfc(holder, second!.token)

    const csv = 'Email,Card\r\nowner.after@example.com,04E1E2E3E4E5F1\r\nowner.keeper@example.com,04E1E2E3E4E5F2\r\n'
    const { summary } = await app.call('roster.open', {
      fileName: 'owners.csv',
      data: Buffer.from(csv).toString('base64')
    })
    const plan = await app.call('roster.plan', {
      id: summary.id,
      mapping: { email: 0, card: 1 },
      options: { cards: 'none', batchId: null, pin: 'none', touchPass: 'none' }
    })
    for (const r of plan.rows as PlanRow[]) {
      expect(r.card.kind).toBe('existing')
      expect(r.conflicts.map((c) => [c.kind, c.decision])).toEqual([['card-owned', 'skip']])
    }
    const decided = await app.call('roster.decide', {
      id: summary.id,
      rowId: 'r2',
      kind: 'card-owned',
      decision: 'go-ahead'
    })
    expect(decided.rows.map((r: PlanRow) => r.conflicts[0]!.decision)).toEqual(['go-ahead', 'skip'])
    await app.call('roster.run', { id: summary.id })
    await app.services.rosters.idle(summary.id)
    const outcomes = (await app.call('roster.get', { id: summary.id })).outcomes
    expect(outcomes.map((o: RowOutcome) => o.state)).toEqual(['done', 'skipped'])

    const cards = (
      await control<{ data: { token: string; owner: { id: string } | null }[] }>(demo, 'GET', '/__demo/state/cards')
    ).body.data
    expect(cards.find((c) => c.token === first!.token)!.owner?.id).toBe(taker)
    expect(cards.find((c) => c.token === second!.token)!.owner?.id).toBe(holder)
    expect(cards.some((c) => c.owner?.id === keeper)).toBe(false)
  })
})
