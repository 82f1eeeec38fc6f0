import { endpoints } from '../../../shared/access/endpoints'
import {
  doorGroupSchema,
  doorGroupTopologyAnswerSchema,
  doorSchema,
  isAutomaticGroup,
  type Door,
  type DoorGroup,
  type DoorGroupTopology
} from '../../../shared/access/doors'
import type { Visitor } from '../../../shared/access/visitors'
import type { AccessHttp, CallOptions } from './http'
import { listOf } from './list-answer'

/** Doors and door groups (§7.1, §7.3, §7.5, §7.8): the visitor resources picker. */
export function doors(http: AccessHttp) {
  return {
    /** §7.1: every group (the building group too) with its floors and doors. */
    async topology(options: CallOptions = {}): Promise<DoorGroupTopology[]> {
      const reply = await http.request({
        endpoint: endpoints.doorGroupsTopology,
        data: listOf(doorGroupTopologyAnswerSchema),
        ...options
      })
      return reply.data
    },

    /** §7.3: one group with its doors, by id (the building group and automatic groups too). */
    async group(id: string, options: CallOptions = {}): Promise<DoorGroup> {
      const reply = await http.request({
        endpoint: endpoints.doorGroupFetch,
        params: { id },
        data: doorGroupSchema,
        ...options
      })
      return reply.data
    },

    /** §7.8. */
    async list(options: CallOptions = {}): Promise<Door[]> {
      const reply = await http.request({
        endpoint: endpoints.doorsList,
        data: listOf(doorSchema),
        ...options
      })
      return reply.data
    },

    /** §7.5: custom groups only. */
    async groups(options: CallOptions = {}): Promise<DoorGroup[]> {
      const reply = await http.request({
        endpoint: endpoints.doorGroupsList,
        data: listOf(doorGroupSchema),
        ...options
      })
      return reply.data
    }
  }
}

type Resource = Visitor['resources'][number]

/**
 * A visitor's doors as the user chose them. The console folds doors chosen one by one into an
 * automatic group (facts 2.0) that the topology may not list: such a group is unfolded into its
 * doors (from the topology when it lists the group, else §7.3), so an edit shows them ticked and
 * sends them back one by one. A group that cannot be read stays as the console named it, and is
 * sent back as it is (never dropped).
 */
export async function unfoldVisitorDoors(
  api: Pick<ReturnType<typeof doors>, 'topology' | 'group'>,
  resources: Resource[]
): Promise<Resource[]> {
  if (!resources.some((r) => r.type === 'door_group')) return resources
  const topology = await api.topology().catch(() => null)
  const out: Resource[] = []
  const add = (r: Resource) => {
    if (!out.some((o) => o.id === r.id && o.type === r.type)) out.push(r)
  }
  for (const r of resources) {
    const listed = topology?.find((g) => g.id === r.id)
    const automatic = r.type === 'door_group' && (isAutomaticGroup(r) || (topology !== null && !listed))
    if (!automatic) {
      add(r)
      continue
    }
    if (listed) {
      for (const floor of listed.floors) for (const d of floor.doors) add({ id: d.id, name: d.name, type: 'door' })
      continue
    }
    const group = await api.group(r.id).catch(() => null)
    if (group) for (const d of group.resources) add({ id: d.id, name: d.name, type: 'door' })
    else add(r)
  }
  return out
}
