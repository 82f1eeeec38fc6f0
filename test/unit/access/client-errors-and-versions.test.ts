import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoConsole } from '../../../src/demo-console/server'
import { createAccessClient } from '../../../src/main/services/access/client'
import { tempDir } from '../../support/temp'
import { z } from 'zod'
import { endpoints } from '../../../src/shared/access/endpoints'
import { failure, startDemo, type Demo } from './support'
import { cardPageReader } from '../../../src/main/services/access/nfc-card-page'
import type { DataReader } from '../../../src/main/services/access/data-reader'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'

describe('every call of the access client (E1, auth, pinning, versions)', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(async () => {
    await demo?.stop()
  })

  it('generates a PIN (E1) over pinned HTTPS', async () => {
    const pin = await demo.client().pinCodes.generate()
    expect(pin).toMatch(/^\d{8}$/)
  })

  it('a wrong or missing token is an auth error that hints at keys from other UniFi apps', async () => {
    for (const token of ['not-a-real-token', '']) {
      const err = await failure(demo.client(token).pinCodes.generate())
      expect(err).toMatchObject({ kind: 'auth' })
      expect(err.hint).toMatch(/another UniFi app/)
      expect(err.hint).toMatch(/API Token/)
    }
  })

  it('a token without the scope is a permission error that names the key', async () => {
    const err = await failure(demo.client('none').pinCodes.generate())
    expect(err).toMatchObject({ kind: 'permission', details: { permission: 'view:credential', endpoint: 'E1' } })
    expect(err.message).toContain('`view:credential`')
  })

  it('an answer that does not match the schema is an AppError naming the endpoint and the field', async () => {
    const client = demo.client()
    const err = await failure(
      client.http.request({
        endpoint: endpoints.E6,
        query: { page_num: 1, page_size: 2 },
        data: z.array(z.object({ no_such_field: z.string() }))
      })
    )
    expect(err).toMatchObject({
      kind: 'server',
      code: 'UNEXPECTED_RESPONSE',
      details: { endpoint: 'E6', field: '0.no_such_field' }
    })
    expect(err.message).toContain('(E6)')
    expect(err.message).toContain('`0.no_such_field`')
  })

  it('a card page the plain reader refuses is the same AppError, naming the card and the field', async () => {
    const client = demo.client()
    // The console's real page, its second card given a status no console sends.
    const spoilt: DataReader<NfcCard[]> = {
      read: (data) => cardPageReader.read((data as object[]).map((c, i) => (i === 1 ? { ...c, status: 'stolen' } : c)))
    }
    const err = await failure(
      client.http.request({ endpoint: endpoints.E6, query: { page_num: 1, page_size: 3 }, data: spoilt })
    )
    expect(err).toMatchObject({
      kind: 'server',
      code: 'UNEXPECTED_RESPONSE',
      details: { endpoint: 'E6', field: '1.status' }
    })
    expect(err.message).toContain('`1.status`: expected one of assigned, pending')
    // The reader as the client uses it reads the same page whole.
    const page = await client.http.request({
      endpoint: endpoints.E6,
      query: { page_num: 1, page_size: 3 },
      data: cardPageReader
    })
    expect(page.data.map((c) => c.token)).toEqual(
      (await client.nfcCards.list({ page: 1, pageSize: 3 })).items.map((c) => c.token)
    )
    expect(page.data).toHaveLength(3)
  })

  it('honours the signal', async () => {
    const err = await failure(demo.client().pinCodes.generate({ signal: AbortSignal.abort() }))
    expect(err.kind).toBe('cancelled')
  })

  it('refuses a console whose certificate changed behind the same address', async () => {
    const first = await tempDir('access-cert-a-')
    const second = await tempDir('access-cert-b-')
    const a = await startDemoConsole({ dataDir: first.path })
    const port = new URL(a.url).port
    const pin = { fingerprint256: a.fingerprint256, pems: [a.certificatePem] }
    const client = createAccessClient({ baseUrl: a.url, token: a.tokens.full, pin })
    try {
      expect(await client.pinCodes.generate()).toMatch(/^\d+$/)
      client.http.destroy() // no pooled socket to the old server
      await a.close()
      const b = await startDemoConsole({ dataDir: second.path, port: Number(port) })
      try {
        expect(b.fingerprint256).not.toBe(a.fingerprint256)
        const again = createAccessClient({ baseUrl: b.url, token: b.tokens.full, pin })
        const err = await failure(again.pinCodes.generate())
        again.close()
        expect(err).toMatchObject({ kind: 'tls', code: 'CERT_CHANGED' })
        // A pin of another fingerprint on the same chain is refused too.
        const other = createAccessClient({
          baseUrl: b.url,
          token: b.tokens.full,
          pin: { fingerprint256: a.fingerprint256, pems: [b.certificatePem] }
        })
        expect(await failure(other.pinCodes.generate())).toMatchObject({ kind: 'tls', code: 'CERT_CHANGED' })
        other.close()
      } finally {
        await b.close()
      }
    } finally {
      client.close()
      await first.remove()
      await second.remove()
    }
  })

  it('an unreachable console is a retryable network error', async () => {
    const client = createAccessClient({
      baseUrl: 'https://127.0.0.1:1',
      token: 'x',
      pin: { fingerprint256: demo.console.fingerprint256, pems: [demo.console.certificatePem] },
      retry: { attempts: 1 }
    })
    const err = await failure(client.pinCodes.generate())
    client.close()
    expect(err).toMatchObject({ kind: 'network', retryable: true })
  })
})

describe('minimum console versions', () => {
  let old: Demo
  let current: Demo
  beforeAll(async () => {
    ;[old, current] = await Promise.all([startDemo({ version: '3.1.0' }), startDemo()])
  })
  afterAll(async () => {
    await Promise.all([old?.stop(), current?.stop()])
  })

  it('an endpoint newer than the console says which version it needs', async () => {
    const client = old.client()
    const cases: [() => Promise<unknown>, string, string][] = [
      [() => client.touchPasses.list({ page: 1, pageSize: 10 }), 'E9', '3.2.20'],
      [() => client.touchPasses.purchase(1), 'E14', '3.2.20'],
      [() => client.qrCodes.download('00000000-0000-4000-8000-000000000000'), 'E15', '3.3.10'],
      [() => client.nfcCards.importCsv('04A1B2C3,a\n'), 'E16', '3.3.10'],
      [() => client.nfcCards.update('a'.repeat(64), { alias: 'x' }), 'E8', '3.1.30'],
      [() => client.visitors.assignQr('00000000-0000-4000-8000-000000000000'), '§4.11', '3.3.10']
    ]
    for (const [call, endpoint, version] of cases) {
      const err = await failure(call())
      expect.soft(err.toData(), endpoint).toMatchObject({ kind: 'unsupported' })
      if (endpoint === 'E8') {
        // 3.1.0 < 3.1.30: still missing.
        expect(err).toMatchObject({ kind: 'unsupported', details: { minVersion: version } })
        continue
      }
      expect(err).toMatchObject({
        kind: 'unsupported',
        code: 'ENDPOINT_MISSING',
        details: { endpoint, minVersion: version }
      })
      expect(err.message).toContain(`UniFi Access ${version}`)
    }
  })

  it('the same calls are served by a current console', async () => {
    const passes = await current.client().touchPasses.list({ page: 1, pageSize: 10 })
    // The total is the console's own count of its passes, and the page holds the first of them.
    const { body } = await current.control<{ data: { touchPasses: number } }>('GET', '/__demo/state')
    expect(body.data.touchPasses).toBeGreaterThan(0)
    expect(passes.total).toBe(body.data.touchPasses)
    expect(passes.items).toHaveLength(Math.min(10, body.data.touchPasses))
    // Endpoints older than the console work on the old one.
    expect(await old.client().pinCodes.generate()).toMatch(/^\d+$/)
  })
})
