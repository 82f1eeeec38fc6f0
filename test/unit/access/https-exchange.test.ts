import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import https from 'node:https'
import zlib from 'node:zlib'
import { X509Certificate } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { httpsExchange, type ExchangeRequest } from '../../../src/main/services/access/https-exchange'
import { createPinnedAgent } from '../../../src/main/services/access/tls-pinning'
import { tempDir } from '../../support/temp'
import { makeCertificates } from './tls-fixtures'

/**
 * The access client's transport against a real HTTPS server on loopback, for what the demo console
 * never does: compressed answers, a byte-order mark, a redirect, an answer cut off mid-body, and
 * what a multipart or JSON body looks like on the wire.
 */

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

describe('httpsExchange', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let server: https.Server
  let base: string
  let agent: https.Agent
  let seen: Seen | undefined
  const routes: Record<string, (res: ServerResponse) => void> = {}

  beforeAll(async () => {
    dir = await tempDir()
    const { a } = makeCertificates(dir.path)
    server = https.createServer({ key: a.key, cert: a.cert }, (req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        seen = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) }
        const route = routes[req.url!.split('?')[0]!]
        if (route) route(res)
        else res.writeHead(404).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `https://127.0.0.1:${(server.address() as { port: number }).port}`
    agent = createPinnedAgent({ fingerprint256: new X509Certificate(a.cert).fingerprint256, pems: [a.cert] })
  })
  afterAll(async () => {
    agent.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await dir.remove()
  })

  const send = (path: string, more: Partial<ExchangeRequest> = {}) =>
    httpsExchange({
      method: 'GET',
      url: base + path,
      agent,
      headers: { Authorization: 'Bearer t', Accept: 'application/json' },
      timeoutMs: 5000,
      responseType: 'text',
      ...more
    })

  it('reads an answer the server compressed (gzip, deflate, br) as the same text', async () => {
    const json = JSON.stringify({ code: 'SUCCESS', data: Array.from({ length: 200 }, (_, i) => ({ n: i })) })
    routes['/gzip'] = (res) => res.writeHead(200, { 'Content-Encoding': 'gzip' }).end(zlib.gzipSync(json))
    routes['/deflate'] = (res) => res.writeHead(200, { 'Content-Encoding': 'deflate' }).end(zlib.deflateSync(json))
    routes['/br'] = (res) => res.writeHead(200, { 'Content-Encoding': 'br' }).end(zlib.brotliCompressSync(json))
    for (const path of ['/gzip', '/deflate', '/br']) expect((await send(path)).data).toBe(json)
    // Nothing asks for compression: a console answers plain text unless it insists.
    expect(seen!.headers['accept-encoding']).toBeUndefined()
  })

  it('drops a byte-order mark from a text answer, and keeps bytes as they are', async () => {
    routes['/bom'] = (res) => res.writeHead(200).end('\uFEFF{"code":"SUCCESS"}')
    expect((await send('/bom')).data).toBe('{"code":"SUCCESS"}')
    const bytes = (await send('/bom', { responseType: 'arraybuffer' })).data as Uint8Array
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })

  it('hands a redirect back instead of following it, with its status and headers', async () => {
    routes['/moved'] = (res) => res.writeHead(302, { Location: '/elsewhere' }).end()
    const answer = await send('/moved')
    expect(answer.status).toBe(302)
    expect(answer.headers.location).toBe('/elsewhere')
    expect(seen!.url).toBe('/moved')
  })

  it('fails an answer cut off mid-body instead of returning half of it', async () => {
    routes['/cut'] = (res) => {
      res.writeHead(200, { 'Content-Length': '1000' })
      res.write('{"code":"SUCCESS","data":[')
      setTimeout(() => res.socket?.destroy(), 20)
    }
    await expect(send('/cut')).rejects.toMatchObject({ code: 'ECONNRESET' })
  })

  it('sends a JSON body with its type and length, and FormData as multipart with the file', async () => {
    routes['/echo'] = (res) => res.writeHead(200).end('{}')
    await send('/echo', { method: 'PUT', body: { alias: 'Lobby ü' } })
    expect(seen!.method).toBe('PUT')
    expect(seen!.headers['content-type']).toBe('application/json;charset=utf-8')
    expect(JSON.parse(seen!.body.toString('utf8'))).toEqual({ alias: 'Lobby ü' })
    expect(Number(seen!.headers['content-length'])).toBe(seen!.body.length)

    const form = new FormData()
    form.append('file', new Blob(['0001,AB\n0002,CD\n'], { type: 'text/csv' }), 'cards.csv')
    await send('/echo', { method: 'POST', body: form })
    expect(seen!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    const text = seen!.body.toString('utf8')
    expect(text).toContain('name="file"; filename="cards.csv"')
    expect(text).toContain('0001,AB\n0002,CD\n')
  })

  it('ends a silent exchange with ETIMEDOUT, and a cancelled one with ERR_CANCELED', async () => {
    routes['/silent'] = () => undefined
    await expect(send('/silent', { timeoutMs: 100 })).rejects.toMatchObject({ code: 'ETIMEDOUT' })
    const controller = new AbortController()
    const pending = send('/silent', { signal: controller.signal })
    setTimeout(() => controller.abort(), 30)
    await expect(pending).rejects.toMatchObject({ code: 'ERR_CANCELED' })
    await expect(send('/silent', { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'ERR_CANCELED' })
  })

  it('says cancelled or timed out, not a network failure, when it ends an answer that had begun', async () => {
    routes['/stalls'] = (res) => {
      res.writeHead(200, { 'Content-Length': '1000' })
      res.write('{"code":"SUCCESS","data":[')
    }
    await expect(send('/stalls', { timeoutMs: 150 })).rejects.toMatchObject({ code: 'ETIMEDOUT' })
    const controller = new AbortController()
    const pending = send('/stalls', { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toMatchObject({ code: 'ERR_CANCELED' })
  })
})
