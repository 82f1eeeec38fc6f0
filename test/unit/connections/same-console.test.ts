import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Connections } from '../../../src/main/services/connections/connections'
import { createConfStore } from '../../../src/main/services/storage/key-value-store'
import { createFileSecretStore } from '../../../src/main/services/connections/secret-store'
import { AppError } from '../../../src/shared/errors'
import { failure, startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { startDemoConsole } from '../../../src/demo-console/server'

/**
 * One console is one console, known by its certificate: a profile pinned to the certificate of one
 * already saved (under any address, the built-in demo console included) is that console again (its batches would be read-only under the other's name, and a find across
 * consoles would answer twice). Saving it is refused, saying which profile it is, so the screen offers
 * to open that one instead; nothing is written.
 */
describe('saving a console already saved', () => {
  let remote: Demo
  /** Another console: its own certificate. */
  let annex: Demo
  let data: Awaited<ReturnType<typeof tempDir>>
  let c: Connections

  beforeAll(async () => {
    ;[remote, annex] = await Promise.all([startDemo(), startDemo()])
  })
  afterEach(async () => {
    await c?.close()
    await data?.remove()
  })
  afterAll(async () => {
    await remote?.stop()
    await annex?.stop()
  })

  const open = async () => {
    data = await tempDir()
    c = new Connections({
      store: createConfStore(data.path, 'profiles'),
      secrets: createFileSecretStore(data.path),
      dataDir: data.path,
      startDemoConsole
    })
  }
  const save = async (name: string, url = remote.console.url, id?: string, token = remote.console.tokens.full) => {
    const cert = await c.probe(url)
    return c.save({
      ...(id ? { id } : {}),
      name,
      url,
      token,
      fingerprint256: cert.fingerprint256
    })
  }

  it('is refused as the same console, naming the saved one; nothing is written', async () => {
    await open()
    const first = await save('Main building')
    // The same address written another way (a trailing slash) is the same console.
    const again = `${remote.console.url}/`
    const error = (await failure(save('Main building (copy)', again))) as AppError
    expect(error.code).toBe('SAME_CONSOLE')
    expect(error.message).toBe(
      'This is the console already saved as “Main building”: it presents the same certificate.'
    )
    expect(error.hint).toMatch(/Open “Main building”/)
    expect(error.details).toEqual({ profileId: first.id, name: 'Main building' })
    const { profiles } = await c.list()
    expect(profiles.filter((p) => !p.demo).map((p) => p.name)).toEqual(['Main building'])
  })

  it('is the same console under another address (its name instead of its IP): one certificate, one console', async () => {
    await open()
    const first = await save('Main building')
    const byName = remote.console.url.replace('127.0.0.1', 'localhost')
    const error = (await failure(save('By name', byName))) as AppError
    expect(error.code).toBe('SAME_CONSOLE')
    expect(error.details).toEqual({ profileId: first.id, name: 'Main building' })
    expect((await c.list()).profiles.map((p) => p.name)).toEqual(['Main building'])
  })

  it('the built-in demo console, added again by its address, is the demo console', async () => {
    await open()
    await c.ensureFirstStart()
    const demo = await c.demoConsole()
    const demoId = (await c.list()).activeId!
    for (const url of [demo.url, demo.url.replace('127.0.0.1', 'localhost')]) {
      const error = (await failure(save('Demo again', url, undefined, demo.tokens.full))) as AppError
      expect(error.code).toBe('SAME_CONSOLE')
      expect(error.details).toEqual({ profileId: demoId, name: 'Demo console' })
    }
    const { profiles, activeId } = await c.list()
    expect(profiles.map((p) => p.name)).toEqual(['Demo console'])
    expect(activeId).toBe(demoId)
  })

  it('a profile edited in place is not a second console; another console edited onto it is', async () => {
    await open()
    const first = await save('Main building')
    expect((await save('Main building, desk 2', remote.console.url, first.id)).name).toBe('Main building, desk 2')
    expect((await c.list()).profiles.filter((p) => !p.demo)).toHaveLength(1)
    // Another console (another certificate) is saved; pointed at the first's console, it is refused.
    const other = await save('Annex', annex.console.url, undefined, annex.console.tokens.full)
    const error = (await failure(save('Annex', remote.console.url, other.id))) as AppError
    expect(error.code).toBe('SAME_CONSOLE')
    expect(error.details).toEqual({ profileId: first.id, name: 'Main building, desk 2' })
    expect((await c.list()).profiles.find((p) => p.id === other.id)?.url).toBe(annex.console.url)
  })
})
