import https from 'node:https'
import { startDemoConsole, type DemoConsole, type DemoConsoleOptions } from '../../../src/demo-console/server'
import { tempDir } from '../../support/temp'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; the assertions check their shapes
type Loose = any

export interface Answer<T = Loose> {
  status: number
  headers: Record<string, string | string[] | undefined>
  raw: Buffer
  /** The parsed JSON body (undefined when the body is not JSON). */
  body: T
}

export interface CallOptions {
  token?: 'full' | 'view' | 'none' | (string & {})
  body?: unknown
  query?: Record<string, string | number | boolean | (string | number)[]>
  /** Sent as multipart/form-data with one file field. */
  file?: { field: string; name: string; content: string }
}

export interface Demo {
  console: DemoConsole
  dataDir: string
  /** A call to the Access API (`/api/v1/developer` + path), over real HTTPS trusting only the demo's certificate. */
  api<T = Loose>(method: string, path: string, options?: CallOptions): Promise<Answer<T>>
  /** A call to the control API (`/__demo` + path), with the full token unless told otherwise. */
  control<T = Loose>(method: string, path: string, body?: unknown, token?: CallOptions['token']): Promise<Answer<T>>
  close(): Promise<void>
  /** Close and remove the data dir. */
  stop(): Promise<void>
}

export async function startDemo(options: Partial<DemoConsoleOptions> = {}): Promise<Demo> {
  const dir = options.dataDir ? undefined : await tempDir('demo-console-')
  const dataDir = options.dataDir ?? dir!.path
  const demo = await startDemoConsole({ ...options, dataDir })
  const tokenOf = (token: CallOptions['token'] = 'full'): string =>
    token === 'full' || token === 'view' || token === 'none' ? demo.tokens[token as 'full' | 'view' | 'none'] : token
  const api = (method: string, path: string, o: CallOptions = {}) =>
    request(demo.url, demo.certificatePem, method, `/api/v1/developer${path}`, { ...o, token: tokenOf(o.token) })
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    await demo.close()
  }
  return {
    console: demo,
    dataDir,
    api,
    control: (method, path, body, token) =>
      request(demo.url, demo.certificatePem, method, `/__demo${path}`, { body, token: tokenOf(token) }),
    close,
    async stop() {
      await close()
      await dir?.remove()
    }
  }
}

/** One HTTPS exchange with a console at `base`, trusting only `ca`. */
export function request(
  base: string,
  ca: string,
  method: string,
  path: string,
  options: CallOptions & { token: string }
): Promise<Answer> {
  const url = new URL(path, base)
  for (const [key, value] of Object.entries(options.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(v))
  }
  const headers: Record<string, string | number> = { Authorization: `Bearer ${options.token}` }
  let payload: Buffer | undefined
  if (options.file) {
    const boundary = `----demo${Date.now()}`
    payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.file.field}"; filename="${options.file.name}"\r\n` +
        `Content-Type: text/csv\r\n\r\n${options.file.content}\r\n--${boundary}--\r\n`
    )
    headers['Content-Type'] = `multipart/form-data; boundary=${boundary}`
  } else if (options.body !== undefined) {
    payload = Buffer.from(JSON.stringify(options.body))
    headers['Content-Type'] = 'application/json'
  }
  if (payload) headers['Content-Length'] = payload.length
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method, ca, headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        const raw = Buffer.concat(chunks)
        let body: unknown
        try {
          body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined
        } catch {
          body = undefined
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body })
      })
    })
    req.on('error', reject)
    if (payload) req.write(payload)
    req.end()
  })
}

/** The first reader, hub and offline reader of the seeded site. */
export async function devicesOf(demo: Demo) {
  const answer = await demo.api<{ data: { id: string; type: string; capabilities: string[]; is_online: boolean }[][] }>(
    'GET',
    '/devices'
  )
  const all = answer.body.data.flat()
  const readers = all.filter((d) => d.capabilities.includes('is_reader'))
  return {
    all,
    reader: readers.find((d) => d.is_online)!,
    offlineReader: readers.find((d) => !d.is_online)!,
    hub: all.find((d) => d.capabilities.includes('is_hub'))!
  }
}
