import type { ProfileSummary } from '../../../shared/connections'
import { getApi } from '../lib/api'

/** The connection profiles and the active one, kept in step with main's `connections.changed`. */
export class ConnectionStore {
  profiles = $state.raw<ProfileSummary[]>([])
  activeId = $state<string | null>(null)
  loaded = $state(false)
  active = $derived(this.profiles.find((p) => p.id === this.activeId) ?? null)

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
