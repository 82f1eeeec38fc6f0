import https from 'node:https'
import { startDemoConsole, type DemoConsole, type DemoConsoleOptions } from '../../../src/demo-console/server'
import {
  createAccessClient,
  type AccessClient,
  type AccessClientConfig
} from '../../../src/main/services/access/client'
import { tempDir } from '../../support/temp'

export interface Demo {
  console: DemoConsole
  dataDir: string
  client(token?: 'full' | 'view' | 'none' | string, extra?: Partial<AccessClientConfig>): AccessClient
  /** The demo console's control API (/__demo/*), with the full token. */
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>
  stop(): Promise<void>
}

/** Quick retries so fault tests take milliseconds, with the real backoff code. */
export const fastRetry = { baseDelayMs: 2, maxDelayMs: 20 }

/** A demo console in this process on a fresh data dir, and clients pinned to it. */
export async function startDemo(
  options: { version?: string; seed?: DemoConsoleOptions['seed']; dataDir?: string } = {}
): Promise<Demo> {
  const dir = options.dataDir ? undefined : await tempDir('access-client-')
  const dataDir = options.dataDir ?? dir!.path
  const startOptions = { dataDir, version: options.version, seed: options.seed }
  const demo = await startDemoConsole(startOptions)
  const clients: AccessClient[] = []
  return {
    console: demo,
    dataDir,
    client(token = 'full', extra = {}) {
      const value = token === 'full' || token === 'view' || token === 'none' ? demo.tokens[token] : token
      const client = createAccessClient({
        baseUrl: demo.url,
        token: value,
        pin: { fingerprint256: demo.fingerprint256, pems: [demo.certificatePem] },
        retry: fastRetry,
        ...extra
      })
      clients.push(client)
      return client
    },
    control: (method, path, body) => control(demo, method, path, body),
    async stop() {
      for (const c of clients) c.close()
      await demo.close()
      await dir?.remove()
    }
  }
}

export function control<T>(
  demo: Pick<DemoConsole, 'url' | 'certificatePem' | 'tokens'>,
  method: string,
  path: string,
  body?: unknown
): Promise<{ status: number; body: T }> {
  const url = new URL(path, demo.url)
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method,
        ca: demo.certificatePem,
        headers: {
          Authorization: `Bearer ${demo.tokens.full}`,
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {})
        }
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (text += d))
        res.on('end', () => {
          let parsed: unknown = text
          try {
            parsed = text ? JSON.parse(text) : undefined
          } catch {
            // not JSON: keep the text
          }
          if ((res.statusCode ?? 500) >= 400) {
            reject(new Error(`${method} ${path} → ${res.statusCode}: ${text}`))
            return
          }
          resolve({ status: res.statusCode ?? 0, body: parsed as T })
        })
      }
    )
    req.on('error', reject)
    if (payload) req.write(payload)
    req.end()
  })
}

/** The AppError a promise rejects with (fails the test if it resolves). */
export async function failure(promise: Promise<unknown>): Promise<import('../../../src/shared/errors').AppError> {
  try {
    await promise
  } catch (err) {
    return err as import('../../../src/shared/errors').AppError
  }
  throw new Error('expected the call to fail')
}
