import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeServices } from '../../../src/main/services/node-app'
import type { AppServices } from '../../../src/main/services/app-services'
import { startDemoConsole } from '../../../src/demo-console/server'
import { tempDir } from '../../support/temp'

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
