import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { RosterRun } from '../../../src/main/services/roster/roster-run'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import { nfcUidFormats } from '../../../src/shared/nfc/uid'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'
import { cardsByOwner, freshPeople, frozenRoster, row, userRef } from '../roster/harness'

type HeldCard = { token: string; nfc_id?: string; display_id?: string; alias?: string; status?: string }

/** The hex with a colon between its bytes, as a reader panel writes it. */
const withColons = (hex: string) => hex.match(/../g)!.join(':')

/**
 * An import's Audit row is found by every card it sent, as the desk knows the card: its NFC ID (as
 * sent, the other byte order, with separators), its alias (any case) and its number as Cards shows it;
 * and the CSV export names each card on its own line. Against the demo console: the cards asserted on
 * it first, then the rows.
 */
describe('an upload of a batch is found in the Audit by each card it sent', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const rows = async (text: string): Promise<AuditRow[]> =>
    ((await app.call('audit.list', { filter: { text } })) as { items: AuditRow[] }).items.filter(
      (r) => r.action === 'import'
    )

  it('finds the row by NFC ID, alias and card number, and the export lists the cards', async () => {
    const name = `Found-${randomBytes(3).toString('hex')}`
    const { id: batchId } = await app.call('batches.create', { name })
    const suffix = randomBytes(2).toString('hex').toUpperCase()
    const cards = [
      { uid: `04B1${randomBytes(5).toString('hex').toUpperCase()}`, alias: `Büro-Süd-${suffix}` },
      { uid: `04D3${randomBytes(5).toString('hex').toUpperCase()}`, alias: `Empfang ${suffix}` }
    ]
    for (const c of cards) await app.call('batches.addScan', { batchId, uid: c.uid, alias: c.alias, source: 'typed' })
    await app.call('batches.upload', { batchId })
    const held = await demo.held<HeldCard>('cards')
    for (const c of cards) {
      const card = held.find((h) => h.nfc_id?.toUpperCase() === c.uid && h.status !== 'deleted')
      expect(card, c.uid).toBeDefined()
      const { reversed } = nfcUidFormats(c.uid)
      for (const text of [
        c.uid,
        c.uid.toLowerCase(),
        withColons(c.uid),
        reversed,
        c.alias.toUpperCase(),
        card!.display_id!
      ]) {
        const found = await rows(text)
        expect(found.map((r) => r.facts?.find((f) => f.kind === 'cardsSent'))).toEqual([
          expect.objectContaining({ batch: name, count: 2 })
        ])
        // The page carries the card the text found, not all the part's cards, named by the console's number.
        expect(found[0]!.importedCards).toEqual([{ nfcId: c.uid, alias: c.alias, number: card!.display_id }])
      }
    }

    // Unfiltered, a page names no card: a page of imports stays small.
    const page = (await app.call('audit.list', {})) as { items: AuditRow[] }
    expect(page.items.filter((r) => r.importedCards)).toEqual([])

    const { text } = (await app.call('audit.exportCsv', { filter: { text: name } })) as { text: string }
    const lines = text.split('\r\n').filter((l) => l.includes(name))
    expect(lines).toHaveLength(2)
    for (const c of cards) expect(lines.filter((l) => l.includes(c.uid) && l.includes(c.alias))).toHaveLength(1)
  })
})

describe('a roster card import is found in the Audit by its card', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>
  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('roster-audit-cards-')
  })
  afterAll(async () => {
    await demo?.stop()
    await dir?.remove()
  })

  it('by its NFC ID in either byte order and its number', async () => {
    const audit = new AuditService({
      dir: join(dir.path, 'audit'),
      store: memoryStore(),
      activeConsole: async () => null,
      desk: { user: 'ana', host: 'desk-7' }
    })
    const client = demo.client('full', { onWrite: audit.recorder({ name: 'Demo console', url: 'https://demo' }) })
    const { users } = await freshPeople(demo, 1)
    const person = userRef(users[0]!)
    // Seven bytes, as most cards' UIDs: its other byte order and its number are forms Cards finds it by.
    const nfcId = `04${randomBytes(6).toString('hex').toUpperCase()}`
    const { store, roster } = await frozenRoster(join(dir.path, 'r'), [row(1, person, { kind: 'import', nfcId })])
    await new RosterRun({ store, client: async () => client, emit: () => undefined, pins: new Map() }, roster).run()
    expect((await cardsByOwner(demo)).get(person.id)).toHaveLength(1)
    // The card the person now holds: its number as Cards shows it.
    const card = (await client.nfcCards.all()).find((c) => c.user_id === person.id)
    expect(card).toBeDefined()

    for (const text of [nfcId, nfcUidFormats(nfcId).reversed, withColons(nfcId), card!.display_id]) {
      const { items } = await audit.list({ filter: { text } })
      expect(
        items.filter((r) => r.action === 'import'),
        text
      ).toHaveLength(1)
    }
    const { text } = await audit.exportCsv({ text: nfcId })
    expect(text.split('\r\n').filter((l) => l.includes(nfcId) && l.includes('people.csv'))).toHaveLength(1)
    await audit.close()
  })
})
