import axios, { type AxiosInstance } from 'axios'
import type { z } from 'zod'
import { AppError } from '../../../shared/errors'
import type { EndpointInfo } from '../../../shared/access/endpoints'
import { envelopeSchema, SUCCESS, type ConsoleEnvelope } from '../../../shared/access/envelope'
import { createPinnedAgent, type PinnedCertificate } from './tls-pinning'
import { errorFromResponse, errorFromTransport } from './errors'

export interface AccessHttpConfig {
  /** https://host:12445 — the `/api/v1/developer` prefix is added here. */
  baseUrl: string
  token: string
  pin: PinnedCertificate
  timeoutMs?: number
}

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined>

export interface RequestSpec<S extends z.ZodType> {
  endpoint: EndpointInfo
  /** Values for `:name` segments of the endpoint path. */
  params?: Record<string, string>
  query?: Query
  body?: unknown
  /** Schema of `data`; tolerant of fields we don't use, strict on those we do. */
  data: S
  signal?: AbortSignal
  timeoutMs?: number
}

export interface Reply<T> {
  data: T
  pagination?: ConsoleEnvelope['pagination']
}

export const API_PREFIX = '/api/v1/developer'

/** Repeated keys for arrays (`status=A&status=B`), as the console expects (facts 1.7). */
export function encodeQuery(query: Query | undefined): string {
  if (!query) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v))
    else search.append(key, String(value))
  }
  const s = search.toString()
  return s ? `?${s}` : ''
}

export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([a-z_]+)/g, (_m, name: string) => {
    const value = params[name]
    if (value === undefined || value === '') {
      throw new AppError({ kind: 'validation', code: 'MISSING_PARAM', message: `Missing ${name} for ${path}.` })
    }
    return encodeURIComponent(value)
  })
}

function describeParseError(endpoint: EndpointInfo, error: z.ZodError): AppError {
  const first = error.issues[0]
  const field = first?.path.length ? first.path.join('.') : '(data)'
  return new AppError({
    kind: 'server',
    code: 'UNEXPECTED_RESPONSE',
    message: `The console's answer to ${endpoint.title} (${endpoint.id}) has an unexpected field \`${field}\`: ${first?.message ?? 'invalid'}.`,
    hint: 'Nothing was changed by reading it. The console may run a version this app does not know yet; please report it.',
    details: { endpoint: endpoint.id, field }
  })
}

/**
 * The HTTP layer of the access client: pinned TLS, bearer token, envelope unwrapping and the
 * mapping of every failure to an AppError. One instance per connection profile.
 */
export class AccessHttp {
  readonly baseUrl: string
  private readonly axios: AxiosInstance
  private readonly timeoutMs: number

  constructor(config: AccessHttpConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '')
    this.timeoutMs = config.timeoutMs ?? 15_000
    this.axios = axios.create({
      baseURL: this.baseUrl + API_PREFIX,
      httpsAgent: createPinnedAgent(config.pin),
      headers: { Authorization: `Bearer ${config.token}`, Accept: 'application/json' },
      // We judge every answer ourselves (HTTP status and envelope code).
      validateStatus: () => true,
      maxRedirects: 0,
      proxy: false
    })
  }

  /** Send a request and return the raw axios response (for binary bodies and multipart). */
  async raw(
    endpoint: EndpointInfo,
    options: {
      params?: Record<string, string>
      query?: Query
      body?: unknown
      signal?: AbortSignal
      timeoutMs?: number
      responseType?: 'json' | 'arraybuffer'
      headers?: Record<string, string>
    } = {}
  ) {
    const url = fillPath(endpoint.path, options.params) + encodeQuery(options.query)
    try {
      return await this.axios.request({
        method: endpoint.method,
        url,
        data: options.body,
        signal: options.signal,
        timeout: options.timeoutMs ?? this.timeoutMs,
        responseType: options.responseType ?? 'json',
        headers: options.headers,
        // Keep the console's JSON as text on failure paths we parse ourselves.
        transitional: { silentJSONParsing: true, forcedJSONParsing: true, clarifyTimeoutError: false }
      })
    } catch (err) {
      throw errorFromTransport(endpoint, this.baseUrl, err)
    }
  }

  async request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<Reply<z.infer<S>>> {
    const response = await this.raw(spec.endpoint, spec)
    const envelope = envelopeSchema.safeParse(response.data)
    if (!envelope.success) {
      if (response.status >= 400) throw errorFromResponse(spec.endpoint, response.status, undefined, response.headers)
      throw new AppError({
        kind: 'server',
        code: 'UNEXPECTED_RESPONSE',
        message: `The console's answer to ${spec.endpoint.title} (${spec.endpoint.id}) is not an Access API response.`,
        hint: 'Check that the address points at the Access API (port 12445).',
        details: { endpoint: spec.endpoint.id, status: response.status }
      })
    }
    const body = envelope.data
    if (response.status >= 400 || body.code !== SUCCESS) {
      throw errorFromResponse(spec.endpoint, response.status, body, response.headers)
    }
    const data = spec.data.safeParse(body.data)
    if (!data.success) throw describeParseError(spec.endpoint, data.error)
    return { data: data.data, pagination: body.pagination }
  }

  /** Close pooled sockets (a profile switched or removed). */
  destroy(): void {
    const agent = this.axios.defaults.httpsAgent as { destroy?: () => void } | undefined
    agent?.destroy?.()
  }
}
