import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { request } from 'node:http'
import { mkdir, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { startWebServer, type WebServer } from '../../../src/web/server'
import { createEventHub } from '../../../src/main/services/events'
import { tempDir } from '../../support/temp'
import { rawRequest } from './support'

/**
 * The renderer's files as web mode serves them: only from its folder, only under our own host
 * name, with headers that keep the page from being framed, sniffed or cached, and an answer (never
 * a crash) for whatever address a peer sends.
 */
describe('web mode static files', () => {
  let server: WebServer
  let dir: Awaited<ReturnType<typeof tempDir>>
  let sibling: string

  beforeAll(async () => {
    dir = await tempDir('web-files-')
    await mkdir(join(dir.path, 'assets'))
    await writeFile(
      join(dir.path, 'index.html'),
      '<html><head>\n    <script type="module" src="./assets/app.js"></script></head></html>'
    )
    await writeFile(join(dir.path, 'assets', 'app.js'), 'export const app = 1')
    await writeFile(join(dir.path, 'assets', 'app.css'), 'body{}')
    // Not UTF-8: served byte for byte, never decoded as text on the way.
    await writeFile(join(dir.path, 'assets', 'data.bin'), Buffer.from([0xff, 0xfe, 0x00, 0x80]))
    // A folder next to the renderer's whose name starts with the renderer folder's name.
    sibling = dir.path + '-private'
    await mkdir(sibling, { recursive: true })
    await writeFile(join(sibling, 'secret.txt'), 'not for the browser')
    server = await startWebServer({
      rendererDir: dir.path,
      dispatch: async () => ({ ok: true, result: null }),
      events: createEventHub()
    })
  })
  afterAll(async () => {
    await server?.close()
    await dir?.remove()
    await tempDirRemove(sibling)
  })

  async function tempDirRemove(path: string) {
    const { rm } = await import('node:fs/promises')
    if (path) await rm(path, { recursive: true, force: true })
  }

  it('serves index.html for "/" and by name, with the bridge script before the app module', async () => {
    const expected =
      '<html><head>\n    <script type="module" src="./web-bridge.js"></script>\n' +
      '    <script type="module" src="./assets/app.js"></script></head></html>'
    for (const path of ['/', '/index.html']) {
      const res = await fetch(server.origin + path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await res.text()).toBe(expected)
    }
  })

  it('serves other files unchanged, typed by extension, with the protective headers', async () => {
    const js = await fetch(server.origin + '/assets/app.js')
    expect(js.status).toBe(200)
    expect(await js.text()).toBe('export const app = 1')
    expect(Object.fromEntries(js.headers)).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer'
    })
    expect((await fetch(server.origin + '/assets/app.css')).headers.get('content-type')).toBe('text/css; charset=utf-8')
    const bin = await fetch(server.origin + '/assets/data.bin')
    expect(bin.headers.get('content-type')).toBe('application/octet-stream')
    expect(Buffer.from(await bin.arrayBuffer())).toEqual(Buffer.from([0xff, 0xfe, 0x00, 0x80]))
    // A query string or an encoded name reaches the same file.
    expect(await (await fetch(server.origin + '/assets/%61pp.js?v=2')).text()).toBe('export const app = 1')
  })

  it('answers 404 for a missing file or a folder, and 403 outside the renderer folder', async () => {
    const missing = await fetch(server.origin + '/assets/none.js')
    expect([missing.status, await missing.text()]).toEqual([404, 'Not found'])
    expect((await fetch(server.origin + '/assets')).status).toBe(404)
    // Out of the folder by "..", even into a sibling whose name starts with the folder's.
    const outside = await rawRequest(server, { path: '/..%2f..%2fetc%2fpasswd' })
    expect(outside).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/)
    const intoSibling = await rawRequest(server, { path: `/..%2f${basename(sibling)}%2fsecret.txt` })
    expect(intoSibling).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/)
  })

  it('answers 400 for an address that does not decode and 421 for another host name, then keeps serving', async () => {
    const bad = await rawRequest(server, { path: '/%E0%A4%A' }, 1000)
    expect(bad).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    const badBody = await fetch(server.origin + '/%E0%A4%A')
    expect(await badBody.text()).toBe('Bad request')

    const port = new URL(server.origin).port
    for (const host of [`localhost:${port}`, `127.0.0.1`, `rebound.example:${port}`]) {
      expect(await rawRequest(server, { path: '/', headers: { host } })).toMatch(
        /^HTTP\/1\.1 421 Misdirected Request\r\n/
      )
    }
    // node:http may set any Host header (fetch may not): the refusal says why in its body.
    const misdirected = await new Promise<[number | undefined, string]>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/', headers: { host: 'rebound.example' } }, (res) => {
        let body = ''
        res.on('data', (d: Buffer) => (body += String(d)))
        res.on('end', () => resolve([res.statusCode, body]))
      })
        .on('error', reject)
        .end()
    })
    expect(misdirected).toEqual([421, 'Misdirected request'])
    // No Host header at all: refused the same way.
    const noHost = await rawRequest(server, Buffer.from('GET / HTTP/1.0\r\n\r\n'))
    expect(noHost).toMatch(/^HTTP\/1\.1 421 /)
    expect((await fetch(server.origin + '/')).status).toBe(200)
  })

  it('listens on 127.0.0.1 only, on the port asked for when one is given', async () => {
    // Anything else on the loopback network (127.0.0.2) is another address: nothing listens there.
    const port = Number(new URL(server.origin).port)
    const elsewhere = await fetch(`http://127.0.0.2:${port}/`).then(
      (r) => r.status,
      (err: Error & { cause?: { code?: string } }) => err.cause?.code
    )
    expect(elsewhere).toBe('ECONNREFUSED')

    const free = await startWebServer({
      rendererDir: dir.path,
      dispatch: async () => ({ ok: true, result: null }),
      events: createEventHub()
    })
    const freePort = Number(new URL(free.origin).port)
    await free.close()
    const fixed = await startWebServer({
      rendererDir: dir.path,
      dispatch: async () => ({ ok: true, result: null }),
      events: createEventHub(),
      port: freePort
    })
    try {
      expect(fixed.origin).toBe(`http://127.0.0.1:${freePort}`)
      expect((await fetch(fixed.origin + '/')).status).toBe(200)
    } finally {
      await fixed.close()
    }
  })
})
