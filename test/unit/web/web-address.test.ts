import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:net'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createEventHub } from '../../../src/main/services/events'
import type { Dispatch } from '../../../src/main/services/ipc/dispatch'
import { addressSentence, startWebAtKeptAddress, WEB_ADDRESS_FILE } from '../../../src/web/web-address'
import type { WebServer } from '../../../src/web/server'
import { tempDir } from '../../support/temp'

/**
 * Web mode keeps its address (port and secret) per data folder, so a restart comes back where an
 * open tab looks for it; what is given (--port, ACCESS_DESK_WEB_SECRET) wins and is not written down.
 */
describe('web mode keeps its address per data folder', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  const open: WebServer[] = []
  const blockers: Server[] = []
  const dispatch: Dispatch = async () => ({ ok: true, result: null })
  const server = () => ({ rendererDir: dir.path, dispatch, events: createEventHub() })
  const start = async (choice: Parameters<typeof startWebAtKeptAddress>[0]) => {
    const started = await startWebAtKeptAddress(choice, server())
    open.push(started.web)
    return started
  }
  const stopAll = async () => {
    for (const web of open.splice(0)) await web.close()
  }
  const portOf = (web: WebServer) => Number(new URL(web.origin).port)

  beforeEach(async () => {
    dir = await tempDir('access-desk-web-address-')
  })
  afterEach(async () => {
    await stopAll()
    for (const blocker of blockers.splice(0)) await new Promise((resolve) => blocker.close(resolve))
    await dir.remove()
  })

  it('comes back at the same port and secret, kept in a file only the user can read', async () => {
    const first = await start({ dataDir: dir.path })
    expect(first.outcome).toBe('new')
    expect(addressSentence(first, dir.path)).toMatch(/New address, kept in .*web-address\.json.*--new-address/)
    const file = join(dir.path, WEB_ADDRESS_FILE)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ port: portOf(first.web), secret: first.web.secret })
    await stopAll()

    const again = await start({ dataDir: dir.path })
    expect(again.outcome).toBe('same')
    expect(again.web.url).toBe(first.web.url)
    expect(addressSentence(again, dir.path)).toMatch(/^Same address as last time: a tab still open on it reconnects/)
  })

  it('takes a free port when the kept one is taken, keeps the secret, and says so', async () => {
    const first = await start({ dataDir: dir.path })
    const port = portOf(first.web)
    await stopAll()
    // Another program on the port meanwhile.
    const blocker = createServer()
    blockers.push(blocker)
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve))

    const moved = await start({ dataDir: dir.path })
    expect(moved.outcome).toBe('port-taken')
    expect(portOf(moved.web)).not.toBe(port)
    expect(moved.web.secret).toBe(first.web.secret)
    expect(addressSentence(moved, dir.path)).toMatch(
      new RegExp(`Port ${port} of last time is taken.*cannot reconnect; copy what is typed there`)
    )
    // The new port is the one tried next time.
    expect(JSON.parse(await readFile(join(dir.path, WEB_ADDRESS_FILE), 'utf8'))).toMatchObject({
      port: portOf(moved.web)
    })
  })

  it('--new-address makes a new secret and port and keeps those', async () => {
    const first = await start({ dataDir: dir.path })
    await stopAll()
    const rotated = await start({ dataDir: dir.path, newAddress: true })
    expect(rotated.outcome).toBe('new')
    expect(rotated.web.secret).not.toBe(first.web.secret)
    expect(JSON.parse(await readFile(join(dir.path, WEB_ADDRESS_FILE), 'utf8'))).toEqual({
      port: portOf(rotated.web),
      secret: rotated.web.secret
    })
  })

  /** A port free right now (a server listened on it and closed). */
  const freePort = async () => {
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const port = (probe.address() as { port: number }).port
    await new Promise((resolve) => probe.close(resolve))
    return port
  }

  it('a given port and secret win for this start and are not written down', async () => {
    const first = await start({ dataDir: dir.path })
    await stopAll()
    const port = await freePort()
    const given = await start({ dataDir: dir.path, port, secret: 'a-secret-given-by-env-1234' })
    expect(given.outcome).toBe('given')
    expect(portOf(given.web)).toBe(port)
    expect(given.web.secret).toBe('a-secret-given-by-env-1234')
    expect(JSON.parse(await readFile(join(dir.path, WEB_ADDRESS_FILE), 'utf8'))).toEqual({
      port: portOf(first.web),
      secret: first.web.secret
    })
    await stopAll()
    expect((await start({ dataDir: dir.path })).web.url).toBe(first.web.url)
  })

  it('--port 0 names no port: the free port it gets is kept, and a restart without it comes back there', async () => {
    const first = await start({ dataDir: dir.path, port: 0 })
    expect(first.outcome).toBe('new')
    await stopAll()
    const again = await start({ dataDir: dir.path })
    expect(again.outcome).toBe('same')
    expect(again.web.url).toBe(first.web.url)
    await stopAll()
    // Given again, it is still no port: the kept address.
    expect((await start({ dataDir: dir.path, port: 0 })).web.url).toBe(first.web.url)
  })

  it('a given port that is taken is an error, not another port', async () => {
    const blocker = createServer()
    blockers.push(blocker)
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    await expect(start({ dataDir: dir.path, port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  })

  it('an unreadable file is no address: a new one is made', async () => {
    await writeFile(join(dir.path, WEB_ADDRESS_FILE), '{"port": "x", "secret": "short"')
    const started = await start({ dataDir: dir.path })
    expect(started.outcome).toBe('new')
    expect(JSON.parse(await readFile(join(dir.path, WEB_ADDRESS_FILE), 'utf8')).secret).toBe(started.web.secret)
  })
})
