import { copyFile, mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RosterRun, progressOf } from '../../../src/main/services/roster/roster-run'
import { RosterJournal } from '../../../src/main/services/roster/roster-journal'
import { runCounts } from '../../../src/shared/roster/run-standing'
import { partlyDone } from '../../../src/shared/roster/result-standing'
import { startDemo } from '../access/support'
import { tempDir } from '../../support/temp'
import { cardsByOwner, freshPeople, frozenRoster, nfcHex, row, userRef } from './harness'

const ROWS = 10

/**
 * Web mode killed (kill -9) mid-run on a slow console: four rows had their card imported and given, their
 * PIN not yet sent (the PIN step reads the person's PIN first, 700 ms away); three imports were on the
 * wire. After the restart the roster read "0 done, 3 to check, 7 not started" while the Audit showed four
 * cards given: a row counted "not started" unless every step was done, though the journal held its card's
 * results. The journal as the kill leaves it (copied while the run hangs: nothing after is written) must
 * count those rows partly done, by the one rule the results' badge uses (result-standing.ts `partlyDone`),
 * and Resume still sends nothing twice.
 */
describe('a roster run killed between a row’s steps', () => {
  it('counts the rows with their card given and PIN not sent as partly done, never not started', async () => {
    const demo = await startDemo()
    const dir = await tempDir('roster-partly-')
    try {
      const { users } = await freshPeople(demo, ROWS)
      const rows = users.map((u, i) =>
        row(i + 1, userRef(u), { kind: 'import', nfcId: nfcHex(2000 + i) }, { pin: true })
      )
      const rosterDir = join(dir.path, 'rosters')
      const { store, roster } = await frozenRoster(rosterDir, rows)

      // The first run: the PIN steps' read of the person never answers (a slow console), nor do the
      // imports of rows 5 to 7 (their requests on the wire when the process is killed).
      const hanging = new Set([4, 5, 6].map((i) => nfcHex(2000 + i)))
      const never = new Promise<never>(() => undefined)
      const slow = demo.client()
      slow.users.get = () => never
      const importCsv = slow.nfcCards.importCsv.bind(slow.nfcCards)
      slow.nfcCards.importCsv = (csv, options) =>
        [...hanging].some((nfcId) => csv.includes(nfcId)) ? never : importCsv(csv, options)
      const first = new RosterRun(
        { store, client: async () => slow, emit: () => undefined, pins: new Map(), concurrency: 7 },
        roster
      )
      void first.run()
      const journal = join(rosterDir, 'roster-1.jsonl')
      const lines = async () => (await readFile(journal, 'utf8')).split('\n')
      for (;;) {
        const text = await lines()
        const given = text.filter((l) => l.includes('"t":"result"') && l.includes('"step":"card-assign"')).length
        const onTheWire = text.filter((l) => l.includes('"t":"sending"') && l.includes('"step":"card-import"')).length
        if (given === 4 && onTheWire === 7) break
        await new Promise((r) => setTimeout(r, 5))
      }
      // kill -9: the journal stays as it is on disk; a new process reads it.
      const afterKill = join(dir.path, 'restarted')
      await mkdir(afterKill)
      await copyFile(journal, join(afterKill, 'roster-1.jsonl'))
      const reopened = new RosterJournal(afterKill)
      const restarted = await reopened.get('roster-1')
      const model = restarted.model

      const outcomes = model.outcomes()
      expect(outcomes.filter(partlyDone).map((o) => o.rowId)).toEqual(['r2', 'r3', 'r4', 'r5'])
      const counts = runCounts(outcomes, { running: false })
      expect(counts).toEqual({
        rows: 10,
        done: 0,
        failed: 0,
        toCheck: 3,
        inFlight: 0,
        waitingCard: 0,
        partlyDone: 4,
        notStarted: 3
      })
      expect(model.phase()).toBe('paused')
      // Main's progress says it alike (the Run step and the results read it).
      expect(progressOf(model, [], null)).toMatchObject({ partlyDone: 4, notStarted: 3, toCheck: 3, done: 0 })

      // Resume: the imports cut off are checked (none reached the console) and sent once; the cards given
      // are not given again; every PIN is sent once.
      let imports = 0
      let assigns = 0
      let pins = 0
      const client = demo.client()
      const realImport = client.nfcCards.importCsv.bind(client.nfcCards)
      const realAssign = client.users.assignNfc.bind(client.users)
      const realPin = client.users.assignPin.bind(client.users)
      client.nfcCards.importCsv = (...args: Parameters<typeof realImport>) => (imports++, realImport(...args))
      client.users.assignNfc = (...args: Parameters<typeof realAssign>) => (assigns++, realAssign(...args))
      client.users.assignPin = (...args: Parameters<typeof realPin>) => (pins++, realPin(...args))
      await new RosterRun(
        { store: reopened, client: async () => client, emit: () => undefined, pins: new Map() },
        restarted
      ).run()
      expect(model.outcomes().map((o) => o.state)).toEqual(rows.map(() => 'done'))
      expect({ imports, assigns, pins }).toEqual({ imports: 6, assigns: 6, pins: 10 })
      const held = await cardsByOwner(demo)
      for (const user of users) expect(held.get(user.id), user.id).toHaveLength(1)
      await reopened.close()
    } finally {
      await demo.stop()
      await dir.remove()
    }
  }, 60_000)
})
