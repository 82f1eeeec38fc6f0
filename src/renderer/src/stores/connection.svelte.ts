import type { ProfileSummary, TokenCheck } from '../../../shared/connections'
import { getApi } from '../lib/api'

/** The connection profiles and the active one, kept in step with main's `connections.changed`. */
export class ConnectionStore {
  profiles = $state.raw<ProfileSummary[]>([])
  activeId = $state<string | null>(null)
  loaded = $state(false)
  active = $derived(this.profiles.find((p) => p.id === this.activeId) ?? null)
  /**
   * The last check of each profile's token and what was just done to it, shown next to its buttons.
   * Kept here, not in the screen: making a console active remounts the screens. `reveal`: new, to be
   * scrolled into view once.
   */
  results = $state<Record<string, { check?: TokenCheck; notice?: string; reveal?: boolean }>>({})

  async load(): Promise<void> {
    const { profiles, activeId } = await getApi().connections.list()
    this.profiles = profiles
    this.activeId = activeId
    this.loaded = true
  }

  listen(): () => void {
    return getApi().on('connections.changed', () => void this.load())
  }

  async select(id: string): Promise<void> {
    await getApi().connections.select({ id })
    await this.load()
  }
}

export const connection = new ConnectionStore()
