import type { DoorGroupTopology } from '../../../shared/access/doors'
import { AppError } from '../../../shared/errors'
import { getApi } from '../lib/api'
import { onConsoleSwitch } from './console-scope'

export interface DoorChoice {
  id: string
  name: string
  floor: string
}

/** The site's door groups and doors (topology), loaded once and shared by the pickers. */
export class SitesStore {
  groups = $state.raw<DoorGroupTopology[]>([])
  loaded = $state(false)
  loading = $state(false)
  error = $state<AppError | null>(null)

  /** Every door once, with its floor, from whichever group lists it. */
  doors = $derived.by(() => {
    const seen: Record<string, DoorChoice> = {}
    for (const group of this.groups)
      for (const floor of group.floors)
        for (const door of floor.doors) seen[door.id] ??= { id: door.id, name: door.name, floor: floor.name }
    return Object.values(seen)
  })

  /** Another console: its doors are not this one's. */
  reset(): void {
    this.groups = []
    this.loaded = false
    this.error = null
  }

  async load(force = false): Promise<void> {
    if ((this.loaded && !force) || this.loading) return
    this.loading = true
    this.error = null
    try {
      this.groups = (await getApi().sites.topology()).groups
      this.loaded = true
    } catch (err) {
      this.error = AppError.from(err)
    } finally {
      this.loading = false
    }
  }
}

export const sites = new SitesStore()
onConsoleSwitch('sites', () => sites.reset())
