import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createNodeServices } from '../../../src/main/services/node-app'
import type { AppServices } from '../../../src/main/services/app-services'
import { startDemoConsole } from '../../../src/demo-console/server'
import { tempDir } from '../../support/temp'
import { Connections } from '../../../src/main/services/connections/connections'
import { createConfStore } from '../../../src/main/services/storage/key-value-store'
import { createFileSecretStore } from '../../../src/main/services/connections/secret-store'
import { startDemo } from '../access/support'

describe('the access client of a profile', () => {
  let services: AppServices
  let data: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    data = await tempDir()
    services = await createNodeServices({ dataDir: data.path, transport: 'test', startDemoConsole })
  })
  afterAll(async () => {
    await services?.close()
    await data?.remove()
  })

  it('is built once when callers race for it (the Cards screen asks for cards and permissions at once)', async () => {
    const [a, b, c] = await Promise.all([
      services.connections.client(),
      services.connections.client(),
      services.connections.client()
    ])
    expect(b).toBe(a)
    expect(c).toBe(a)
    expect(await services.connections.client()).toBe(a)
    // And it works: the demo console answers through it.
    expect((await a.nfcCards.list({ page: 1, pageSize: 1 })).total).toBeGreaterThan(0)
  })
})

describe("the active console's client built ahead of its first use", () => {
  it('prepare() builds it in the background; the first screen gets that client, not a second build', async () => {
    const data = await tempDir()
    const demo = await startDemo()
    const built: string[] = []
    const c = new Connections({
      store: createConfStore(data.path, 'profiles'),
      secrets: createFileSecretStore(data.path),
      dataDir: data.path,
      startDemoConsole,
      // Called once per client built, with the profile it is for.
      recordWrites: ({ name }) => {
        built.push(name)
        return { before: async () => undefined }
      }
    })
    try {
      const cert = await c.probe(demo.console.url)
      const saved = await c.save({
        name: 'Lab',
        url: demo.console.url,
        token: demo.console.tokens.full,
        fingerprint256: cert.fingerprint256
      })
      await c.select(saved.id)
      c.prepare()
      await vi.waitFor(() => expect(built).toEqual(['Lab']))
      await c.client()
      expect(built).toEqual(['Lab'])
    } finally {
      await c.close()
      await demo.stop()
      await data.remove()
    }
  })

  it('prepare() with no console chosen, or one it cannot build, fails quietly', async () => {
    const data = await tempDir()
    const c = new Connections({
      store: createConfStore(data.path, 'profiles'),
      secrets: createFileSecretStore(data.path),
      dataDir: data.path,
      startDemoConsole
    })
    try {
      expect(() => c.prepare()).not.toThrow()
      await expect(c.client()).rejects.toBeDefined()
    } finally {
      await c.close()
      await data.remove()
    }
  })
})
