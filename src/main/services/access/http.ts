import type https from 'node:https'
import { AppError, type ErrorKind } from '../../../shared/errors'
import { adviseLostWrite } from './lost-answer'
import { API_PREFIX, type EndpointInfo } from '../../../shared/access/endpoints'
import { envelopeSchema, SUCCESS, type ConsoleEnvelope } from '../../../shared/access/envelope'
import { createPinnedAgent, type PinnedCertificate } from './tls-pinning'
import { errorFromResponse, errorFromTransport } from './errors'
import { defaultRetryPolicy, withRetry, type RetryPolicy } from './retry'
import { httpsExchange, requestWrittenOf, type ExchangeResponse } from './https-exchange'
import { DataIssue, isDataReader, type DataOf, type DataSpec } from './data-reader'
import type { TouchPass } from '../../../shared/access/touch-passes'
import type { NfcCard } from '../../../shared/access/nfc-cards'

/** What every client method accepts last. */
export interface CallOptions {
  signal?: AbortSignal
  /** Per attempt; the default is the connection's (15 s). */
  timeoutMs?: number
  /**
   * A call of the permission probe (permission-probe.ts), not a person's action: its outcome feeds the
   * connection state like any call, but the state never names it as what failed.
   */
  probe?: boolean
  /**
   * What the caller read of the console just before this write, handed to the audit journal with it
   * (WriteCall) so the journal does not read the same again: a purchase's whole pass list, read once.
   */
  readBefore?: ReadBefore
  /**
   * What makes this write one the person made once, whatever is sent (a purchase's idempotency key, one
   * per dialog): kept on the audit's row, so the same key is never sent twice, after a restart too
   * (audit/same-write.ts).
   */
  writeKey?: string
  /**
   * A read of the console the caller makes just after this write, shared with the audit journal
   * (WriteCall), so the console is read once for both: an import's card list (batches/cards-after-parts.ts).
   */
  readAfter?: ReadAfter
  /**
   * The caller's own record of this write's answer (an import part's rows in its batch journal), written
   * before the audit's row of it says the answer: a stop of the app between the two never leaves the
   * Audit saying Done of a write the caller's record still holds as unanswered. Given the audit row's id
   * (when the write is on record), so the caller's record can name it. Must not throw.
   */
  answered?: (answer: WriteAnswer, auditRowId: string | undefined) => Promise<void>
  /**
   * The write is on the audit's record (its row's id), and about to be sent: the caller's record may
   * name the row now, so a stop of the app before any answer still links the two. Must not throw.
   */
  recorded?: (auditRowId: string) => Promise<void>
}

/**
 * A caller's read just after a write (CallOptions.readAfter): made once, by whichever asks first (the
 * journal, which awaits it before the caller sees the answer, or the caller).
 */
export interface ReadAfter {
  /** The whole card list (E6, every page), as the console holds it after the write. */
  cards?: () => Promise<readonly NfcCard[]>
}

/** A caller's read made just before a write (CallOptions.readBefore). */
export interface ReadBefore {
  /** The whole Touch Pass list (E9, every page). */
  passes?: readonly TouchPass[]
  /**
   * The name of the person the write is about, as the caller read them from the console (a roster's
   * plan, a screen's list): the row's name when the journal's own read of that person fails or comes
   * too late (a slow console), rather than a row with no name.
   */
  personName?: string
  /**
   * The number of the card the write is about, as the caller showed it (Enroll's card just tapped): the
   * row's card (number, and NFC ID when the number is a UID) when the journal's own read of it fails.
   */
  cardNumber?: string
  /**
   * The files the rows sent came from (an import batch's CSV files, as its rows keep them): the
   * audit's row names them beside the batch, so a search for a file's name finds its upload.
   */
  files?: readonly string[]
}

/** One attempt of one call, for diagnostics and tests. Never carries the token or a body. */
export interface AttemptEvent {
  endpoint: string
  method: EndpointInfo['method']
  attempt: number
  status?: number
  errorKind?: ErrorKind
  ms: number
}

/** A write about to be sent: what the audit journal reads its target from. */
export interface WriteCall {
  endpoint: EndpointInfo
  params?: Record<string, string> | undefined
  query?: Query | undefined
  body?: unknown
  /** What the caller read just before it (CallOptions.readBefore): the journal uses it rather than read again. */
  readBefore?: ReadBefore | undefined
  /** The caller's read just after it (CallOptions.readAfter): the journal uses it rather than read again. */
  readAfter?: ReadAfter | undefined
  /** The caller's key of this write (CallOptions.writeKey). */
  writeKey?: string | undefined
}

/** How a write ended: the parsed answer, or the error the caller gets. */
export type WriteAnswer = { ok: true; result: unknown } | { ok: false; error: AppError }

/**
 * Told of every non-GET before it is sent (the audit journal). `before` resolves once the write
 * is on record, and if it throws the write is not sent; the function it returns is awaited with
 * the answer before the caller sees it (it must not throw: the console's answer stands), after the
 * caller's own record of it (CallOptions.answered). Its `rowId`: the write's row, which the caller's
 * record may name.
 */
export interface WriteRecorder {
  before(call: WriteCall): Promise<RecordedWrite | undefined>
}

/** A write on record, awaiting its answer (WriteRecorder.before). */
export type RecordedWrite = ((answer: WriteAnswer) => Promise<void>) & { rowId?: string }

/**
 * Told of the outcome of every call once it is over (after a read's retries): what the connection
 * state of the profile is made of (connections/connection-state.ts). Called for successes and
 * failures alike; it must not throw (a throw is ignored: the console's answer stands).
 */
export type CallObserver = (outcome: { endpoint: EndpointInfo; error?: AppError; probe?: boolean }) => void

export interface AccessHttpConfig {
  /** https://host:12445 — the `/api/v1/developer` prefix is added here. */
  baseUrl: string
  token: string
  pin: PinnedCertificate
  timeoutMs?: number
  /** Retries of GETs (only those: everything else may have taken effect). */
  retry?: Partial<RetryPolicy>
  onAttempt?: (event: AttemptEvent) => void
  /** Records every write (create, update, assign, delete, purchase, import…) with its outcome. */
  onWrite?: WriteRecorder
  /** Every call's outcome (see CallObserver). */
  onOutcome?: CallObserver
}

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined>

export interface RequestSpec<S extends DataSpec> extends CallOptions {
  endpoint: EndpointInfo
  /** Values for `:name` segments of the endpoint path. */
  params?: Record<string, string>
  query?: Query
  body?: unknown
  /** Schema (or plain reader) of `data`; tolerant of fields we don't use, strict on those we do. */
  data: S
}

export interface Reply<T> {
  data: T
  pagination?: ConsoleEnvelope['pagination']
}

/** Repeated keys for arrays (`status=A&status=B`), as the console expects (facts 1.7). */
function encodeQuery(query: Query | undefined): string {
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

const missingParamHint =
  'Nothing was sent to the console. Open the record again and retry; if this comes back, report it with its Audit row.'

function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([a-z_]+)/g, (_m, name: string) => {
    const value = params[name]
    if (value === undefined || value === '') {
      // The path's name and the endpoint's path as facts: every desk words this refusal (errors-wording.ts).
      throw new AppError({
        kind: 'validation',
        code: 'MISSING_PARAM',
        message: `Missing ${name} for ${path}.`,
        hint: missingParamHint,
        details: { name, path }
      })
    }
    return encodeURIComponent(value)
  })
}

/** A file's download answered with something that is neither the file nor the API's refusal. */
export function notTheFile(endpoint: EndpointInfo, status: number, bytes: number): AppError {
  return new AppError({
    kind: 'server',
    code: 'UNEXPECTED_RESPONSE',
    message: `The console's answer to ${endpoint.title} (${endpoint.id}) is not the expected file.`,
    hint: 'Try again; if it persists, the console may run a version this app does not know yet.',
    details: { endpoint: endpoint.id, what: `${endpoint.title} (${endpoint.id})`, said: 'notFile', status, bytes }
  })
}

export function describeParseError(
  endpoint: EndpointInfo,
  issue: { path: PropertyKey[]; message: string } | undefined
): AppError {
  const field = issue?.path.length ? issue.path.map(String).join('.') : '(data)'
  return new AppError({
    kind: 'server',
    code: 'UNEXPECTED_RESPONSE',
    message: `The console's answer to ${endpoint.title} (${endpoint.id}) has an unexpected field \`${field}\`: ${issue?.message ?? 'invalid'}.`,
    hint: 'Nothing was changed by reading it. The console may run a version this app does not know yet; please report it.',
    details: {
      endpoint: endpoint.id,
      what: `${endpoint.title} (${endpoint.id})`,
      said: 'field',
      field,
      issue: issue?.message ?? 'invalid'
    }
  })
}

export function notAnApiResponse(endpoint: EndpointInfo, status: number): AppError {
  return new AppError({
    kind: 'server',
    code: 'UNEXPECTED_RESPONSE',
    message: `The console's answer to ${endpoint.title} (${endpoint.id}) is not an Access API response.`,
    hint: 'Check that the address points at the Access API (port 12445).',
    details: { endpoint: endpoint.id, what: `${endpoint.title} (${endpoint.id})`, said: 'notApi', status }
  })
}

interface RawOptions extends CallOptions {
  params?: Record<string, string>
  query?: Query
  body?: unknown
  /** `text`: the body as a string, parsed once by the caller (see exchange). */
  responseType?: 'text' | 'arraybuffer'
}

/** The body as JSON, or undefined when it is not JSON (then it is not an API answer either). */
function parseJson(data: unknown): unknown {
  if (typeof data !== 'string') return data
  try {
    return JSON.parse(data)
  } catch {
    return undefined
  }
}

/**
 * The HTTP layer of the access client: pinned TLS, bearer token, envelope unwrapping, retries of
 * reads, and the mapping of every failure to an AppError. One instance per connection profile.
 */
export class AccessHttp {
  readonly baseUrl: string
  private readonly agent: https.Agent
  private readonly headers: Record<string, string>
  private readonly timeoutMs: number
  private readonly retryPolicy: RetryPolicy
  private readonly onAttempt?: (event: AttemptEvent) => void
  private readonly onWrite?: WriteRecorder
  private readonly onOutcome?: CallObserver

  constructor(config: AccessHttpConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '')
    this.timeoutMs = config.timeoutMs ?? 15_000
    this.retryPolicy = { ...defaultRetryPolicy, ...config.retry }
    this.onAttempt = config.onAttempt
    this.onWrite = config.onWrite
    this.onOutcome = config.onOutcome
    this.agent = createPinnedAgent(config.pin)
    this.headers = { Authorization: `Bearer ${config.token}`, Accept: 'application/json' }
  }

  /**
   * Send one request and return the answer whatever its HTTP status (we judge every answer
   * ourselves: status and envelope code). Redirects are not followed.
   */
  async raw(endpoint: EndpointInfo, options: RawOptions = {}): Promise<ExchangeResponse> {
    const path = fillPath(endpoint.path, options.params) + encodeQuery(options.query)
    try {
      return await httpsExchange({
        method: endpoint.method,
        url: this.baseUrl + API_PREFIX + path,
        agent: this.agent,
        headers: this.headers,
        body: options.body,
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? this.timeoutMs,
        responseType: options.responseType ?? 'text'
      })
    } catch (err) {
      // Whether the request went out is what tells "nothing sent" from "to check" (lost-answer.ts).
      const error = errorFromTransport(endpoint, this.baseUrl, err)
      const requestWritten = requestWrittenOf(err)
      if (requestWritten === undefined) throw error
      const data = error.toData()
      throw new AppError({ ...data, details: { ...data.details, requestWritten } })
    }
  }

  /** Every call goes through here: its outcome, once over, is told to the observer. */
  private async policy<T>(
    endpoint: EndpointInfo,
    signal: AbortSignal | undefined,
    attempt: () => Promise<T>,
    call: Omit<WriteCall, 'endpoint'> = {}
  ): Promise<T> {
    let result: T
    const probe = (call as CallOptions).probe === true ? { probe: true } : {}
    try {
      result = await this.attempts(endpoint, signal, attempt, call)
    } catch (err) {
      const error = AppError.from(err)
      this.observe({ endpoint, error, ...probe })
      throw error
    }
    this.observe({ endpoint, ...probe })
    return result
  }

  private observe(outcome: Parameters<CallObserver>[0]): void {
    try {
      this.onOutcome?.(outcome)
    } catch {
      // The observer's trouble is not the caller's: the console's answer stands.
    }
  }

  /**
   * Run `attempt` once, or — for a GET — with retries. Purchase, create, import, assign and delete
   * are never repeated here: the first try may have taken effect.
   */
  private async attempts<T>(
    endpoint: EndpointInfo,
    signal: AbortSignal | undefined,
    attempt: () => Promise<T>,
    call: Omit<WriteCall, 'endpoint'>
  ): Promise<T> {
    const observed = async (n: number) => {
      const started = performance.now()
      try {
        const result = await attempt()
        this.onAttempt?.({
          endpoint: endpoint.id,
          method: endpoint.method,
          attempt: n,
          ms: performance.now() - started
        })
        return result
      } catch (err) {
        const e = AppError.from(err)
        this.onAttempt?.({
          endpoint: endpoint.id,
          method: endpoint.method,
          attempt: n,
          status: typeof e.details?.status === 'number' ? e.details.status : undefined,
          errorKind: e.kind,
          ms: performance.now() - started
        })
        throw e
      }
    }
    if (endpoint.method === 'GET') return withRetry(observed, { policy: this.retryPolicy, signal })
    // On record before it is sent, and its answer on record before the caller sees it.
    const answered = await this.onWrite?.before({ endpoint, ...call })
    const rowId = answered?.rowId
    if (rowId) await (call as CallOptions).recorded?.(rowId).catch(() => undefined)
    let result: T
    try {
      result = await observed(1)
    } catch (err) {
      // A write whose answer was lost may have been done: the person is told to look before trying again.
      // Not a probe's (permission-probe.ts): nobody asked for it, and it changes nothing worth looking for.
      const error =
        (call as CallOptions).probe === true ? AppError.from(err) : adviseLostWrite(AppError.from(err), endpoint)
      await this.recordAnswer(call, answered, { ok: false, error })
      throw error
    }
    await this.recordAnswer(call, answered, { ok: true, result })
    return result
  }

  /**
   * A write's answer on record: the caller's own record first (CallOptions.answered), then the audit's.
   * One order for every write, so the audit's row never says an answer its caller's record lacks.
   */
  private async recordAnswer(
    call: Omit<WriteCall, 'endpoint'>,
    audit: RecordedWrite | undefined,
    answer: WriteAnswer
  ): Promise<void> {
    try {
      await (call as CallOptions).answered?.(answer, audit?.rowId)
    } catch {
      // The caller's trouble is its own (it keeps its error): the console's answer stands for the audit.
    }
    await audit?.(answer)
  }

  /** One exchange: the HTTP status and the parsed envelope (thrown: transport failures, non-API bodies). */
  private async exchange(
    spec: RequestSpec<DataSpec>
  ): Promise<{ status: number; body: ConsoleEnvelope; headers: Record<string, unknown> }> {
    const response = await this.raw(spec.endpoint, spec)
    const headers = response.headers as Record<string, unknown>
    const envelope = envelopeSchema.safeParse(parseJson(response.data))
    if (!envelope.success) {
      if (response.status >= 400) throw errorFromResponse(spec.endpoint, response.status, undefined, headers)
      throw notAnApiResponse(spec.endpoint, response.status)
    }
    return { status: response.status, body: envelope.data, headers }
  }

  private parseData<S extends DataSpec>(spec: RequestSpec<S>, body: ConsoleEnvelope): Reply<DataOf<S>> {
    const reader: DataSpec = spec.data
    if (isDataReader(reader)) {
      try {
        return { data: reader.read(body.data) as DataOf<S>, pagination: body.pagination }
      } catch (err) {
        if (err instanceof DataIssue) throw describeParseError(spec.endpoint, err)
        throw err
      }
    }
    const data = reader.safeParse(body.data)
    if (!data.success) throw describeParseError(spec.endpoint, data.error.issues[0])
    return { data: data.data as DataOf<S>, pagination: body.pagination }
  }

  async request<S extends DataSpec>(spec: RequestSpec<S>): Promise<Reply<DataOf<S>>> {
    return this.policy(
      spec.endpoint,
      spec.signal,
      async () => {
        const { status, body, headers } = await this.exchange(spec)
        if (status >= 400 || body.code !== SUCCESS) throw errorFromResponse(spec.endpoint, status, body, headers)
        return this.parseData(spec, body)
      },
      spec
    )
  }

  /**
   * Like request(), but the listed console codes are answers, not failures, whatever the HTTP
   * status (the enrollment poll says "no card yet" this way, facts 6.1).
   */
  async requestOrCode<S extends DataSpec, C extends string>(
    spec: RequestSpec<S>,
    codes: readonly C[]
  ): Promise<{ code: typeof SUCCESS; data: DataOf<S> } | { code: C }> {
    return this.policy(
      spec.endpoint,
      spec.signal,
      async () => {
        const { status, body, headers } = await this.exchange(spec)
        if ((codes as readonly string[]).includes(body.code)) return { code: body.code as C }
        if (status >= 400 || body.code !== SUCCESS) throw errorFromResponse(spec.endpoint, status, body, headers)
        return { code: SUCCESS, data: this.parseData(spec, body).data }
      },
      spec
    )
  }

  /**
   * A binary answer (E15). `accept` recognises the expected bytes; anything else is read as the
   * console's JSON error envelope (facts 6.4).
   */
  async bytes(
    endpoint: EndpointInfo,
    options: Omit<RawOptions, 'responseType'> & { accept: (bytes: Uint8Array) => boolean }
  ): Promise<Uint8Array> {
    return this.policy(endpoint, options.signal, async () => {
      const response = await this.raw(endpoint, { ...options, responseType: 'arraybuffer' })
      const headers = response.headers as Record<string, unknown>
      const bytes = response.data as Uint8Array
      if (response.status < 400 && options.accept(bytes)) return bytes
      let json: unknown
      try {
        json = JSON.parse(new TextDecoder().decode(bytes))
      } catch {
        json = undefined
      }
      const envelope = envelopeSchema.safeParse(json)
      if (envelope.success && envelope.data.code !== SUCCESS) {
        throw errorFromResponse(endpoint, response.status, envelope.data, headers)
      }
      if (response.status >= 400) throw errorFromResponse(endpoint, response.status, undefined, headers)
      throw notTheFile(endpoint, response.status, bytes.length)
    })
  }

  /** Close pooled sockets (a profile switched or removed). */
  destroy(): void {
    this.agent.destroy()
  }
}
