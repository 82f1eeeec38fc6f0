import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cp, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { createNodeServices } from '../../../src/main/services/node-app'
import type { AppServices } from '../../../src/main/services/app-services'
import { startDemoConsoleProcess, type Started, type DemoConsoleInfo } from '../../support/processes'
import { tempDir } from '../../support/temp'
import type { AppError } from '../../../src/shared/errors'
import { startDemoConsole } from '../../../src/demo-console/server'
import { startDemo, type Demo } from '../access/support'

/** The profiles file and the token file, as they are on disk. */
async function onDisk(dataDir: string): Promise<string> {
  const read = (name: string) => readFile(join(dataDir, name), 'utf8').catch(() => '')
  return (await read('profiles.json')) + (await read('secrets.json'))
}

describe('a token is checked with the console before it is kept', () => {
  let services: AppServices
  let data: Awaited<ReturnType<typeof tempDir>>
  let consoleDir: Awaited<ReturnType<typeof tempDir>>
  let remote: Started<DemoConsoleInfo>
  /** A second console (its own certificate): Front desk's. A second profile of `remote` would be `remote` again. */
  let annex: Demo

  beforeAll(async () => {
    data = await tempDir()
    consoleDir = await tempDir()
    remote = await startDemoConsoleProcess(consoleDir.path)
    annex = await startDemo()
    services = await createNodeServices({ dataDir: data.path, transport: 'test', startDemoConsole })
  })
  afterAll(async () => {
    await services?.close()
    await remote?.stop()
    await annex?.stop()
    await data?.remove()
    await consoleDir?.remove()
  })

  const add = async (name: string, token: string, url = remote.info.url) => {
    const cert = await services.connections.probe(url)
    return services.connections.save({ name, url, token, fingerprint256: cert.fingerprint256 })
  }

  it('refuses a wrong token, says where keys come from, and saves nothing', async () => {
    const before = await services.connections.list()
    const diskBefore = await onDisk(data.path)
    const err = await add('Wrong key', 'not-an-access-token').catch((e: unknown) => e)
    expect(err).toMatchObject({ kind: 'auth', code: 'TOKEN_REFUSED' })
    expect((err as Error).message).toMatch(/refused this API token, so nothing was saved/)
    expect((err as { hint: string }).hint).toMatch(/API Token → Create New, with the permission keys/)
    expect(await services.connections.list()).toEqual(before)
    expect(await onDisk(data.path)).toBe(diskBefore)
    expect(await onDisk(data.path)).not.toContain('not-an-access-token')
    expect(JSON.stringify((err as AppError).toData())).not.toContain('not-an-access-token')
  })

  it('keeps a working token, with the permission keys it holds', async () => {
    const saved = await add('Lab console', remote.info.tokens.full)
    expect(saved.check?.permissions.every((p) => p.status === 'allowed')).toBe(true)
    expect((await services.connections.list()).profiles.some((p) => p.id === saved.id)).toBe(true)
    expect(await readFile(join(data.path, 'profiles.json'), 'utf8')).not.toContain(remote.info.tokens.full)
  })

  it('says which keys a view-only token lacks', async () => {
    const saved = await add('Front desk', annex.console.tokens.view, annex.console.url)
    const check = await services.connections.test(saved.id)
    const missing = check.permissions.filter((p) => p.status === 'missing').map((p) => p.key)
    expect(missing.sort()).toEqual(['edit:credential', 'edit:user', 'edit:visitor'])
    expect(check.permissions.find((p) => p.key === 'view:credential')?.status).toBe('allowed')
  })

  it('changes a token only when the console accepts the new one; the old one stays otherwise', async () => {
    const { profiles } = await services.connections.list()
    const front = profiles.find((p) => p.name === 'Front desk')!
    await expect(services.connections.changeToken({ id: front.id, token: 'wrong-again' })).rejects.toMatchObject({
      code: 'TOKEN_REFUSED',
      message: expect.stringMatching(/previous token is kept/)
    })
    // Still the view-only token: edits missing.
    const still = await services.connections.test(front.id)
    expect(still.permissions.find((p) => p.key === 'edit:credential')?.status).toBe('missing')
    expect(await onDisk(data.path)).not.toContain('wrong-again')

    const changed = await services.connections.changeToken({ id: front.id, token: annex.console.tokens.full })
    expect(changed.permissions.every((p) => p.status === 'allowed')).toBe(true)
    // The client uses the new token at once: an edit-only call passes (a view-only token gets a 403).
    const client = await services.connections.client(front.id)
    await expect(client.sessions.remove('00000000-0000-4000-8000-000000000000')).resolves.toBeUndefined()
  })

  it('console gone: unreachable; back on the same address: the same client works again', async () => {
    const { profiles } = await services.connections.list()
    const lab = profiles.find((p) => p.name === 'Lab console')!
    const client = await services.connections.client(lab.id)
    await client.pinCodes.generate()
    const port = new URL(remote.info.url).port
    await remote.stop()
    await expect(client.pinCodes.generate()).rejects.toMatchObject({ kind: 'network' })
    await expect(services.connections.test(lab.id)).rejects.toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/is unreachable/),
      hint: expect.stringMatching(/press Test connection: Access Desk does not need a restart/)
    })
    remote = await startDemoConsoleProcess(consoleDir.path, ['--port', port])
    expect(await client.pinCodes.generate()).toMatch(/^\d+$/)
    expect((await services.connections.test(lab.id)).ok).toBe(true)
  })

  it('a new certificate: refused, shown next to the pinned one, trusted again on request', async () => {
    const { profiles } = await services.connections.list()
    const lab = profiles.find((p) => p.name === 'Lab console')!
    const pinned = remote.info.fingerprint256
    const port = new URL(remote.info.url).port
    // The console got a new certificate: same address, same tokens and records, new key pair.
    await remote.stop()
    const reset = await tempDir()
    await cp(consoleDir.path, reset.path, { recursive: true })
    await rm(join(reset.path, 'tls-cert.pem'))
    await rm(join(reset.path, 'tls-key.pem'))
    remote = await startDemoConsoleProcess(reset.path, ['--port', port])
    try {
      expect(remote.info.fingerprint256).not.toBe(pinned)
      await expect(services.connections.test(lab.id)).rejects.toMatchObject({ kind: 'tls', code: 'CERT_CHANGED' })

      const status = await services.connections.certificate(lab.id)
      expect(status).toMatchObject({ pinned, changed: true })
      expect(status.presented.fingerprint256).toBe(remote.info.fingerprint256)
      // Still refused until the user trusts it.
      await expect(services.connections.test(lab.id)).rejects.toMatchObject({ code: 'CERT_CHANGED' })
      const trusted = await services.connections.trustCertificate({
        id: lab.id,
        fingerprint256: status.presented.fingerprint256
      })
      expect(trusted.fingerprint256).toBe(remote.info.fingerprint256)
      expect((await services.connections.test(lab.id)).ok).toBe(true)
      expect(await (await services.connections.client(lab.id)).pinCodes.generate()).toMatch(/^\d+$/)
      expect(await readFile(join(data.path, 'profiles.json'), 'utf8')).toContain(remote.info.fingerprint256)
    } finally {
      await remote.stop()
      await reset.remove()
    }
  })
})
