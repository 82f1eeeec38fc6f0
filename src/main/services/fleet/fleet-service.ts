import { AppError } from '../../../shared/errors'
import type { ProfileSummary } from '../../../shared/connections'
import type { FleetConsole, FleetFound } from '../../../shared/fleet/schemas'
import type { Emit } from '../events'
import { eachConsole } from './each-console'
import { readConsole, unreadConsole, type ArrivedCounts, type OverviewDeps } from './console-overview'
import { findOnConsole, readQuery } from './find-records'

/** A console's read for the Consoles screen: a far one still answers in time (8 probes, a few counts). */
export const CONSOLE_READ_TIMEOUT_MS = 10_000
/** A find reads every person and visitor (and, for a card, every card: 20,000 on a large site). */
export const FIND_TIMEOUT_MS = 20_000

export interface FleetDeps extends OverviewDeps {
  /** Every saved console, in the saved order. */
  profiles: () => Promise<ProfileSummary[]>
  emit: Emit
  timeouts?: { readMs?: number; findMs?: number }
}

/**
 * Every saved console at once, for the Consoles screen and find across consoles. Each console is
 * asked concurrently with its own time limit (each-console.ts), and each answer is pushed as soon
 * as it comes (`fleet.console`, `fleet.found`): a slow or dead console never delays the others.
 * The channel answers with every console once all answered or ran out of time, in the saved order.
 */
export class FleetService {
  constructor(private readonly deps: FleetDeps) {}

  async consoles(requestId: string): Promise<FleetConsole[]> {
    const profiles = await this.deps.profiles()
    const read = new Map<string, FleetConsole>()
    // Each console's counts as they arrive: a console that stops answering half-way keeps those it gave.
    const arrived = new Map(profiles.map((p) => [p.id, {} as ArrivedCounts]))
    const outcomes = eachConsole(
      profiles,
      (profile, signal, heard) => readConsole(profile, this.deps, signal, heard, arrived.get(profile.id)),
      { timeoutMs: this.deps.timeouts?.readMs ?? CONSOLE_READ_TIMEOUT_MS }
    )
    for await (const outcome of outcomes) {
      // Only a console that stopped answering keeps what it gave before (one that refused the token did not answer).
      const kept = !outcome.ok && outcome.error.code === 'CONSOLE_TIMEOUT' ? arrived.get(outcome.console.id) : {}
      const console = outcome.ok
        ? outcome.result
        : await unreadConsole(outcome.console, new AppError(outcome.error), this.deps, kept)
      read.set(console.profileId, console)
      this.deps.emit('fleet.console', { requestId, console })
    }
    return profiles.map((p) => read.get(p.id)!)
  }

  async find(requestId: string, text: string): Promise<FleetFound[]> {
    const profiles = await this.deps.profiles()
    const query = readQuery(text)
    const found = new Map<string, FleetFound>()
    const outcomes = eachConsole(
      profiles,
      async (profile, signal) => findOnConsole(await this.deps.client(profile.id), query, signal),
      { timeoutMs: this.deps.timeouts?.findMs ?? FIND_TIMEOUT_MS }
    )
    for await (const outcome of outcomes) {
      const { id: profileId, name } = outcome.console
      const result: FleetFound = outcome.ok
        ? { profileId, name, ok: true, ...outcome.result }
        : { profileId, name, ok: false, error: outcome.error }
      found.set(profileId, result)
      this.deps.emit('fleet.found', { requestId, found: result })
    }
    return profiles.map((p) => found.get(p.id)!)
  }
}
