import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { createNodeServices } from '../../../src/main/services/node-app'
import type { AppServices } from '../../../src/main/services/app-services'
import { startDemoConsoleProcess, type Started, type DemoConsoleInfo } from '../../support/processes'
import { tempDir } from '../../support/temp'
import { AppError } from '../../../src/shared/errors'
import { startDemoConsole } from '../../../src/demo-console/server'
import { startDemo, type Demo } from '../access/support'

describe('connections', () => {
  let services: AppServices
  let data: Awaited<ReturnType<typeof tempDir>>
  let other: Awaited<ReturnType<typeof tempDir>>
  let remote: Started<DemoConsoleInfo>
  /** A console other than Lab console (its own certificate: one certificate is one console, same-console.test.ts). */
  let annex: Demo
  const annexUrl = () => annex.console.url

  beforeAll(async () => {
    data = await tempDir()
    other = await tempDir()
    remote = await startDemoConsoleProcess(other.path)
    annex = await startDemo()
    services = await createNodeServices({ dataDir: data.path, transport: 'test', startDemoConsole })
  })
  afterAll(async () => {
    await services?.close()
    await remote?.stop()
    await annex?.stop()
    await data?.remove()
    await other?.remove()
  })

  it('creates and selects the built-in demo console on first start', async () => {
    const { profiles, activeId } = await services.connections.list()
    expect(profiles).toHaveLength(1)
    expect(profiles[0]).toMatchObject({ name: 'Demo console', demo: true, tokenStorage: 'demo' })
    expect(activeId).toBe(profiles[0]!.id)
    expect(profiles[0]!.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
  })

  it('probes a console, pins the accepted fingerprint, keeps the token in a 0600 file', async () => {
    const cert = await services.connections.probe(remote.info.url)
    expect(cert.fingerprint256).toBe(remote.info.fingerprint256)
    const saved = await services.connections.save({
      name: 'Lab console',
      url: remote.info.url,
      token: remote.info.tokens.full,
      fingerprint256: cert.fingerprint256
    })
    expect(saved).toMatchObject({ demo: false, tokenStorage: 'file', hasToken: true })
    const mode = (await stat(join(data.path, 'secrets.json'))).mode & 0o777
    expect(mode).toBe(0o600)
    const result = await services.connections.test(saved.id)
    expect(result.ok).toBe(true)
    // The profile file never holds the token.
    const { readFile } = await import('node:fs/promises')
    expect(await readFile(join(data.path, 'profiles.json'), 'utf8')).not.toContain(remote.info.tokens.full)
  })

  it('refuses to save when the certificate is not the one the user accepted', async () => {
    const wrong = 'AA:' + remote.info.fingerprint256.slice(3)
    await expect(
      services.connections.save({ name: 'x', url: remote.info.url, token: 't', fingerprint256: wrong })
    ).rejects.toMatchObject({ kind: 'tls', code: 'CERT_CHANGED' })
  })

  it('refuses a console whose certificate changed after it was trusted', async () => {
    // Pin the remote console, then point the same profile at another console (another certificate).
    // Another console than Lab console, above (one console, one profile).
    const cert = await services.connections.probe(annexUrl())
    const saved = await services.connections.save({
      name: 'Pinned',
      url: annexUrl(),
      token: annex.console.tokens.full,
      fingerprint256: cert.fingerprint256
    })
    const demo = await services.connections.demoConsole()
    const { profiles } = await services.connections.list()
    const record = profiles.find((p) => p.id === saved.id)!
    // Same pin, different server: simulate a swapped console behind the saved address.
    const file = services.store.get('profiles') as { id: string; url: string }[]
    services.store.set(
      'profiles',
      file.map((p) => (p.id === record.id ? { ...p, url: demo.url } : p))
    )
    const err = await services.connections.test(saved.id).then(
      () => undefined,
      (e: unknown) => e
    )
    expect(err).toBeInstanceOf(AppError)
    expect(err).toMatchObject({ kind: 'tls', code: 'CERT_CHANGED' })
    expect((err as AppError).hint).toMatch(/shows the new fingerprint next to the trusted one/)
    // Removed: the console is added afresh below (saved, it would be this console again).
    await services.connections.remove(saved.id)
  })

  it('refuses a token from another app before saving, with a hint', async () => {
    const cert = await services.connections.probe(annexUrl())
    await expect(
      services.connections.save({
        name: 'Wrong key',
        url: annexUrl(),
        token: 'not-an-access-token',
        fingerprint256: cert.fingerprint256
      })
    ).rejects.toMatchObject({ kind: 'auth', hint: expect.stringMatching(/another UniFi app/) })
    expect((await services.connections.list()).profiles.some((p) => p.name === 'Wrong key')).toBe(false)
  })

  it('removes a profile and its token', async () => {
    const before = await services.connections.list()
    const target = before.profiles.find((p) => p.name === 'Lab console')!
    const { readFile } = await import('node:fs/promises')
    const onDisk = async () => JSON.parse(await readFile(join(data.path, 'secrets.json'), 'utf8')) as object
    expect(await services.secrets.get(target.id)).toBe(remote.info.tokens.full)
    expect(Object.keys(await onDisk())).toContain(target.id)
    await services.connections.remove(target.id)
    const after = await services.connections.list()
    expect(after.profiles.some((p) => p.id === target.id)).toBe(false)
    // The token goes with it: neither the store nor the file on disk keeps it.
    expect(await services.secrets.get(target.id)).toBeUndefined()
    expect(Object.keys(await onDisk())).not.toContain(target.id)
  })
})
