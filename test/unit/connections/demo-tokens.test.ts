import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createNodeServices } from '../../../src/main/services/node-app'
import type { AppServices } from '../../../src/main/services/app-services'
import { tempDir } from '../../support/temp'
import { startDemoConsole } from '../../../src/demo-console/server'
import { startDemo, type Demo } from '../access/support'

/**
 * The built-in demo console offers its own tokens (full, view-only, none) to Change token, and the
 * one chosen goes through the same check and save as a typed token: kept in main's store, used by
 * the next client. A real console offers none.
 */
describe("the demo console's tokens in Change token", () => {
  let services: AppServices
  let data: Awaited<ReturnType<typeof tempDir>>
  let other: Demo

  beforeAll(async () => {
    data = await tempDir()
    other = await startDemo()
    services = await createNodeServices({ dataDir: data.path, transport: 'test', startDemoConsole })
    await services.connections.ensureFirstStart()
  })
  afterAll(async () => {
    await services?.close()
    await other?.stop()
    await data?.remove()
  })

  const demoProfile = async () => (await services.connections.list()).profiles.find((p) => p.demo)!
  const tokenFile = async () => JSON.parse(await readFile(join(data.path, 'demo-console', 'tokens.json'), 'utf8'))
  const secrets = () => readFile(join(data.path, 'secrets.json'), 'utf8').catch(() => '')

  it('lists its tokens by what they allow, as in its tokens file', async () => {
    const demo = await demoProfile()
    const file = await tokenFile()
    expect((await services.connections.demoTokens(demo.id)).tokens).toEqual([
      { scope: 'full', token: file.full },
      { scope: 'view', token: file.view },
      { scope: 'none', token: file.none }
    ])
  })

  it('the view-only token chosen is checked, kept in the store and used: edits are refused, then full again', async () => {
    const demo = await demoProfile()
    expect(demo.tokenStorage).toBe('demo')
    const { view, full } = await tokenFile()
    const check = await services.connections.changeToken({ id: demo.id, token: view })
    expect(check.permissions.find((p) => p.key === 'edit:credential')?.status).toBe('missing')
    // Kept as a typed token is, in the secrets file (web and test mode), never in the profiles file.
    expect(await secrets()).toContain(view)
    expect(await readFile(join(data.path, 'profiles.json'), 'utf8')).not.toContain(view)
    expect((await demoProfile()).tokenStorage).not.toBe('demo')
    // The next client uses it: an edit is refused (403), a read passes.
    const client = await services.connections.client(demo.id)
    await expect(client.sessions.remove('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      kind: 'permission'
    })
    expect(
      (await services.connections.test(demo.id)).permissions.find((p) => p.key === 'view:credential')?.status
    ).toBe('allowed')

    await services.connections.changeToken({ id: demo.id, token: full })
    expect(await secrets()).toContain(full)
    expect(await secrets()).not.toContain(view)
    const again = await services.connections.client(demo.id)
    await expect(again.sessions.remove('00000000-0000-4000-8000-000000000000')).resolves.toBeUndefined()
  })

  it('a wrong token is refused and the one kept stays', async () => {
    const demo = await demoProfile()
    await expect(services.connections.changeToken({ id: demo.id, token: 'not-a-demo-token' })).rejects.toMatchObject({
      code: 'TOKEN_REFUSED'
    })
    expect(await secrets()).toContain((await tokenFile()).full)
  })

  it('a real console offers no tokens', async () => {
    const cert = await services.connections.probe(other.console.url)
    const real = await services.connections.save({
      name: 'Front desk',
      url: other.console.url,
      token: other.console.tokens.full,
      fingerprint256: cert.fingerprint256
    })
    await expect(services.connections.demoTokens(real.id)).rejects.toMatchObject({ code: 'NOT_DEMO_CONSOLE' })
  })
})
