import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import https from 'node:https'
import net from 'node:net'
import { X509Certificate } from 'node:crypto'
import { startDemo, type Demo } from './support'
import { makeCertificates } from './tls-fixtures'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import type { AccessClientConfig } from '../../../src/main/services/access/client'
import { callFate } from '../../../src/main/services/access/lost-answer'
import { stepOutcome } from '../../../src/main/services/roster/step-outcome'
import { importOneCard } from '../../../src/main/services/cards/import-one-card'
import { AppError } from '../../../src/shared/errors'

/**
 * The one rule of "was the answer lost?" (access/lost-answer.ts), held for every way a write can fail
 * against the demo console over real HTTPS: the audit row, the roster step (stepOutcome) and
 * importOneCard (the enrollment line's and the roster's card import) say the same, and the console's
 * state shows the rule is right — "failed" only when the console did nothing, "to check" whenever
 * the request went out and no readable answer came back (the console did it, or may have).
 */

type Expected = {
  fate: 'not-sent' | 'answered' | 'lost'
  /** `details.requestWritten`: said by transport failures (the request's 'finish'), not by an HTTP answer. */
  written?: boolean
  onConsole: boolean
}

describe('one rule for a lost answer, across the audit, the roster and one-card import', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>
  let audit: AuditService
  let closedUrl: string
  let proxy: https.Server
  let proxyUrl: string
  let proxyPin: { fingerprint256: string; pems: string[] }
  let otherPin: { fingerprint256: string; pems: string[] }
  let serial = 0

  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('lost-answer-rule-')
    const consoleRef = { name: 'Demo', url: demo.console.url }
    audit = new AuditService({ dir: dir.path, store: memoryStore(), activeConsole: async () => consoleRef })
    // An address where nothing listens: the connection is refused, the request never sent.
    const free = net.createServer()
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve))
    closedUrl = `https://127.0.0.1:${(free.address() as net.AddressInfo).port}`
    await new Promise<void>((resolve) => free.close(() => resolve()))
    // A reverse proxy whose console does not answer in time: it reads the request, answers 504.
    const { a } = makeCertificates(dir.path)
    proxyPin = { fingerprint256: new X509Certificate(a.cert).fingerprint256, pems: [a.cert] }
    otherPin = proxyPin
    proxy = https.createServer({ key: a.key, cert: a.cert }, (req, res) => {
      req.resume()
      req.on('end', () => res.writeHead(504, { 'content-type': 'text/html' }).end('<h1>504 Gateway Time-out</h1>'))
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    proxyUrl = `https://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`
  })
  afterEach(async () => {
    await demo.control('DELETE', '/__demo/faults')
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => proxy.close(() => resolve()))
    await demo.stop()
    await dir.remove()
  })

  const held = async (nfcId: string) =>
    (await demo.control<{ data: { nfc_id: string }[] }>('GET', '/__demo/state/cards')).body.data.some(
      (c) => c.nfc_id.toUpperCase() === nfcId
    )

  /** One import of a new card through a client of `extra`, its write recorded by the audit. */
  async function attempt(extra: Partial<AccessClientConfig>, call: { signal?: AbortSignal; timeoutMs?: number } = {}) {
    serial++
    const nfcId = `04C0FFEE${String(serial).padStart(6, '0')}`
    const client = demo.client('full', {
      ...extra,
      onWrite: audit.recorder({ name: 'Demo', url: extra.baseUrl ?? demo.console.url })
    })
    let thrown: unknown
    const result = await importOneCard(
      {
        nfcCards: {
          importCsv: (csv, input) =>
            client.nfcCards.importCsv(csv, input, call).catch((err: unknown) => {
              thrown = err
              throw err
            }),
          all: () => client.nfcCards.all(),
          get: (token) => client.nfcCards.get(token)
        }
      },
      { nfcId, filename: 'rule.csv' }
    )
    const row = (await audit.list({ limit: 1 })).items[0]!
    return { nfcId, result, error: AppError.from(thrown), row }
  }

  const cases: [string, () => Promise<Awaited<ReturnType<typeof attempt>>>, Expected][] = [
    [
      'connection refused: never sent',
      () => attempt({ baseUrl: closedUrl }),
      { fate: 'not-sent', written: false, onConsole: false }
    ],
    [
      'the certificate pin refused at the handshake: never sent',
      () => attempt({ pin: otherPin }),
      { fate: 'not-sent', written: false, onConsole: false }
    ],
    [
      'cancelled before it was sent',
      () => attempt({}, { signal: AbortSignal.abort() }),
      { fate: 'not-sent', written: false, onConsole: false }
    ],
    [
      'sent, then the connection reset before the console acted',
      async () => {
        await demo.control('PUT', '/__demo/faults', { resetRate: 1 })
        return attempt({})
      },
      { fate: 'lost', written: true, onConsole: false }
    ],
    [
      'sent, the console did it, then the connection reset',
      async () => {
        await demo.control('PUT', '/__demo/faults', { afterCommit: { reset: 1 } })
        return attempt({})
      },
      { fate: 'lost', written: true, onConsole: true }
    ],
    [
      "sent, the console did it, a proxy's 502 page replaced the answer",
      async () => {
        await demo.control('PUT', '/__demo/faults', { afterCommit: { status502: 1 } })
        return attempt({})
      },
      { fate: 'lost', onConsole: true }
    ],
    [
      "sent, a proxy's 504 page (no console code)",
      () => attempt({ baseUrl: proxyUrl, pin: proxyPin }),
      { fate: 'lost', onConsole: false }
    ],
    [
      'sent, no answer in time (the console dropped it when the app gave up)',
      async () => {
        await demo.control('PUT', '/__demo/faults', { latencyMs: 1500 })
        return attempt({}, { timeoutMs: 300 })
      },
      { fate: 'lost', written: true, onConsole: false }
    ],
    [
      'sent, then cancelled by the person (the console dropped it)',
      async () => {
        await demo.control('PUT', '/__demo/faults', { latencyMs: 1500 })
        const cancel = new AbortController()
        // Long after the request is on the loopback wire, long before the console acts on it.
        setTimeout(() => cancel.abort(), 300)
        return attempt({}, { signal: cancel.signal })
      },
      { fate: 'lost', written: true, onConsole: false }
    ],
    [
      // An import (E16, `appliesInPart`) may be carried out before the console's own error: to check.
      'the console answered its own server error (500 CODE_SYSTEM_ERROR) before it acted',
      async () => {
        await demo.control('PUT', '/__demo/faults', { errorRate: { '*': 1 } })
        return attempt({})
      },
      { fate: 'lost', onConsole: false }
    ],
    [
      'the console answered its own server error (500 CODE_SYSTEM_ERROR) after it imported the card',
      async () => {
        await demo.control('PUT', '/__demo/faults', { afterCommit: { status500: 1 } })
        return attempt({})
      },
      { fate: 'lost', onConsole: true }
    ],
    [
      'refused by the console: the token lacks the permission (403)',
      () => attempt({ token: demo.console.tokens.view }),
      { fate: 'answered', onConsole: false }
    ]
  ]

  for (const [name, run, expected] of cases) {
    it(name, async () => {
      const { nfcId, result, error, row } = await run()
      const toCheck = expected.fate === 'lost'
      const state = toCheck ? 'unknown' : 'failed'
      expect({
        fate: callFate(error),
        written: error.details?.requestWritten,
        audit: [row.endpoint.id, row.outcome],
        step: stepOutcome(error).state,
        importOneCard: result.state
      }).toEqual({
        fate: expected.fate,
        written: expected.written,
        // The Audit's outcome by the same rule (audit/write-outcome.ts): never sent, answered, or to check.
        audit: ['E16', toCheck ? 'unknown' : expected.fate === 'not-sent' ? 'notSent' : 'refused'],
        step: state,
        importOneCard: state
      })
      // A read through the same faults is answered only after the write's own delay has passed: by
      // then the console has done, or dropped, what it was sent.
      await demo
        .client()
        .nfcCards.all()
        .catch(() => undefined)
      expect(await held(nfcId)).toBe(expected.onConsole)
    })
  }
})
