import { mkdir } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { loadOrCreateCertificate } from './certificate'
import { loadOrCreateTokens, scopesOf, type DemoTokens } from './tokens'
import { DEFAULT_CONSOLE_VERSION } from './version'
import type { DemoContext } from './context'
import { pinCodeRoutes } from './routes/pin-codes'

export interface DemoConsoleOptions {
  dataDir: string
  host?: string
  port?: number
  version?: string
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

/** The simulated Access console: HTTPS on loopback, the envelope, tokens with scopes. */
export async function startDemoConsole(options: DemoConsoleOptions): Promise<DemoConsole> {
  const host = options.host ?? '127.0.0.1'
  await mkdir(options.dataDir, { recursive: true })
  const [certificate, tokens] = await Promise.all([
    loadOrCreateCertificate(options.dataDir, host),
    loadOrCreateTokens(options.dataDir)
  ])
  const ctx: DemoContext = {
    version: options.version ?? DEFAULT_CONSOLE_VERSION,
    scopes: scopesOf(tokens),
    dataDir: options.dataDir
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
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => {
    const status = err.statusCode ?? 500
    void reply
      .code(status)
      .send({ code: status >= 500 ? 'CODE_SYSTEM_ERROR' : 'CODE_PARAMS_INVALID', msg: err.message })
  })

  pinCodeRoutes(app, ctx)

  await app.listen({ host, port: options.port ?? 0 })
  const address = app.server.address() as AddressInfo
  const urlHost = host.includes(':') ? `[${host}]` : host
  return {
    url: `https://${urlHost}:${address.port}`,
    fingerprint256: certificate.fingerprint256,
    certificatePem: certificate.cert,
    tokens,
    version: ctx.version,
    app,
    close: () => app.close()
  }
}
