import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { AppError } from '../../../shared/errors'
import type { CertificateInfo, CertificateStatus, ProfileSummary, TokenCheck } from '../../../shared/connections'
import { createAccessClient, type AccessClient } from '../access/client'
import type { CallObserver, WriteRecorder } from '../access/http'
import { probeCertificate, type PinnedCertificate } from '../access/tls-pinning'
import { checkToken } from './token-check'
import { DEMO_TOKEN_SCOPES, type DemoTokenScope } from '../../../shared/connections'
import type { BuiltInConsole, StartDemoConsole } from './demo-starter'
import type { CallOutcome } from './call-verdict'
import type { KeyValueStore } from '../storage/key-value-store'
import type { SecretStore } from './secret-store'
import { profilesFileSchema, type ProfileRecord, type ProfilesFile } from './profiles'
import { sameConsole } from './same-console'
import { savedAs } from '../../../shared/same-console'
import { DEFAULT_CONSOLE_NAME } from '../../../shared/console-name'

export interface ConnectionsDeps {
  store: KeyValueStore
  secrets: SecretStore
  dataDir: string
  onChange?: (activeId: string | null) => void
  /** Starts the built-in demo console (given by the entry: services do not import the demo console). */
  startDemoConsole: StartDemoConsole
  /** Records each write a profile's client makes (the audit journal), given the profile's name and address. */
  /**
   * The audit recorder of a profile's client. `reader` is that client once built: the recorder reads a
   * card, pass or person by id before a write that does not name it (a delete by token), so the row
   * names it as it was.
   */
  recordWrites?: (
    console: { name: string; url: string; id: string },
    reader: () => AccessClient | undefined
  ) => WriteRecorder
  /** The connection state of each profile (console-reach.ts): told of every call and token check. */
  witness?: ConnectionWitness
}

/** What the connection state is told by Connections (ConsoleReachCheck implements it). */
export interface ConnectionWitness {
  /** Observer of every call of a client built now for the profile. */
  observe(profileId: string): CallObserver
  /** A token check's answer; `fresh`: a token just saved or replaced. */
  tokenChecked(profileId: string, check: TokenCheck, fresh: boolean): void
  /** Feeds the outcomes of a call made outside the client (Today's notifications socket). */
  outcomes?(profileId: string): (outcome: CallOutcome) => void
  /** A token check that failed (unreachable, refused, certificate). */
  failed(profileId: string, error: unknown): void
  /** A new certificate or the profile removed. */
  reset(profileId: string): void
}

export interface SaveProfileInput {
  id?: string
  name: string
  url: string
  token?: string
  fingerprint256: string
  allowPlaintextToken?: boolean
}

/**
 * Connection profiles (name, URL, token, pinned certificate), the active one, and an access client
 * per profile. On first start with no profile, the built-in demo console is started in-process and
 * selected, so the app is usable before any real console is configured.
 */
export class Connections {
  private demo: Promise<BuiltInConsole> | undefined
  /** After close(): nothing starts the built-in console or builds a client again (the data folder may be another's). */
  private closed = false
  private readonly clients = new Map<string, AccessClient>()
  /**
   * Clients being built, by profile: callers that race (the Cards screen asks for its cards and its
   * permissions at once) share one build, as building one loads the root certificates (~60 ms).
   */
  private readonly building = new Map<string, Promise<AccessClient>>()
  /** Certificates seen by probe, by fingerprint: save() pins the one the user accepted. */
  private readonly probed = new Map<string, PinnedCertificate>()

  constructor(private readonly deps: ConnectionsDeps) {}

  private read(): ProfilesFile {
    // One read of profiles.json for both keys: this is on the path of every screen's first request.
    const stored = this.deps.store.all()
    const parsed = profilesFileSchema.safeParse({
      profiles: stored['profiles'] ?? [],
      activeId: stored['activeId'] ?? null
    })
    if (parsed.success) return parsed.data
    throw new AppError({
      kind: 'storage',
      code: 'PROFILES_UNREADABLE',
      message: 'The saved connections could not be read.',
      hint: `Check or remove ${join(this.deps.dataDir, 'profiles.json')}; nothing was overwritten.`,
      details: { path: join(this.deps.dataDir, 'profiles.json') }
    })
  }

  private write(file: ProfilesFile): void {
    this.deps.store.set('profiles', file.profiles)
    this.deps.store.set('activeId', file.activeId)
  }

  private summary(record: ProfileRecord, demoUrl?: string): ProfileSummary {
    return {
      id: record.id,
      name: record.name,
      url: record.demo ? (demoUrl ?? 'built-in') : record.url,
      fingerprint256: record.fingerprint256,
      demo: record.demo,
      hasToken: record.tokenStorage !== 'none',
      tokenStorage: record.tokenStorage
    }
  }

  /** Start (once) the built-in demo console, kept in the app's data dir. */
  demoConsole(): Promise<BuiltInConsole> {
    if (this.closed) return Promise.reject(closing())
    this.demo ??= this.deps.startDemoConsole({ dataDir: join(this.deps.dataDir, 'demo-console') }).catch((err) => {
      this.demo = undefined
      throw new AppError({
        kind: 'server',
        code: 'DEMO_CONSOLE_FAILED',
        message: `The built-in demo console could not start: ${(err as Error).message}`
      })
    })
    return this.demo
  }

  /** First start: no profile at all → create and select the demo console. */
  async ensureFirstStart(): Promise<void> {
    const file = this.read()
    if (file.profiles.length > 0) {
      if (file.profiles.find((p) => p.id === file.activeId)?.demo) await this.demoConsole()
      return
    }
    const demo = await this.demoConsole()
    const record: ProfileRecord = {
      id: randomUUID(),
      // The name the person never gave: the desk words it in its language (shared/console-name.ts).
      name: DEFAULT_CONSOLE_NAME,
      // Stryker disable next-line StringLiteral: equivalent, every use reads the demo console's address from the running one (its port moves when the one of last time is taken)
      url: '',
      fingerprint256: demo.fingerprint256,
      // Stryker disable next-line ArrayDeclaration: equivalent, as url (a new certificate at each start)
      certificatePems: [demo.certificatePem],
      demo: true,
      tokenStorage: 'demo'
    }
    this.write({ profiles: [record], activeId: record.id })
    this.deps.onChange?.(record.id)
  }

  async list(): Promise<{ profiles: ProfileSummary[]; activeId: string | null }> {
    const file = this.read()
    const demoUrl = this.demo ? (await this.demo.catch(() => undefined))?.url : undefined
    return { profiles: file.profiles.map((p) => this.summary(p, demoUrl)), activeId: file.activeId }
  }

  async probe(url: string): Promise<CertificateInfo> {
    const { info, pin } = await probeCertificate(url)
    this.probed.set(pin.fingerprint256, pin)
    return info
  }

  /**
   * Add or update a profile. A token given here is proven against the console (with the certificate
   * being pinned) before anything is written: a refused token saves nothing.
   */
  async save(input: SaveProfileInput): Promise<ProfileSummary & { check?: TokenCheck }> {
    const file = this.read()
    const existing = input.id ? file.profiles.find((p) => p.id === input.id) : undefined
    if (input.id && !existing) throw notFound(input.id)
    if (existing?.demo) throw demoReadOnly()
    let pems = existing?.fingerprint256 === input.fingerprint256 ? existing.certificatePems : undefined
    if (!pems) {
      // Pin exactly what the user looked at: probe again and insist on the same fingerprint.
      const seen = this.probed.get(input.fingerprint256) ?? (await probeCertificate(input.url)).pin
      if (seen.fingerprint256 !== input.fingerprint256) throw fingerprintMoved(input.url)
      pems = seen.pems
    }
    // The certificate proven, before the token is tried: the same console saved again would be taken for another.
    const demoFingerprint = this.demo ? (await this.demo.catch(() => undefined))?.fingerprint256 : undefined
    const twin = savedAs(file.profiles, input.fingerprint256, existing?.id, demoFingerprint)
    if (twin) throw sameConsole(twin)
    if (!input.token && !existing) {
      throw new AppError({ kind: 'validation', message: 'Paste the API token for this console.' })
    }
    const url = input.url.replace(/\/+$/, '')
    const check = input.token
      ? await checkToken(
          { url, token: input.token, pin: { fingerprint256: input.fingerprint256, pems } },
          existing ? 'replacement' : 'new'
        )
      : undefined
    const id = existing?.id ?? randomUUID()
    const tokenStorage = input.token
      ? await this.deps.secrets.set(id, input.token, { allowPlaintext: input.allowPlaintextToken })
      : existing!.tokenStorage
    const record: ProfileRecord = {
      id,
      name: input.name,
      url,
      fingerprint256: input.fingerprint256,
      certificatePems: pems,
      demo: false,
      tokenStorage
    }
    this.write({
      profiles: existing ? file.profiles.map((p) => (p.id === id ? record : p)) : [...file.profiles, record],
      activeId: file.activeId ?? id
    })
    this.dropClient(id)
    // A token checked now, or an edit that may have moved address or certificate: the state starts afresh.
    if (check) this.deps.witness?.tokenChecked(id, check, true)
    else this.deps.witness?.reset(id)
    this.probed.clear()
    return check ? { ...this.summary(record), check } : this.summary(record)
  }

  /** Replace a saved profile's token, only once the console accepted the new one (else the old one stays). */
  async changeToken(input: { id: string; token: string; allowPlaintextToken?: boolean }): Promise<TokenCheck> {
    const record = this.read().profiles.find((p) => p.id === input.id)
    if (!record) throw notFound(input.id)
    // The built-in console takes a token too (one of its own, demoTokens): the same check and save.
    const url = record.demo ? (await this.demoConsole()).url : record.url
    const check = await checkToken(
      {
        url,
        token: input.token,
        pin: { fingerprint256: record.fingerprint256, pems: record.certificatePems }
      },
      'replacement'
    )
    const tokenStorage = await this.deps.secrets.set(record.id, input.token, {
      allowPlaintext: input.allowPlaintextToken
    })
    const file = this.read()
    this.write({ ...file, profiles: file.profiles.map((p) => (p.id === record.id ? { ...p, tokenStorage } : p)) })
    this.dropClient(record.id)
    this.deps.witness?.tokenChecked(record.id, check, true)
    return check
  }

  /**
   * The built-in demo console's own tokens, by what they allow (its tokens file): so a desk can see
   * what a view-only token shows, through Change token. Never for a real console: its tokens are
   * the console's, made by its owner.
   */
  async demoTokens(id: string): Promise<{ tokens: { scope: DemoTokenScope; token: string }[] }> {
    const record = this.read().profiles.find((p) => p.id === id)
    if (!record) throw notFound(id)
    if (!record.demo) {
      throw new AppError({
        kind: 'validation',
        code: 'NOT_DEMO_CONSOLE',
        message: 'Only the built-in demo console offers its tokens.',
        hint: "Paste a token made in the console's UniFi Access settings (API Token → Create New)."
      })
    }
    const { tokens } = await this.demoConsole()
    return { tokens: DEMO_TOKEN_SCOPES.map((scope) => ({ scope, token: tokens[scope] })) }
  }

  /** The certificate a saved console presents now, next to the one pinned for it. */
  async certificate(id: string): Promise<CertificateStatus> {
    const record = this.read().profiles.find((p) => p.id === id)
    if (!record) throw notFound(id)
    const url = record.demo ? (await this.demoConsole()).url : record.url
    const presented = await this.probe(url)
    return {
      id,
      pinned: record.fingerprint256,
      presented,
      changed: presented.fingerprint256 !== record.fingerprint256
    }
  }

  /**
   * Pin the certificate a console presents now, after the user compared it (certificate() showed
   * it): the fingerprint must still be the one they looked at. The token is kept.
   */
  async trustCertificate(input: { id: string; fingerprint256: string }): Promise<ProfileSummary> {
    const record = this.read().profiles.find((p) => p.id === input.id)
    if (!record) throw notFound(input.id)
    if (record.demo) throw demoReadOnly()
    const seen = this.probed.get(input.fingerprint256) ?? (await probeCertificate(record.url)).pin
    if (seen.fingerprint256 !== input.fingerprint256) throw fingerprintMoved(record.url)
    const updated: ProfileRecord = { ...record, fingerprint256: seen.fingerprint256, certificatePems: seen.pems }
    const file = this.read()
    this.write({ ...file, profiles: file.profiles.map((p) => (p.id === record.id ? updated : p)) })
    this.dropClient(record.id)
    this.deps.witness?.reset(record.id)
    this.probed.delete(input.fingerprint256)
    return this.summary(updated)
  }

  async select(id: string): Promise<ProfileSummary> {
    const file = this.read()
    const record = file.profiles.find((p) => p.id === id)
    if (!record) throw notFound(id)
    this.write({ ...file, activeId: id })
    const demoUrl = record.demo ? (await this.demoConsole()).url : undefined
    this.deps.onChange?.(id)
    return this.summary(record, demoUrl)
  }

  async remove(id: string): Promise<void> {
    const file = this.read()
    if (!file.profiles.some((p) => p.id === id)) throw notFound(id)
    const profiles = file.profiles.filter((p) => p.id !== id)
    const activeId = file.activeId === id ? (profiles[0]?.id ?? null) : file.activeId
    this.write({ profiles, activeId })
    await this.deps.secrets.delete(id)
    this.dropClient(id)
    this.deps.witness?.reset(id)
    if (file.activeId === id) this.deps.onChange?.(activeId)
  }

  /** The access client of a profile (default: the active one). */
  async client(id?: string): Promise<AccessClient> {
    if (this.closed) throw closing()
    const record = this.record(id)
    const cached = this.clients.get(record.id) ?? this.building.get(record.id)
    if (cached) return cached
    const build: Promise<AccessClient> = this.credentials(record)
      .then((credentials) => {
        // The audit knows the console by its pinned certificate: the same at another address or profile.
        const audited = { name: record.name, url: credentials.baseUrl, id: record.fingerprint256 }
        const recorder = this.deps.recordWrites?.(audited, () => this.clients.get(record.id))
        const onOutcome = this.deps.witness?.observe(record.id)
        const client = createAccessClient({
          ...credentials,
          ...(recorder ? { onWrite: recorder } : {}),
          ...(onOutcome ? { onOutcome } : {})
        })
        // Dropped while it was built (token changed, profile removed): not kept for later callers.
        if (this.building.get(record.id) === build) this.clients.set(record.id, client)
        return client
      })
      .finally(() => {
        if (this.building.get(record.id) === build) this.building.delete(record.id)
      })
    this.building.set(record.id, build)
    return build
  }

  /**
   * Build the active console's client ahead of its first use, in the background. Sends nothing to
   * the console; a failure here (no console chosen, token unreadable) is met again, and shown, by
   * the screen that needs the client.
   */
  prepare(): void {
    this.client().catch(() => undefined)
  }

  /**
   * The active console's address, token and pinned certificate, for a connection the access client
   * does not make (the notifications WebSocket). The token stays in main.
   */
  /**
   * What a call outside the client (Today's notifications socket) needs; `onOutcome` reports what it
   * met to the connection state, as the client's calls do.
   */
  async activeTarget(): Promise<{
    id: string
    baseUrl: string
    token: string
    pin: PinnedCertificate
    onOutcome?: (outcome: CallOutcome) => void
  }> {
    const record = this.record()
    const credentials = await this.credentials(record)
    const onOutcome = this.deps.witness?.outcomes?.(record.id)
    return { id: record.id, ...credentials, ...(onOutcome ? { onOutcome } : {}) }
  }

  private record(id?: string): ProfileRecord {
    const file = this.read()
    const targetId = id ?? file.activeId
    const record = file.profiles.find((p) => p.id === targetId)
    if (record) return record
    if (id) throw notFound(id)
    throw new AppError({
      kind: 'validation',
      code: 'NO_CONNECTION',
      message: 'No console is selected.',
      hint: 'Add or choose a console in Settings → Connections.'
    })
  }

  /** Address, token and pinned certificate of a profile: what a client (or a token check) needs. */
  private async credentials(
    record: ProfileRecord
  ): Promise<{ baseUrl: string; token: string; pin: PinnedCertificate }> {
    let baseUrl = record.url
    let token: string | undefined
    if (record.demo) {
      const demo = await this.demoConsole()
      baseUrl = demo.url
      // Its full token, until another of its tokens was chosen in Change token (kept as any token is).
      token = record.tokenStorage === 'demo' ? demo.tokens.full : await this.deps.secrets.get(record.id)
    } else {
      token = await this.deps.secrets.get(record.id)
    }
    if (!token) {
      throw new AppError({
        kind: 'auth',
        code: 'NO_TOKEN',
        message: `No API token is stored for "${record.name}".`,
        hint: 'Open Settings → Connections and use Change token… on this console.',
        details: { name: record.name }
      })
    }
    return { baseUrl, token, pin: { fingerprint256: record.fingerprint256, pems: record.certificatePems } }
  }

  /** Harmless calls that prove address, certificate and token, and find which permission keys it holds. */
  async test(id?: string): Promise<TokenCheck> {
    const record = this.record(id)
    try {
      const { baseUrl, token, pin } = await this.credentials(record)
      const check = await checkToken({ url: baseUrl, token, pin }, 'saved')
      this.deps.witness?.tokenChecked(record.id, check, false)
      return check
    } catch (err) {
      this.deps.witness?.failed(record.id, err)
      throw err
    }
  }

  private dropClient(id: string): void {
    this.building.delete(id)
    this.clients.get(id)?.close()
    this.clients.delete(id)
  }

  async close(): Promise<void> {
    this.closed = true
    for (const id of [...this.clients.keys()]) this.dropClient(id)
    const demo = this.demo
    this.demo = undefined
    if (demo) await (await demo.catch(() => undefined))?.close()
  }
}

function closing(): AppError {
  return new AppError({ kind: 'storage', code: 'CLOSING', message: 'The app is closing; the change was not made.' })
}

function notFound(id: string): AppError {
  return new AppError({
    kind: 'not-found',
    message: `No connection with id ${id}.`,
    hint: 'Reload the list of connections.'
  })
}

function demoReadOnly(): AppError {
  return new AppError({
    kind: 'validation',
    message: 'The demo console cannot be edited.',
    hint: 'Add a new connection instead.'
  })
}

function fingerprintMoved(url: string): AppError {
  return new AppError({
    kind: 'tls',
    code: 'CERT_CHANGED',
    message: `The certificate of ${url} changed between checking and saving.`,
    hint: 'Check the fingerprint again before trusting it.'
  })
}
