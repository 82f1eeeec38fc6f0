import { appendFile, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { endpoints } from '../../../src/shared/access/endpoints'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { auditCsv, csvCell } from '../../../src/main/services/audit/audit-csv'
import type { BadgeJob } from '../../../src/shared/badges/schemas'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'

const DAY = 86_400_000
const job = (name: string): BadgeJob => ({
  visitorId: `v-${name}`,
  name,
  company: '',
  host: '',
  validFrom: 0,
  validTo: 1,
  stock: 'a6'
})

describe('audit journal: retention, damage, CSV', () => {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined
  afterEach(async () => {
    await dir?.remove()
  })

  /** A service on `dir` whose clock reads `clock.now`, with its settings in memory. */
  function service(path: string, clock: { now: number }, memory = new Map<string, unknown>()) {
    return new AuditService({
      dir: path,
      store: memoryStore(memory),
      activeConsole: async () => ({ name: 'Lobby', url: 'https://10.0.0.2:12445' }),
      desk: { user: 'desk1', host: 'reception-pc' },
      now: () => new Date(clock.now)
    })
  }

  it('rows older than the retention go at start and when the setting changes; the file keeps the rest', async () => {
    dir = await tempDir()
    const clock = { now: Date.parse('2026-01-01T12:00:00Z') }
    const memory = new Map<string, unknown>()
    const first = service(dir.path, clock, memory)
    await first.badgePrinted({ job: job('Old'), output: 'browser-pdf' })
    clock.now += 40 * DAY
    await first.badgePrinted({ job: job('Middle'), output: 'browser-pdf' })
    clock.now += 20 * DAY
    await first.badgePrinted({ job: job('New'), output: 'browser-pdf' })
    expect((await first.all()).map((r) => r.target.name)).toEqual(['Old', 'Middle', 'New'])

    // 30 days: Middle (20 days old) stays, Old (60 days) goes, now and after a restart.
    expect(await first.setRetention(30)).toEqual({ retentionDays: 30, pruned: 1 })
    expect((await first.all()).map((r) => r.target.name)).toEqual(['Middle', 'New'])
    await first.close()
    expect((await service(dir.path, clock, memory).all()).map((r) => r.target.name)).toEqual(['Middle', 'New'])

    // At start: a day later with 20 days kept, Middle (21 days old) is pruned when the journal opens.
    memory.set('auditRetentionDays', 20)
    clock.now += DAY
    const second = service(dir.path, clock, memory)
    expect((await second.list()).retentionDays).toBe(20)
    expect((await second.all()).map((r) => r.target.name)).toEqual(['New'])
    await second.close()
    const lines = (await readFile(join(dir.path, 'audit.jsonl'), 'utf8')).trim().split('\n')
    expect(lines.map((l) => JSON.parse(l).t)).toEqual(['begin', 'end'])
  })

  it('pages: unfiltered and filtered, newest first, with the count of every match', async () => {
    dir = await tempDir()
    const clock = { now: Date.parse('2026-02-01T08:00:00Z') }
    const s = service(dir.path, clock)
    for (let i = 1; i <= 7; i++) {
      clock.now += 60_000
      await s.badgePrinted({ job: job(i % 2 ? `Odd ${i}` : `Even ${i}`), output: 'browser-pdf' })
    }
    const names = (page: { items: { target: { name?: string } }[] }) => page.items.map((r) => r.target.name)
    expect(names(await s.list({ offset: 1, limit: 2 }))).toEqual(['Even 6', 'Odd 5'])
    expect(names(await s.list({ offset: 6, limit: 5 }))).toEqual(['Odd 1'])
    expect(names(await s.list({ offset: 7, limit: 5 }))).toEqual([])
    const odd = await s.list({ filter: { text: 'odd' }, offset: 1, limit: 2 })
    expect(names(odd)).toEqual(['Odd 5', 'Odd 3'])
    expect([odd.total, odd.all]).toEqual([4, 7])
    const late = await s.list({ filter: { from: new Date(Date.parse('2026-02-01T08:05:00Z')).toISOString() } })
    // From is inclusive (Odd 5 is at 08:05 exactly), to is exclusive (Even 2 at 08:02 is left out).
    expect(names(late)).toEqual(['Odd 7', 'Even 6', 'Odd 5'])
    const early = await s.list({ filter: { to: new Date(Date.parse('2026-02-01T08:02:00Z')).toISOString() } })
    expect(names(early)).toEqual(['Odd 1'])
    expect((await s.list()).consoles).toEqual([
      { key: 'https://10.0.0.2:12445', name: 'Lobby', url: 'https://10.0.0.2:12445', names: ['Lobby'] }
    ])
    await s.close()
  })

  it('a prune rewrites the rows it keeps whole: outcome, code, message, detail, the answered id; the boundary day stays', async () => {
    dir = await tempDir()
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') }
    const memory = new Map<string, unknown>()
    const first = service(dir.path, clock, memory)
    await first.badgePrinted({ job: job('Gone'), output: 'browser-pdf' })
    clock.now += DAY
    await first.badgePrinted({ job: job('Edge'), output: 'browser-pdf' })
    const other = first.recorder({ name: 'Depot', url: 'https://10.9.9.9:12445' })
    const refused = await other.before({ endpoint: endpoints.visitorDelete, params: { id: 'v-7' } })
    await refused!({
      ok: false,
      error: new AppError({
        kind: 'not-found',
        code: 'CODE_NOT_EXISTS',
        message: 'No such visitor.',
        details: { status: 404 }
      })
    })
    const created = await other.before({
      endpoint: endpoints.E17,
      body: { first_name: 'Ny', start_time: 1, end_time: 2 }
    })
    await created!({ ok: true, result: { data: { id: 'v-8' } } })
    clock.now += 10 * DAY
    const before = await first.all()
    // 10 days kept: "Edge" is exactly 10 days old and stays; "Gone" (11 days) goes.
    expect(await first.setRetention(10)).toEqual({ retentionDays: 10, pruned: 1 })
    await first.close()
    const reread = await service(dir.path, clock, memory).all()
    expect(reread).toEqual(before.slice(1))
    expect(reread[1]).toMatchObject({ outcome: 'refused', code: 'CODE_NOT_EXISTS', message: 'No such visitor.' })
    expect(reread[2]).toMatchObject({ target: { id: 'v-8', name: 'Ny' }, visit: { start: 1, end: 2 } })

    // Filters by console, action and outcome each let through only their rows.
    const s = service(dir.path, clock, memory)
    const names = async (filter: object) => (await s.list({ filter })).items.map((r) => r.action)
    // A visitor DELETE without is_force cancels the visit (the console keeps it as CANCELLED).
    expect(await names({ console: 'https://10.9.9.9:12445' })).toEqual(['create', 'cancel visit'])
    expect(await names({ action: 'badge print' })).toEqual(['badge print'])
    expect(await names({ outcome: 'refused' })).toEqual(['cancel visit'])
    expect(await names({ outcome: 'ok', console: 'https://10.9.9.9:12445' })).toEqual(['create'])
    expect((await s.list()).consoles.map((c) => c.name)).toEqual(['Depot', 'Lobby'])
    await s.close()
  })

  it('a setting that is not a number of days falls back to a year', async () => {
    dir = await tempDir()
    const memory = new Map<string, unknown>([['auditRetentionDays', 'forever']])
    expect(service(dir.path, { now: Date.now() }, memory).retentionDays()).toBe(365)
  })

  it('a damaged journal is kept aside and a new one started, said once on the screen; writes go on', async () => {
    dir = await tempDir()
    const clock = { now: Date.now() }
    const first = service(dir.path, clock)
    await first.badgePrinted({ job: job('Before'), output: 'browser-print' })
    await first.close()
    await appendFile(join(dir.path, 'audit.jsonl'), '{"t":"begin","broken"\n')
    const second = service(dir.path, clock)
    const page = await second.list()
    expect(page.notice).toMatch(
      /^The audit journal was damaged \(Line 3 of .*audit\.jsonl is damaged\.\)\. It was kept as .*audit-damaged-.*\.jsonl and a new one started\.$/
    )
    expect(page.total).toBe(0)
    await second.badgePrinted({ job: job('After'), output: 'browser-print' })
    expect((await second.all()).map((r) => r.target.name)).toEqual(['After'])
    expect((await readdir(dir.path)).filter((f) => f.startsWith('audit-damaged-'))).toHaveLength(1)
    await second.close()
  })

  it('CSV: quotes what needs quoting and defuses spreadsheet formulas', async () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell(undefined)).toBe('')
    dir = await tempDir()
    const s = service(dir.path, { now: Date.parse('2026-03-04T05:06:07Z') })
    await s.badgePrinted({ job: job('=cmd|x'), output: 'printer', printer: 'Brother, QL' })
    // Times in the desk's zone with its offset (ISO 8601), the badge's visit too; no card or pass: their cells are empty.
    const text = auditCsv(await s.all(), 'Europe/Berlin')
    expect(text.split('\r\n')[1]).toBe(
      '2026-03-04T06:06:07+01:00,Lobby,https://10.0.0.2:12445,desk1,reception-pc,badge print,badge Print badge,visitor,v-=cmd|x,\'=cmd|x,,,,,,,,1970-01-01T01:00:00+01:00,1970-01-01T01:00:01+01:00,"A6 (105 × 148 mm) · Brother, QL",Done,ok,,,2026-03-04T06:06:07+01:00'
    )
    await s.close()
  })
})
