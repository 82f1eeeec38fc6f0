import type { ConsoleReach, ProfileSummary, TokenCheck } from '../../../shared/connections'
import { batchesNotUploaded } from '../../../shared/batches/not-uploaded'
import { getApi, type Api } from '../lib/api'
import { keptOnSwitch, type KeptOnSwitch } from '../lib/draft-kinds'
import { draftsWaiting } from '../lib/drafts-waiting.svelte'
import type { ResultPart } from '../lib/result-words'
import { consoleName } from '../lib/i18n/console-name.svelte'

type Connections = Api['connections']

/** The connection profiles and the active one, kept in step with main's `connections.changed`. */
export class ConnectionStore {
  /** The profiles as main answers them: the built-in console's name as stored (its default, in English). */
  private saved = $state.raw<ProfileSummary[]>([])
  /**
   * The profiles as every screen shows them: each name as the desk says it (lib/i18n/console-name), so the
   * built-in console's default name is in the desk's language on the sidebar, Start, Settings and
   * Consoles alike, and follows a language switch. Set with main's answer.
   */
  private named = $derived(this.saved.map((p) => ({ ...p, name: consoleName(p.name) })))
  get profiles(): ProfileSummary[] {
    return this.named
  }
  set profiles(profiles: ProfileSummary[]) {
    this.saved = profiles
  }
  activeId = $state<string | null>(null)
  loaded = $state(false)
  active = $derived(this.profiles.find((p) => p.id === this.activeId) ?? null)
  /**
   * What the last action in Settings found (a test, a token saved or replaced), next to the console
   * it concerns: one at a time, so a later action, on any console, replaces it, and a switch of
   * console clears it (it belonged to an earlier moment). Kept here, not in the screen: making a
   * console active remounts the screens. `reveal`: new, to be scrolled into view once. `notice` is kept
   * as message keys and values (result-words.ts), worded when drawn: it follows a language switch.
   */
  results = $state<Record<string, { check?: TokenCheck; notice?: ResultPart[]; reveal?: boolean }>>({})
  /**
   * Each console's connection state as main last said it (on change, from every call's answer), by
   * profile: a switch may bring the new one's before the new active id.
   */
  private reaches = $state.raw<Record<string, ConsoleReach>>({})
  /** The active console's connection state: what the sidebar and every screen say of it (null: not known yet). */
  reach = $derived(this.activeId ? (this.reaches[this.activeId] ?? null) : null)
  checking = $state(false)

  /** Show what an action found for this console, in place of any earlier result. */
  showResult(profileId: string, result: { check?: TokenCheck; notice?: ResultPart[] }): void {
    this.results = { [profileId]: { ...result, reveal: true } }
  }

  async load(): Promise<void> {
    const { profiles, activeId } = await getApi().connections.list()
    this.profiles = profiles
    if (this.loaded && activeId !== this.activeId) this.results = {}
    this.activeId = activeId
    this.loaded = true
    // The check main ran at start (or runs now): it may have ended before this tab listened.
    if (activeId) void this.askReach(false)
  }

  listen(): () => void {
    const api = getApi()
    const offChanged = api.on('connections.changed', () => void this.load())
    const offReach = api.on('connections.reach', (reach) => this.keepReach(reach))
    return () => {
      offChanged()
      offReach()
    }
  }

  /** Ask main to check the active console again (main gives a recent good answer instead). */
  recheck(): Promise<void> {
    return this.askReach(true)
  }

  /** Called when the active console's state goes from failing (any state but Connected) to Connected. */
  // Not reactive state: a plain list of callbacks (SvelteSet would make each add a tracked change).
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly backListeners = new Set<() => void>()

  /** Hear the active console come back (Connected after a failing state); returns the function that stops. */
  onBack(listener: () => void): () => void {
    this.backListeners.add(listener)
    return () => this.backListeners.delete(listener)
  }

  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a plain list of callbacks, as backListeners
  private readonly movedListeners = new Set<() => void>()

  /**
   * Hear the active console's failure become another (no answer, then errors to every call; a key
   * missing, then no answer): what a screen's failed read said of it is no longer the state now.
   */
  onOutageMoved(listener: () => void): () => void {
    this.movedListeners.add(listener)
    return () => this.movedListeners.delete(listener)
  }

  private keepReach(reach: ConsoleReach): void {
    const before = this.reaches[reach.profileId]
    this.reaches = { ...this.reaches, [reach.profileId]: reach }
    if (reach.profileId !== this.activeId || before === undefined || before.state === 'reachable') return
    // Back: the reason a screen failed (no answer, errors, a missing key...) is gone; screens read again.
    if (reach.state === 'reachable') for (const listener of this.backListeners) listener()
    // Another failure than the one a screen's read met: its advice would be the old one's.
    else if (reach.state !== before.state) for (const listener of this.movedListeners) listener()
  }

  private async askReach(recheck: boolean): Promise<void> {
    // Only Check again shows "Checking…": the quiet ask after a load must not end its wait early.
    if (recheck) this.checking = true
    try {
      const reach = await getApi().connections.reach(recheck ? { recheck } : undefined)
      if (reach) this.keepReach(reach)
    } catch {
      // Not knowing is shown as nothing; the screens say what fails when they call.
    } finally {
      if (recheck) this.checking = false
    }
  }

  /**
   * Make `id` the active console. Returns what the switch keeps with the console left (its unsaved
   * drafts, lib/draft-kinds, as facts: keptWords says "1 unsaved edit kept with Head office."), or null: every switch that says
   * something says that too, so typing left behind is never put aside in silence.
   */
  async select(id: string): Promise<KeptOnSwitch | null> {
    const left = this.active
    const kept = left && left.id !== id ? keptOnSwitch(left.id, left.name) : null
    await getApi().connections.select({ id })
    await this.load()
    // What is waiting unsaved on the console switched to is said and opened from above every screen.
    if (left?.id !== id) draftsWaiting.noteSwitch(id)
    return kept
  }

  /** The certificate a console presents, read before anything is trusted or saved. */
  probe(url: string): ReturnType<Connections['probe']> {
    return getApi().connections.probe({ url })
  }

  /** Saved only once the console accepted the token; the caller makes it active. */
  save(input: Parameters<Connections['save']>[0]): ReturnType<Connections['save']> {
    return getApi().connections.save(input)
  }

  /** Whether the console now presents another certificate than the pinned one. */
  certificate(id: string): ReturnType<Connections['certificate']> {
    return getApi().connections.certificate({ id })
  }

  test(id: string): ReturnType<Connections['test']> {
    return getApi().connections.test({ id })
  }

  trustCertificate(id: string, fingerprint256: string): ReturnType<Connections['trustCertificate']> {
    return getApi().connections.trustCertificate({ id, fingerprint256 })
  }

  changeToken(input: Parameters<Connections['changeToken']>[0]): ReturnType<Connections['changeToken']> {
    return getApi().connections.changeToken(input)
  }

  /** The built-in demo console's own tokens, by what they allow (main refuses for a real console). */
  demoTokens(id: string): ReturnType<Connections['demoTokens']> {
    return getApi().connections.demoTokens({ id })
  }

  remove(id: string): ReturnType<Connections['remove']> {
    return getApi().connections.remove({ id })
  }

  /** How many Import batches of console `id` are not wholly uploaded (Remove's question names them). */
  async batchesNotUploaded(id: string): Promise<number> {
    const { batches } = await getApi().batches.list()
    return batchesNotUploaded(batches, id)
  }
}

export const connection = new ConnectionStore()
