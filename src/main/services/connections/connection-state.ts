import type { ConsoleReach } from '../../../shared/connections'
import { extraOnlyKeys } from '../../../shared/access/permissions'
import shellEn from '../../../shared/i18n/messages/shell/en.json'
import { Translator } from '../../../shared/i18n/translator'
import type { CallVerdict, DownState } from './call-verdict'
import type { AppErrorData } from '../../../shared/errors'

/** The connection states' words as the sidebar's English says them (main's own sentences are English). */
const stateWords = new Translator('en', shellEn)

/**
 * Keys that only turn on an extra, used by no job (shared/access/permissions.ts `extraOnlyKeys`): the
 * only keys a token check may find missing without the sidebar naming them. Every other key it finds
 * missing is named, so the sidebar and Settings' list never disagree (view:device is Enroll's too).
 */
const EXTRA_KEYS: ReadonlySet<string> = new Set(extraOnlyKeys)

/** One profile's connection, as its calls found it. */
interface ProfileConnection {
  /** Bumped by a new token or certificate: verdicts of calls made before are not this token's. */
  generation: number
  /**
   * Permission keys whose latest told answer was a refusal (403): a later success of a call needing
   * the key takes it out, and a failure of the connection (nothing can be told) empties it.
   */
  missing: Set<string>
  /** The last failure of the connection itself; any answer of the console clears it. */
  /** `byCheck`: the check's own outcome (see checked), `advice` what to do then (main's words). */
  down: { state: DownState; message: string; byCheck?: true; advice?: string; checkError?: AppErrorData } | null
  /** What was last said to the screens (null: nothing yet for this token). */
  said: ConsoleReach | null
  /** When the console last answered (0: not yet). */
  answeredAt: number
}

/**
 * The connection state of each profile, fed with the verdict of every call (call-verdict.ts). It
 * has no timer and debounces nothing: each verdict applies at once, and the screens are told only
 * when the state or the missing keys change (a page of 500 reads says "Answering with errors" once).
 * - An answer (any success) ends a failure: back to Connected, or Missing permissions while a
 *   refused key has not been proved held since.
 * - Each key follows the latest answer that concerns it: a 403 adds its call's key to the missing
 *   ones; a later success of a call needing that key (or a token check finding it held) removes it.
 *   A failure of the connection (5xx, no answer, token refused, another certificate) makes every key
 *   not known, never missing: a later success of another call does not bring the old 403s back.
 * - A verdict about one action (404, input refused…) changes nothing.
 */
export class ConnectionStates {
  private readonly profiles = new Map<string, ProfileConnection>()

  constructor(
    private readonly deps: {
      emit: (reach: ConsoleReach) => void
      now?: () => number
    }
  ) {}

  private of(profileId: string): ProfileConnection {
    let profile = this.profiles.get(profileId)
    if (!profile) {
      profile = { generation: 0, missing: new Set(), down: null, said: null, answeredAt: 0 }
      this.profiles.set(profileId, profile)
    }
    return profile
  }

  private now(): number {
    return (this.deps.now ?? Date.now)()
  }

  /** The generation a client built now belongs to (see reset). */
  generation(profileId: string): number {
    return this.of(profileId).generation
  }

  /** What was last said of this profile, or null when nothing is known for its current token. */
  current(profileId: string): ConsoleReach | null {
    return this.profiles.get(profileId)?.said ?? null
  }

  /** The keys refused and not proved held since, sorted. */
  missing(profileId: string): string[] {
    return [...(this.profiles.get(profileId)?.missing ?? [])].sort()
  }

  /** When the console last answered this profile's token (0: not since its token or certificate changed). */
  answeredAt(profileId: string): number {
    return this.profiles.get(profileId)?.answeredAt ?? 0
  }

  /**
   * A new token or certificate (or the profile removed): what the old one met no longer holds, and
   * verdicts of calls made with it are ignored. Nothing is said until the next verdict.
   */
  reset(profileId: string): void {
    const generation = this.of(profileId).generation + 1
    this.profiles.set(profileId, { generation, missing: new Set(), down: null, said: null, answeredAt: 0 })
  }

  /** One call's verdict, made with the token of `generation`. */
  record(profileId: string, generation: number, verdict: CallVerdict): void {
    const profile = this.of(profileId)
    if (generation !== profile.generation || verdict.kind === 'action') return
    if (verdict.kind === 'down') {
      // What to do goes with the state (the sidebar says it once, for every screen's notice).
      profile.down = {
        state: verdict.state,
        message: verdict.message,
        ...(verdict.advice ? { advice: verdict.advice } : {}),
        ...(verdict.error ? { checkError: verdict.error } : {})
      }
      // While the connection fails no key can be told, and the console may be changed meanwhile (keys
      // given back, as a desk does when it sees "Missing permissions"): the 403s met before are no
      // longer the keys' last word. They are not known, never said missing again by a later success
      // of another call; the check that runs when the console answers again (console-reach.ts) tells them.
      profile.missing.clear()
    } else {
      profile.down = null
      profile.answeredAt = this.now()
      if (verdict.key && verdict.kind === 'answered') profile.missing.delete(verdict.key)
      if (verdict.key && verdict.kind === 'missing') profile.missing.add(verdict.key)
    }
    this.say(profileId, profile)
  }

  /**
   * The check itself (Check again, the check at start or by itself) found the connection failing: said
   * as the check — "Checking the console: token refused." and what to do — never as the first call that
   * met the state (a card read the person did not make), and said with this check's time even when the
   * state is the same, so the sidebar's "Checked again at …: still …" stands beside its own reason.
   */
  checked(profileId: string, generation: number, verdict: CallVerdict, error?: AppErrorData): void {
    const hint = error?.hint
    const profile = this.of(profileId)
    if (generation !== profile.generation) return
    if (verdict.kind !== 'down') {
      this.record(profileId, generation, verdict)
      return
    }
    const what = `Checking the console: ${stateWords.t(`reach.${verdict.state}`).toLowerCase()}.`
    // The English sentence for the CLI and the logs; the facts for the screens' words (reach-words.svelte.ts).
    profile.down = {
      state: verdict.state,
      message: hint ? `${what} ${hint}` : what,
      byCheck: true,
      ...(hint ? { advice: hint } : {}),
      ...(error ? { checkError: error } : {})
    }
    profile.missing.clear() // as any failure of the connection: no key can be told (see record)
    this.say(profileId, profile, true)
  }

  /**
   * A token check found each key held, missing or not known (the probes of Settings' Test connection
   * and of Check again, a token saved or replaced): the missing keys are exactly those it found
   * missing; a key it could not tell is not known, never missing. A check that could tell no key
   * (every probe met an error) proves nothing about the token, but says the console answers with
   * errors: never made Connected.
   */
  known(
    profileId: string,
    generation: number,
    permissions: { key: string; status: string }[],
    /** The keys counted missing before the check's own probes were made (they feed this state too). */
    missingBefore?: readonly string[],
    /** The check of console-reach.ts (Check again): its outcome is said with its time (see checked). */
    byCheck = false
  ): void {
    const profile = this.of(profileId)
    const refused = new Set(missingBefore ?? profile.missing)
    if (generation !== profile.generation) return
    if (!permissions.some((p) => p.status !== 'unknown')) {
      // Every probe met an error: nothing is proved about the token, but the console is answering with
      // errors, as Settings then says — never left saying Connected beside it.
      profile.down = { state: 'trouble', message: 'The console answered every check of the token with an error.' }
      profile.missing = new Set()
      this.say(profileId, profile, byCheck)
      return
    }
    profile.down = null
    profile.answeredAt = this.now()
    // A key that only turns on an extra (Today's live updates) is said where the extra is, and in
    // Settings' list; it is the connection's missing key only while a job's call was refused for it.
    profile.missing = new Set(
      permissions
        .filter((p) => p.status === 'missing' && (!EXTRA_KEYS.has(p.key) || refused.has(p.key)))
        .map((p) => p.key)
    )
    this.say(profileId, profile)
  }

  /** Tell the screens, only when the state or the missing keys changed (`always`: a check's own outcome). */
  private say(profileId: string, profile: ProfileConnection, always = false): void {
    const next = reachOf(profileId, profile, this.now())
    const said = profile.said
    const same = said && said.state === next.state && (said.missing ?? []).join() === (next.missing ?? []).join()
    if (same && !always) return
    profile.said = next
    this.deps.emit(next)
  }
}

function reachOf(profileId: string, profile: ProfileConnection, checkedAt: number): ConsoleReach {
  if (profile.down) {
    const { state, message, byCheck, advice, checkError } = profile.down
    return {
      profileId,
      state,
      checkedAt,
      message,
      ...(byCheck && { byCheck }),
      ...(advice !== undefined && { advice }),
      ...(checkError !== undefined && { checkError })
    }
  }
  const missing = [...profile.missing].sort()
  if (missing.length === 0) return { profileId, state: 'reachable', checkedAt }
  return { profileId, state: 'permissions', checkedAt, missing, message: missingMessage(missing) }
}

/** What the missing keys mean and what to do, short enough for the sidebar (the screens say where keys are made). */
function missingMessage(keys: string[]): string {
  const them = keys.length === 1 ? 'it' : 'them'
  return `The API token lacks ${keys.join(', ')}. Add ${them} to the token on the console, or use Change token… in Settings.`
}
