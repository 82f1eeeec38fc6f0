import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Connections } from '../../../src/main/services/connections/connections'
import { sameAddress } from '../../../src/main/services/connections/same-console'
import { createConfStore } from '../../../src/main/services/storage/key-value-store'
import { createFileSecretStore } from '../../../src/main/services/connections/secret-store'
import { AppError } from '../../../src/shared/errors'
import { failure, startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { startDemoConsole } from '../../../src/demo-console/server'

/**
 * One console is one console: a profile saved with the address and the certificate of one already
 * saved is that console again (its batches would be read-only under the other's name, and a find across
 * consoles would answer twice). Saving it is refused, saying which profile it is, so the screen offers
 * to open that one instead; nothing is written.
 */
describe('saving a console already saved', () => {
  let remote: Demo
  let data: Awaited<ReturnType<typeof tempDir>>
  let c: Connections

  beforeAll(async () => {
    remote = await startDemo()
  })
  afterEach(async () => {
    await c?.close()
    await data?.remove()
  })
  afterAll(async () => {
    await remote?.stop()
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
  const save = async (name: string, url = remote.console.url, id?: string) => {
    const cert = await c.probe(url)
    return c.save({
      ...(id ? { id } : {}),
      name,
      url,
      token: remote.console.tokens.full,
      fingerprint256: cert.fingerprint256
    })
  }

  it('is refused as the same console, naming the saved one; nothing is written', async () => {
    await open()
    const first = await save('Main building')
    // The same address written another way (a trailing slash, the host's case) is the same address.
    const again = `${remote.console.url}/`
    const error = (await failure(save('Main building (copy)', again))) as AppError
    expect(error.code).toBe('SAME_CONSOLE')
    expect(error.message).toBe(
      'This is the console already saved as “Main building”: the same address and the same certificate.'
    )
    expect(error.hint).toMatch(/Open “Main building”/)
    expect(error.details).toEqual({ profileId: first.id, name: 'Main building' })
    const { profiles } = await c.list()
    expect(profiles.filter((p) => !p.demo).map((p) => p.name)).toEqual(['Main building'])
  })

  it('a profile edited in place is not a second console; another edited onto it is', async () => {
    await open()
    const first = await save('Main building')
    expect((await save('Main building, desk 2', remote.console.url, first.id)).name).toBe('Main building, desk 2')
    expect((await c.list()).profiles.filter((p) => !p.demo)).toHaveLength(1)
    // Another address (the same console by its name) is not refused; edited onto the first's address, it is.
    const byName = await save('By name', remote.console.url.replace('127.0.0.1', 'localhost'))
    const error = (await failure(save('By name', remote.console.url, byName.id))) as AppError
    expect(error.code).toBe('SAME_CONSOLE')
    expect(error.details).toEqual({ profileId: first.id, name: 'Main building, desk 2' })
  })

  it('addresses compare by scheme, host (any case), port (443 when none) and path', () => {
    expect(sameAddress('https://Console.local:443/', 'https://console.local')).toBe(true)
    expect(sameAddress('https://10.0.0.2:12445', 'https://10.0.0.2:12445//')).toBe(true)
    expect(sameAddress('https://10.0.0.2:12445', 'https://10.0.0.2:12446')).toBe(false)
    expect(sameAddress('https://10.0.0.2', 'https://10.0.0.3')).toBe(false)
    expect(sameAddress('not an address', 'https://10.0.0.3')).toBe(false)
  })
})
