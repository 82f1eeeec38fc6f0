import { afterEach, describe, expect, it } from 'vitest'
import { endpoints } from '../../../src/shared/access/endpoints'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'

/**
 * The Audit screen's Console filter offers every console that has rows: two profiles on one address
 * (the demo console and a view-only "HQ view" of it) are one console, offered under every name its
 * rows carry and the name its profile has now, and the filter (by address) finds the rows of each.
 */
describe('the consoles the Audit filter offers', () => {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined
  afterEach(async () => {
    await dir?.remove()
  })

  it('one address written to under two profile names, then renamed: offered once with each name', async () => {
    dir = await tempDir()
    const url = 'https://127.0.0.1:12445'
    let active = { name: 'Demo console', url }
    const audit = new AuditService({
      dir: dir.path,
      store: memoryStore(),
      activeConsole: async () => active,
      desk: { user: 'ana', host: 'desk-7' }
    })
    const write = async (console: { name: string; url: string }, first: string) => {
      const answered = await audit.recorder(console).before({ endpoint: endpoints.E17, body: { first_name: first } })
      await answered!({ ok: true, result: { data: { id: `v-${first}` } } })
    }
    await write({ name: 'Demo console', url }, 'Ada')
    await write({ name: 'HQ view', url }, 'Ben')
    await write({ name: 'Branch', url: 'https://10.0.0.2:12445' }, 'Cleo')

    let page = await audit.list()
    expect(page.consoles).toEqual([
      { key: 'https://10.0.0.2:12445', name: 'Branch', url: 'https://10.0.0.2:12445', names: ['Branch'] },
      { key: url, name: 'Demo console', url, names: ['Demo console', 'HQ view'] }
    ])
    const demoRows = await audit.list({ filter: { console: url } })
    expect(demoRows.items.map((r) => r.console.name).sort()).toEqual(['Demo console', 'HQ view'])

    // The profile renamed in Settings: its rows keep the name they had, the filter says both.
    active = { name: 'Lobby', url }
    page = await audit.list()
    expect(page.consoles.find((c) => c.url === url)).toEqual({
      key: url,
      name: 'Lobby',
      url,
      names: ['Lobby', 'Demo console', 'HQ view']
    })
    await audit.close()
  })

  it('one console at a new address (the demo console gets a port each start), and a second profile on it: offered once, by its certificate', async () => {
    dir = await tempDir()
    const fingerprint = 'AA:'.repeat(31) + 'AA'
    const other = 'BB:'.repeat(31) + 'BB'
    let active: { name: string; url: string; id?: string } = { name: 'Demo console', url: 'https://127.0.0.1:40001' }
    const audit = new AuditService({
      dir: dir.path,
      store: memoryStore(),
      activeConsole: async () => active,
      desk: { user: 'ana', host: 'desk-7' }
    })
    const write = async (console: { name: string; url: string; id?: string }, first: string) => {
      const answered = await audit.recorder(console).before({ endpoint: endpoints.E17, body: { first_name: first } })
      await answered!({ ok: true, result: { data: { id: `v-${first}` } } })
    }
    // A row written before rows named their console's certificate: known by its address only.
    await write({ name: 'Demo console', url: 'https://127.0.0.1:40001' }, 'Ada')
    await write({ name: 'Demo console', url: 'https://127.0.0.1:40001', id: fingerprint }, 'Ben')
    // The next start: another port; a second profile on the same console, by its name.
    await write({ name: 'Demo console', url: 'https://127.0.0.1:40002', id: fingerprint }, 'Cleo')
    await write({ name: 'HQ view', url: 'https://localhost:40002', id: fingerprint }, 'Dan')
    // Another console: another certificate.
    await write({ name: 'Branch', url: 'https://10.0.0.2:12445', id: other }, 'Eve')
    active = { name: 'Demo console', url: 'https://127.0.0.1:40002', id: fingerprint }

    const page = await audit.list()
    expect(page.consoles.map((c) => c.name)).toEqual(['Branch', 'Demo console'])
    const demo = page.consoles.find((c) => c.name === 'Demo console')!
    expect(demo).toMatchObject({ key: fingerprint, url: 'https://127.0.0.1:40002', names: ['Demo console', 'HQ view'] })
    const rows = await audit.list({ filter: { console: demo.key } })
    expect(rows.items.map((r) => r.target.name).sort()).toEqual(['Ada', 'Ben', 'Cleo', 'Dan'])
    const branch = page.consoles.find((c) => c.name === 'Branch')!
    expect((await audit.list({ filter: { console: branch.key } })).items.map((r) => r.target.name)).toEqual(['Eve'])
    await audit.close()
  })
})
