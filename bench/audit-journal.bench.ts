import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { AuditService } from '../src/main/services/audit/audit-service'
import { tempDir } from '../test/support/temp'
import { memoryStore } from '../test/support/memory-store'
import { auditJournalText, benchConsoles as consoles } from './support/audit-journal-text'

/**
 * The audit journal at the size of years at a busy desk: 50,000 rows. Measures opening it (replay at
 * start), a page of the Audit screen unfiltered and with each filter, the CSV export of every row, and
 * what recording adds to one console write (two appends, each fsynced). Targets: opening ≤ 3 s (once
 * per start, on first use), a page p95 ≤ 100 ms (the screen answers a filter at once), the record of
 * one write p95 ≤ 50 ms (a console write itself takes 50–500 ms on a LAN).
 */
const ROWS = 50_000
const TARGETS = { openMs: 3000, pageP95Ms: 100, writeP95Ms: 50 }

const dir = await tempDir('audit-bench-')
const memory = new Map<string, unknown>()
const store = memoryStore(memory)
const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)]!
const time = async (fn: () => Promise<unknown>) => {
  const start = performance.now()
  await fn()
  return performance.now() - start
}

let exitCode = 1
try {
  // A journal written as the app writes it: a begin and an end line per row, over the last 300 days.
  const now = Date.now()
  const text = auditJournalText(ROWS, (300 * 86_400_000) / ROWS, now)
  await writeFile(join(dir.path, 'audit.jsonl'), text)
  console.log(`journal: ${ROWS} rows, ${(text.length / 1024 / 1024).toFixed(1)} MB`)

  const audit = new AuditService({ dir: dir.path, store, activeConsole: async () => consoles[0]! })
  const openMs = await time(() => audit.list({ limit: 100 }))
  console.log(`open (replay ${ROWS} rows) and first page: ${openMs.toFixed(0)} ms`)

  const filters = {
    none: {},
    text: { text: 'visitor 4321' },
    action: { action: 'purchase' as const },
    outcome: { outcome: 'refused' as const },
    console: { console: consoles[1]!.url },
    dates: { from: new Date(now - 30 * 86_400_000).toISOString(), to: new Date(now).toISOString() }
  }
  const pageTimes: number[] = []
  for (const [name, filter] of Object.entries(filters)) {
    const ms: number[] = []
    let total = 0
    for (let i = 0; i < 20; i++) {
      ms.push(await time(async () => (total = (await audit.list({ filter, offset: 100, limit: 100 })).total)))
    }
    pageTimes.push(...ms)
    console.log(`page with filter ${name} (${total} match): p95 ${p95(ms).toFixed(1)} ms`)
  }
  const csvMs = await time(() => audit.exportCsv())
  console.log(`CSV export of ${ROWS} rows: ${csvMs.toFixed(0)} ms`)

  const recorder = audit.recorder(consoles[0]!)
  const call = {
    endpoint: {
      id: 'E18',
      title: 'Update visitor',
      method: 'PUT' as const,
      path: '/visitors/:id',
      permission: 'edit:visitor' as const
    },
    params: { id: 'v-1' },
    body: { remarks: 'x' }
  }
  const writeMs: number[] = []
  for (let i = 0; i < 100; i++) {
    writeMs.push(
      await time(async () => {
        const answered = await recorder.before(call)
        await answered!({ ok: true, result: { data: {} } })
      })
    )
  }
  console.log(`record of one write (begin + end, each fsynced): p95 ${p95(writeMs).toFixed(1)} ms`)
  await audit.close()

  const met = openMs <= TARGETS.openMs && p95(pageTimes) <= TARGETS.pageP95Ms && p95(writeMs) <= TARGETS.writeP95Ms
  console.log(
    `targets: open ≤ ${TARGETS.openMs} ms, page p95 ≤ ${TARGETS.pageP95Ms} ms, write p95 ≤ ${TARGETS.writeP95Ms} ms: ${met ? 'met' : 'NOT met'}`
  )
  exitCode = met ? 0 : 1
} finally {
  await dir.remove()
}
process.exit(exitCode)
