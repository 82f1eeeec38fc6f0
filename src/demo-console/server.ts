import { mkdir } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import { API_PREFIX } from '../shared/access/endpoints'
import { loadOrCreateCertificate } from './certificate'
import { loadOrCreateTokens, scopesOf, type DemoTokens } from './tokens'
import { DEFAULT_CONSOLE_VERSION } from './version'
import type { DemoContext } from './context'
import { DemoError } from './errors'
import { Runtime } from './runtime'
import { Sessions } from './state/sessions'
import { DemoStore } from './state/store'
import type { SeedName } from './state/seed'
import { pinCodeRoutes } from './routes/pin-codes'
import { sessionRoutes } from './routes/sessions'
import { nfcCardRoutes } from './routes/nfc-cards'
import { touchPassRoutes } from './routes/touch-passes'
import { qrCodeRoutes } from './routes/qr-codes'
import { visitorRoutes } from './routes/visitors'
import { userRoutes } from './routes/users'
import { doorRoutes } from './routes/doors'
import { deviceRoutes } from './routes/devices'
import { controlRoutes } from './routes/control'
import { Notifications } from './notifications'
import { keepPort, portToListenOn } from './kept-port'

export interface DemoConsoleOptions {
  dataDir: string
  host?: string
  port?: number
  version?: string
  /** The site created when the data dir has no state yet; ignored afterwards. Default `demo`. */
  seed?: SeedName
  /** How many NFC cards it is seeded with instead of the seed's own number; ignored once seeded. */
  cards?: number
  /** Which site of a multi-site demo this is (1-based, sites.ts): its own seeded records. Default 1. */
  site?: number
  /** Lifetime of an enrollment session (default 120 s). */
  sessionTtlMs?: number
}

export interface DemoConsole {
  url: string
  fingerprint256: string
  certificatePem: string
  tokens: DemoTokens
  version: string
  app: FastifyInstance
  close(): Promise<void>
}

/** The simulated Access console: HTTPS on loopback, the envelope, tokens with scopes, state on disk. */
export async function startDemoConsole(options: DemoConsoleOptions): Promise<DemoConsole> {
  const host = options.host ?? '127.0.0.1'
  await mkdir(options.dataDir, { recursive: true })
  const [certificate, tokens, store] = await Promise.all([
    loadOrCreateCertificate(options.dataDir, host),
    loadOrCreateTokens(options.dataDir),
    DemoStore.open(options.dataDir, options.seed ?? 'demo', options.site ?? 1, options.cards)
  ])
  const version = options.version ?? DEFAULT_CONSOLE_VERSION
  const scopes = scopesOf(tokens)
  const ctx: DemoContext = {
    version,
    scopes,
    fullToken: tokens.full,
    tokens,
    dataDir: options.dataDir,
    store,
    sessions: new Sessions(options.sessionTtlMs ?? 120_000),
    runtime: new Runtime(),
    notifications: new Notifications(version, () => scopes)
  }
  const app = Fastify({
    https: { key: certificate.key, cert: certificate.cert },
    logger: false,
    bodyLimit: 20 * 1024 * 1024
  })
  // The reference's samples POST empty bodies with a JSON content type (E1).
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined)
    try {
      done(null, JSON.parse(body as string))
    } catch {
      const err = new Error('invalid JSON body') as Error & { statusCode: number }
      err.statusCode = 400
      done(err, undefined)
    }
  })
  // An empty body with any (or no) content type, as curl and axios send for body-less POSTs.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '' || body === undefined) return done(null, undefined)
    const err = new Error('unsupported content type') as Error & { statusCode: number }
    err.statusCode = 415
    done(err, undefined)
  })
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1 } })
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    if (err instanceof DemoError) return reply.code(err.status).send({ code: err.code, msg: err.message })
    const status = err.statusCode ?? 500
    return reply
      .code(status)
      .send({ code: status >= 500 ? 'CODE_SYSTEM_ERROR' : 'CODE_PARAMS_INVALID', msg: err.message })
  })
  installFaults(app, ctx)

  pinCodeRoutes(app, ctx)
  sessionRoutes(app, ctx)
  nfcCardRoutes(app, ctx)
  touchPassRoutes(app, ctx)
  qrCodeRoutes(app, ctx)
  visitorRoutes(app, ctx)
  userRoutes(app, ctx)
  doorRoutes(app, ctx)
  deviceRoutes(app, ctx)
  controlRoutes(app, ctx)

  app.server.on('upgrade', (request, socket, head) => ctx.notifications.upgrade(request, socket, head))
  await app.listen({ host, port: options.port ?? (await portToListenOn(options.dataDir, host)) })
  const address = app.server.address() as AddressInfo
  if (options.port === undefined) await keepPort(options.dataDir, address.port)
  const urlHost = host.includes(':') ? `[${host}]` : host
  return {
    url: `https://${urlHost}:${address.port}`,
    fingerprint256: certificate.fingerprint256,
    certificatePem: certificate.cert,
    tokens,
    version: ctx.version,
    app,
    close: async () => {
      ctx.notifications.close()
      await app.close()
      await store.flush()
    }
  }
}

/** The request's path after the API prefix, and its route template (`/visitors/:id`) when it has one. */
function pathsOf(request: FastifyRequest): string[] {
  const path = request.url.slice(API_PREFIX.length).split('?')[0]!
  const template = request.routeOptions.url?.slice(API_PREFIX.length)
  return template ? [path, template] : [path]
}

/** What a reverse proxy in front of the console answers when the console's answer does not reach it. */
const BAD_GATEWAY_HTML =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n'

/** Latency, errors, resets, a refused token and rate limiting on the Access API (never on the control API). */
function installFaults(app: FastifyInstance, ctx: DemoContext) {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(API_PREFIX)) return
    const faults = ctx.runtime.faults
    if (faults.latencyMs) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs))
    if (faults.resetRate && Math.random() < faults.resetRate) {
      // Before the handler runs: the request never took effect, only the answer is missing.
      reply.hijack()
      request.raw.socket.destroy()
      return reply
    }
    if (faults.tokenRefused)
      return reply.code(401).send({ code: 'CODE_ACCESS_TOKEN_INVALID', msg: 'access token invalid' })
    const wait = ctx.runtime.rateLimited()
    if (wait !== undefined) {
      return reply
        .code(429)
        .header('Retry-After', String(wait))
        .send({ code: 'CODE_SYSTEM_ERROR', msg: 'too many requests' })
    }
    const rate = ctx.runtime.down ? 1 : ctx.runtime.errorRateFor(request.method, pathsOf(request))
    if (rate > 0 && Math.random() < rate) {
      return reply.code(500).send({ code: 'CODE_SYSTEM_ERROR', msg: 'simulated console failure' })
    }
    return undefined
  })
  // After the handler: a write that took effect (its files are on disk, see DemoStore.save) whose
  // answer is lost on the way back. The client cannot tell it from a write that never happened.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith(API_PREFIX) || !ctx.runtime.faults.afterCommit) return payload
    const fate = ctx.runtime.afterCommitFor(request.method, pathsOf(request), reply.statusCode)
    if (fate === 'reset') {
      request.raw.socket.destroy()
      return payload
    }
    if (fate === '502') {
      reply.code(502).header('content-type', 'text/html')
      return BAD_GATEWAY_HTML
    }
    if (fate === '500') {
      reply.code(500).header('content-type', 'application/json; charset=utf-8')
      return JSON.stringify({ code: 'CODE_SYSTEM_ERROR', msg: 'internal error after the write was saved' })
    }
    return payload
  })
}
