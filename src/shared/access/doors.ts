import { z } from 'zod'

/** Doors and door groups (§7.1, §7.5, §7.8): where visitor `resources` ids come from. */

// A string in the reference's tables, a boolean in its samples.
const flag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')])
  .nullish()
  .transform((b) => b ?? false)

export const doorSchema = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  full_name: z.string().default(''),
  floor_id: z.string().default(''),
  type: z.string().default('door'),
  is_bind_hub: flag,
  door_lock_relay_status: z
    .string()
    .nullish()
    .transform((s) => s || null),
  // null = no position sensor; "" in one sample (facts 3.13).
  door_position_status: z
    .enum(['open', 'close', ''])
    .nullish()
    .transform((s) => s || null)
})
export type Door = z.infer<typeof doorSchema>

const topologyDoorSchema = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  type: z.string().default('door'),
  is_bind_hub: flag
})

const floorSchema = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  type: z.string().default('floor'),
  resources: z
    .array(topologyDoorSchema)
    .nullish()
    .transform((r) => r ?? [])
})

/** A door group with its floors and doors, as the app uses it (what the IPC contract carries). */
export const doorGroupTopologySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `building` = all doors; `access` = a custom group. */
  type: z.string(),
  floors: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      doors: z.array(z.object({ id: z.string(), name: z.string(), isBindHub: z.boolean() }))
    })
  )
})

/** §7.1 as the console answers it (group → resource_topologies → resources), re-shaped. */
export const doorGroupTopologyAnswerSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().default(''),
    type: z.string(),
    resource_topologies: z
      .array(floorSchema)
      .nullish()
      .transform((f) => f ?? [])
  })
  .transform((g): DoorGroupTopology => ({
    id: g.id,
    name: g.name,
    type: g.type,
    floors: g.resource_topologies.map((f) => ({
      id: f.id,
      name: f.name,
      doors: f.resources.map((d) => ({ id: d.id, name: d.name, isBindHub: d.is_bind_hub }))
    }))
  }))
export type DoorGroupTopology = z.infer<typeof doorGroupTopologySchema>

/** §7.5 (custom groups only; the building group is in the topology). */
export const doorGroupSchema = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  type: z.string(),
  resources: z
    .array(z.object({ id: z.string().min(1), name: z.string().default(''), type: z.string().default('door') }))
    .nullish()
    .transform((r) => r ?? [])
})
export type DoorGroup = z.infer<typeof doorGroupSchema>

// Plain, in its own module: the screens import it without this module's schemas (and zod).
export { isAutomaticGroup } from './automatic-group'
