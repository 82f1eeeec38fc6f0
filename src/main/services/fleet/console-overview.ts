import { AppError } from '../../../shared/errors'
import { freeToGive } from '../../../shared/access/touch-passes'
import type { ConsoleReach, ProfileSummary, TokenCheck } from '../../../shared/connections'
import type { FleetConsole, FleetCount } from '../../../shared/fleet/schemas'
import type { AccessClient } from '../access/client'
import { verdictOf } from '../connections/call-verdict'
import { localDay, touchesDay } from '../today/desk-day'
import { versionBand } from './version-band'

/** What reading one console needs from the app (app-services.ts gives the real ones). */
export interface OverviewDeps {
  /**
   * Settings' Test connection on a saved console (Connections.test): the one permission probe
   * (keyStatuses), whose verdicts feed that console's connection state.
   */
  test: (profileId: string) => Promise<TokenCheck>
  /** The profile's access client: each of its calls feeds the profile's connection state too. */
  client: (profileId: string) => Promise<AccessClient>
  /** The profile's connection state as last said (ConsoleReachCheck.stateOf). */
  stateOf: (profileId: string) => ConsoleReach | null
  /** This desk's import batches uploaded to the profile that are not wholly on it. */
  batchesNotUploaded: (profileId: string) => Promise<number>
  now?: () => Date
  /** The desk's time zone as its screens name it (desk-day.ts DeskZone): "visitors today" are of the desk's day. */
  timeZone?: () => string | undefined
}

/** A count, or the reason it could not be read (said on its cell: a key missing, a console too old…). */
async function count(read: () => Promise<number>): Promise<FleetCount> {
  try {
    return { value: await read() }
  } catch (err) {
    return { error: AppError.from(err).toData() }
  }
}

/** The counts a read got before it ended: kept for a console that stopped answering half-way. */
export type ArrivedCounts = Partial<Pick<FleetConsole['counts'], 'cards' | 'passesToGive' | 'visitorsToday'>>

/** A read of the console that says when it is answered (eachConsole's `heard`: the limit counts from there). */
function said<T>(read: Promise<T>, heard: () => void): Promise<T> {
  return read.finally(heard)
}

/**
 * One saved console for the Consoles screen: the token check (permissions, and the connection state
 * it sets) and the counts are read at once, so a console far away costs the longest of them, not
 * their sum. A console that cannot be asked (the token check throws: no answer, token refused,
 * another certificate) throws that, and its count reads are stopped.
 */
export async function readConsole(
  profile: ProfileSummary,
  deps: OverviewDeps,
  signal: AbortSignal,
  heard: () => void = () => undefined,
  /** Filled in as each count arrives (the caller keeps them if the console then stops answering). */
  arrived: ArrivedCounts = {}
): Promise<FleetConsole> {
  const started = Date.now()
  const keep =
    (key: keyof ArrivedCounts) =>
    (value: FleetCount): FleetCount =>
      (arrived[key] = value)
  const reads = new AbortController()
  const stop = () => reads.abort()
  signal.addEventListener('abort', stop, { once: true })
  try {
    const client = await deps.client(profile.id)
    const now = (deps.now ?? (() => new Date()))()
    const day = localDay(now, deps.timeZone?.())
    const options = { signal: reads.signal }
    const counted = Promise.all([
      said(
        count(async () => (await client.nfcCards.list({ page: 1, pageSize: 1 }, options)).total).then(keep('cards')),
        heard
      ),
      said(
        count(async () => (await client.touchPasses.assignable(options)).filter(freeToGive).length).then(
          keep('passesToGive')
        ),
        heard
      ),
      said(
        count(async () => (await client.visitors.all(options)).filter((v) => touchesDay(v, day)).length).then(
          keep('visitorsToday')
        ),
        heard
      ),
      said(
        versionBand(client.http, reads.signal).catch(() => null),
        heard
      )
    ])
    // Counted here, not later: a failing check must not leave a rejection nobody listens to.
    counted.catch(() => undefined)
    let check: TokenCheck
    try {
      check = await said(deps.test(profile.id), heard)
    } catch (err) {
      stop()
      throw err
    }
    const [cards, passesToGive, visitorsToday, version] = await counted
    return {
      ...identity(profile),
      reach: deps.stateOf(profile.id) ?? reachOf(profile.id, undefined),
      version,
      permissions: check.permissions,
      counts: { cards, passesToGive, visitorsToday, batchesNotUploaded: await deps.batchesNotUploaded(profile.id) },
      answeredInMs: Date.now() - started,
      readAt: Date.now()
    }
  } finally {
    signal.removeEventListener('abort', stop)
  }
}

/**
 * A console that could not be read: the reason, and the connection state that reason means by the
 * app's one classification (call-verdict.ts) — "Not answering" for a console past its time limit.
 * The counts that arrived before it stopped answering are kept (`arrived`), the others not known.
 */
export async function unreadConsole(
  profile: ProfileSummary,
  error: AppError,
  deps: Pick<OverviewDeps, 'batchesNotUploaded'>,
  arrived: ArrivedCounts = {}
): Promise<FleetConsole> {
  return {
    ...identity(profile),
    reach: reachOf(profile.id, error),
    error: error.toData(),
    version: null,
    permissions: null,
    counts: {
      cards: arrived.cards ?? null,
      passesToGive: arrived.passesToGive ?? null,
      visitorsToday: arrived.visitorsToday ?? null,
      batchesNotUploaded: await deps.batchesNotUploaded(profile.id).catch(() => 0)
    },
    readAt: Date.now()
  }
}

function identity(profile: ProfileSummary) {
  return { profileId: profile.id, name: profile.name, url: profile.url, demo: profile.demo }
}

/** The state one outcome puts a console in (verdictOf: the classification every call of the app goes through). */
function reachOf(profileId: string, error: AppError | undefined): ConsoleReach {
  const checkedAt = Date.now()
  const verdict = verdictOf({ error })
  if (verdict.kind === 'down') return { profileId, state: verdict.state, checkedAt, message: verdict.message }
  if (verdict.kind === 'missing')
    return {
      profileId,
      state: 'permissions',
      checkedAt,
      message: verdict.message,
      missing: verdict.key ? [verdict.key] : []
    }
  if (verdict.kind === 'answered') return { profileId, state: 'reachable', checkedAt }
  // Stopped, or a limit on requests: nothing was learnt of the connection; said as errors, with the reason.
  return { profileId, state: 'trouble', checkedAt, message: error?.message ?? 'The console could not be read.' }
}
