import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RosterRun } from '../../../src/main/services/roster/roster-run'
import { RosterJournal } from '../../../src/main/services/roster/roster-journal'
import { consoleCardNumber } from '../../../src/shared/nfc/card-number'
import { startDemo } from '../access/support'
import { tempDir } from '../../support/temp'
import { cardsByOwner, freshPeople, frozenRoster, nfcHex, row, userRef } from './harness'

const ROWS = 24

describe('a roster run survives kill -9', () => {
  it('resumes where it stopped: every card imported and assigned exactly once, nothing doubled', async () => {
    const demo = await startDemo()
    const dir = await tempDir('roster-crash-')
    try {
      const { users } = await freshPeople(demo, ROWS)
      const rows = users.map((u, i) => row(i + 1, userRef(u), { kind: 'import', nfcId: nfcHex(1000 + i) }))
      const rosterDir = join(dir.path, 'rosters')
      const { store } = await frozenRoster(rosterDir, rows)
      await store.close()
      const pemPath = join(dir.path, 'console.pem')
      await writeFile(pemPath, demo.console.certificatePem)
      // Slow enough that the kill lands mid-run, with requests in flight.
      await demo.control('PUT', '/__demo/faults', { latencyMs: 40 })

      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'test/unit/roster/crash-child.ts',
          rosterDir,
          'roster-1',
          demo.console.url,
          pemPath,
          demo.console.fingerprint256
        ],
        { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CRASH_TOKEN: demo.console.tokens.full } }
      )
      let err = ''
      child.stderr.on('data', (d) => (err += String(d)))
      const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)))
      const journal = join(rosterDir, 'roster-1.jsonl')
      // Kill once a third of the steps have an answer on disk.
      for (;;) {
        const text = await readFile(journal, 'utf8')
        const results = text.split('\n').filter((l) => l.includes('"t":"result"')).length
        if (results >= (ROWS * 2) / 3) break
        if (child.exitCode !== null) throw new Error(`child exited early: ${err}`)
        await new Promise((r) => setTimeout(r, 5))
      }
      child.kill('SIGKILL')
      expect(await exited).toBe('SIGKILL')
      await demo.control('DELETE', '/__demo/faults')

      const text = await readFile(journal, 'utf8')
      const sending = text.split('\n').filter((l) => l.includes('"t":"sending"')).length
      const results = text.split('\n').filter((l) => l.includes('"t":"result"')).length
      const before = await cardsByOwner(demo)
      const nfcIds = new Set(rows.map((_, i) => nfcHex(1000 + i)))
      const onConsole = await demo.control<{ data: { nfc_id: string }[] }>('GET', '/__demo/state/cards')
      const importedBefore = onConsole.body.data.filter((c) => nfcIds.has(c.nfc_id)).length

      // A new process: the steps whose answer was lost read "to check" until the run checks them.
      const reopened = new RosterJournal(rosterDir)
      const roster = await reopened.get('roster-1')
      const states = roster.model.outcomes().map((o) => o.state)
      expect(states).toContain('done')
      expect(states.filter((s) => s === 'done').length).toBeLessThan(ROWS)

      let imports = 0
      let assigns = 0
      const counting = () => {
        const client = demo.client()
        const importCsv = client.nfcCards.importCsv.bind(client.nfcCards)
        const assignNfc = client.users.assignNfc.bind(client.users)
        client.nfcCards.importCsv = (...args: Parameters<typeof importCsv>) => (imports++, importCsv(...args))
        client.users.assignNfc = (...args: Parameters<typeof assignNfc>) => (assigns++, assignNfc(...args))
        return client
      }
      await new RosterRun(
        { store: reopened, client: async () => counting(), emit: () => undefined, pins: new Map() },
        roster
      ).run()
      expect(roster.model.outcomes().map((o) => o.state)).toEqual(rows.map(() => 'done'))

      // The console: one card per NFC ID, each held by its own person and by nobody else.
      const { body } = await demo.control<{ data: { nfc_id: string; token: string; owner: { id: string } | null }[] }>(
        'GET',
        '/__demo/state/cards'
      )
      const after = await cardsByOwner(demo)
      rows.forEach((r, i) => {
        const nfcId = nfcHex(1000 + i)
        const matching = body.data.filter((c) => c.nfc_id === nfcId)
        expect(matching, nfcId).toHaveLength(1)
        expect(matching[0]!.owner?.id).toBe(users[i]!.id)
        expect(after.get(users[i]!.id)).toEqual([matching[0]!.token])
        expect(roster.model.outcome(r).cardDisplayId).toBe(consoleCardNumber(nfcId))
      })
      // Nothing the console already held was sent again: only what it lacked.
      const assignedBefore = users.filter((u) => before.has(u.id)).length
      expect(assigns).toBe(ROWS - assignedBefore)
      expect(imports).toBe(ROWS - importedBefore)
      // The kill cut off steps in flight: they were checked, not sent blindly.
      expect(sending).toBeGreaterThan(results)
      console.log(
        `roster crash test: ${sending} steps sent and ${results} answered before kill -9; ${imports} imports and ${assigns} assignments after`
      )
      await reopened.close()
    } finally {
      await demo.stop()
      await dir.remove()
    }
  }, 90_000)
})
