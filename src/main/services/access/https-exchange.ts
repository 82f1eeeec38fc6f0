import https from 'node:https'
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import zlib from 'node:zlib'

/**
 * One HTTPS request and its whole answer, on node:https with the connection's pinned agent. This
 * replaced axios in the access client: for a list page axios spent ~1.7 ms of CPU per request on
 * merging configs, header objects and its adapter (35 ms of 180 ms per 20-page card fetch,
 * `npm run bench -- cards-fetch`), and the access client used none of what that buys (interceptors,
 * browsers, proxies, redirects). What it did use is here, with the same semantics: an idle-socket
 * timeout per attempt, cancellation by AbortSignal, no redirect followed, no proxy, JSON and
 * multipart bodies, and compressed answers read (none is asked for).
 */

export interface ExchangeRequest {
  method: string
  /** Absolute https URL. */
  url: string
  agent: https.Agent
  headers: Record<string, string>
  /** A plain value is sent as JSON; FormData as multipart; strings and bytes as they are. */
  body?: unknown
  /** No byte sent or received for this long ends the attempt with ETIMEDOUT (as axios' `timeout`). */
  timeoutMs: number
  signal?: AbortSignal | undefined
  responseType: 'text' | 'arraybuffer'
}

export interface ExchangeResponse {
  status: number
  headers: IncomingHttpHeaders
  /** A string for `text`, a Uint8Array for `arraybuffer`. */
  data: string | Uint8Array
}

/** A transport failure with the `code` errorFromTransport reads (ERR_CANCELED, ETIMEDOUT, or Node's own). */
function codedError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code })
}

/**
 * Whether the request had been written to the console when it failed: the request's 'finish' (its
 * last byte handed to the connection, so after the TCP connect and the TLS handshake with the pin
 * check) had come. A failure that carries `requestWritten: false` sent nothing (lost-answer.ts).
 */
export function requestWrittenOf(err: unknown): boolean | undefined {
  const written = (err as { requestWritten?: unknown } | null)?.requestWritten
  return typeof written === 'boolean' ? written : undefined
}

/** The body's bytes and the Content-Type it needs (none for strings and bytes: the caller's say). */
async function encodeBody(body: unknown): Promise<{ bytes?: Buffer | string; type?: string }> {
  if (body === undefined || body === null) return {}
  if (typeof body === 'string') return { bytes: body }
  if (body instanceof Uint8Array) return { bytes: Buffer.from(body.buffer, body.byteOffset, body.byteLength) }
  if (body instanceof FormData) {
    // The platform encodes multipart (boundary, file parts) exactly as fetch would send it.
    const encoded = new Response(body)
    const bytes = Buffer.from(await encoded.arrayBuffer())
    return { bytes, type: encoded.headers.get('content-type') ?? 'multipart/form-data' }
  }
  return { bytes: JSON.stringify(body), type: 'application/json;charset=utf-8' }
}

/** The answer's body, inflated when the console compressed it anyway. */
function decoded(res: IncomingMessage): NodeJS.ReadableStream {
  switch (res.headers['content-encoding']) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip())
    case 'deflate':
      return res.pipe(zlib.createInflate())
    case 'br':
      return res.pipe(zlib.createBrotliDecompress())
    default:
      return res
  }
}

export async function httpsExchange(request: ExchangeRequest): Promise<ExchangeResponse> {
  const { signal } = request
  if (signal?.aborted)
    throw Object.assign(codedError('The request was cancelled.', 'ERR_CANCELED'), { requestWritten: false })
  const { bytes, type } = await encodeBody(request.body)
  const headers =
    bytes === undefined
      ? request.headers
      : {
          ...request.headers,
          ...(type ? { 'Content-Type': type } : {}),
          'Content-Length': String(Buffer.byteLength(bytes))
        }

  return new Promise<ExchangeResponse>((resolve, reject) => {
    let settled = false
    let written = false
    const finish = (err: Error | undefined, response?: ExchangeResponse) => {
      if (settled) return
      settled = true
      signal?.removeEventListener('abort', onAbort)
      if (err) reject(Object.assign(err, { requestWritten: written }))
      else resolve(response!)
    }
    const req = https.request(request.url, { method: request.method, agent: request.agent, headers }, (res) => {
      written = true // an answer began: the console had the request (even one answered before its body was read)
      const chunks: Buffer[] = []
      const body = decoded(res)
      body.on('data', (chunk: Buffer) => chunks.push(chunk))
      body.on('error', (err: Error) => finish(err))
      // A connection dropped mid-answer: `res` says so ('aborted' / ECONNRESET), never a cut body as whole.
      res.on('error', (err: Error) => finish(err))
      res.on('aborted', () => finish(codedError('The connection closed before the answer was complete.', 'ECONNRESET')))
      body.on('end', () => {
        const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
        // A byte-order mark is not part of the JSON (JSON.parse would refuse it).
        const data = request.responseType === 'text' ? all.toString('utf8').replace(/^\uFEFF/, '') : new Uint8Array(all)
        finish(undefined, { status: res.statusCode ?? 0, headers: res.headers, data })
      })
    })
    const onAbort = () => req.destroy(codedError('The request was cancelled.', 'ERR_CANCELED'))
    signal?.addEventListener('abort', onAbort, { once: true })
    // Destroyed with its reason, the request reports that reason first, even once the answer has begun.
    req.setTimeout(request.timeoutMs, () =>
      req.destroy(codedError(`No answer within ${request.timeoutMs} ms.`, 'ETIMEDOUT'))
    )
    req.on('finish', () => (written = true))
    req.on('error', (err) => finish(err))
    req.end(bytes)
  })
}
