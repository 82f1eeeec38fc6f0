import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { startDemoSites, type DemoSite } from '../../../src/demo-console/sites'
import { seedSite } from '../../../src/demo-console/state/seed'
import { request } from '../demo-console/support'
import { tempDir } from '../../support/temp'
import { demoConsoleEntry } from '../../support/demo-console-entry'

/** A call to one site's Access API or control API, trusting only that site's certificate. */
const call = (site: DemoSite, method: string, path: string, body?: unknown) =>
  request(site.url, site.certificatePem, method, path, { body, token: site.tokens.full })

describe('the demo console as several sites (--sites N)', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  let sites: DemoSite[]

  beforeAll(async () => {
    data = await tempDir('demo-sites-')
    sites = await startDemoSites({ dataDir: data.path, sites: 3 })
  })
  afterAll(async () => {
    await Promise.allSettled(sites.map((s) => s.close()))
    await data.remove()
  })

  it('gives each site its own port, certificate, tokens, name and records', async () => {
    expect(new Set(sites.map((s) => new URL(s.url).port)).size).toBe(3)
    expect(new Set(sites.map((s) => s.fingerprint256)).size).toBe(3)
    expect(new Set(sites.map((s) => s.tokens.full)).size).toBe(3)
    expect(sites.map((s) => s.name)).toEqual(['Demo HQ', 'Harbour Office', 'Hill Campus'])
    const held = await Promise.all(
      sites.map(async (s) => {
        const [users, cards, site] = await Promise.all(
          ['users', 'cards', 'site'].map(async (r) => (await call(s, 'GET', `/__demo/state/${r}`)).body.data)
        )
        return { users, cards, site }
      })
    )
    expect(held.map((h) => h.site.name)).toEqual(['Demo HQ', 'Harbour Office', 'Hill Campus'])
    // Different people, employee numbers and card numbers on each site: a find across consoles
    // finds each record on one site only.
    const first = held.map((h) => `${h.users[0].first_name} ${h.users[0].last_name} ${h.users[0].employee_number}`)
    expect(new Set(first).size).toBe(3)
    expect(held.map((h) => h.cards[0].display_id)).toEqual(['100001', '200001', '300001'])
    // A token of one site is refused by the others.
    expect(
      (await request(sites[1]!.url, sites[1]!.certificatePem, 'GET', '/__demo/state', { token: sites[0]!.tokens.full }))
        .status
    ).toBe(401)
  })

  it('keeps faults per site: one slow and one down while the third answers', async () => {
    await call(sites[1]!, 'PUT', '/__demo/faults', { latencyMs: 400 })
    await call(sites[2]!, 'PUT', '/__demo/faults', { resetRate: 1 })
    try {
      const path = '/api/v1/developer/credentials/pin_codes'
      expect((await call(sites[0]!, 'POST', path)).status).toBe(200)
      expect((await call(sites[1]!, 'POST', path)).status).toBe(200)
      const faultsOf = async (site: DemoSite) => (await call(site, 'GET', '/__demo/state')).body.data.faults
      expect(await Promise.all(sites.map(faultsOf))).toEqual([{}, { latencyMs: 400 }, { resetRate: 1 }])
      await expect(call(sites[2]!, 'POST', path)).rejects.toThrow(/socket hang up|ECONNRESET/)
    } finally {
      await Promise.all(sites.map((s) => call(s, 'DELETE', '/__demo/faults')))
    }
  })

  it('seeds site 1 exactly as the single demo console', () => {
    const now = Date.now()
    expect(seedSite('demo', now, 1)).toEqual(seedSite('demo', now))
    expect(seedSite('demo', now).site.name).toBe('Demo HQ')
    expect(seedSite('demo', now).cards[0]!.display_id).toBe('100001')
    expect(seedSite('demo', now).users[0]!.employee_number).toBe('E0001')
  })

  it('is started by `demo-console --sites 2`, which prints one line naming each site', async () => {
    const dir = await tempDir('demo-sites-cli-')
    const child = spawn(process.execPath, [demoConsoleEntry(), '--sites', '2', '--data', dir.path], {
      stdio: ['ignore', 'pipe', 'inherit']
    })
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve)
        child.once('exit', (code) => reject(new Error(`demo-console ended with ${code}`)))
      })
      const printed = JSON.parse(line) as {
        sites: { site: number; name: string; url: string; tokens: { full: string } }[]
      }
      expect(printed.sites.map((s) => [s.site, s.name])).toEqual([
        [1, 'Demo HQ'],
        [2, 'Harbour Office']
      ])
      expect(printed.sites[0]!.url).not.toBe(printed.sites[1]!.url)
    } finally {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      await dir.remove()
    }
  })
})
