import { z } from 'zod'

/**
 * Devices (§8.1, facts 3.14 and 6.3). `data` is an array of arrays; live objects carry more than
 * the four documented fields, and no field says "reader": capabilities decide, then the type.
 */
export const rawDeviceSchema = z.object({
  id: z.string().min(1),
  name: z.string().default(''),
  type: z.string().default(''),
  alias: z.string().default(''),
  capabilities: z.array(z.string()).nullish(),
  connected_uah_id: z.string().nullish(),
  location_id: z.string().nullish(),
  is_online: z.boolean().nullish(),
  is_adopted: z.boolean().nullish(),
  is_connected: z.boolean().nullish()
})
export type RawDevice = z.infer<typeof rawDeviceSchema>

/** The answer's shape: groups of devices; a flat device in the outer array is read too. */
export const deviceGroupsSchema = z.array(z.union([z.array(rawDeviceSchema), rawDeviceSchema]))

/** Reader models that can enroll NFC cards, used only when a device has no `capabilities`. */
export const defaultReaderTypes: readonly string[] = ['UA-G3', 'UA-G2-PRO', 'UA-G2-MINI', 'UDA-LITE']

export const deviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  alias: z.string(),
  capabilities: z.array(z.string()).nullable(),
  /** Door the device is bound to (live `location_id`), for naming a reader after its door. */
  doorId: z.string().nullable(),
  hubId: z.string().nullable(),
  isReader: z.boolean(),
  /** Unknown (older consoles do not say) counts as online, so no reader is hidden. */
  online: z.boolean(),
  adopted: z.boolean()
})
export type Device = z.infer<typeof deviceSchema>

const readerCapabilities = ['is_reader', 'identity_is_reader']

/** Facts 6.3: capabilities first (reader wins over hub), then the type allow-list. */
function isReaderDevice(device: Pick<RawDevice, 'capabilities' | 'type'>, readerTypes = defaultReaderTypes): boolean {
  if (device.capabilities) return device.capabilities.some((c) => readerCapabilities.includes(c))
  const type = device.type.toUpperCase()
  return readerTypes.some((t) => t.toUpperCase() === type)
}

function toDevice(raw: RawDevice, readerTypes = defaultReaderTypes): Device {
  return {
    id: raw.id,
    name: raw.name,
    type: raw.type,
    alias: raw.alias,
    capabilities: raw.capabilities ?? null,
    doorId: raw.location_id || null,
    hubId: raw.connected_uah_id || null,
    isReader: isReaderDevice(raw, readerTypes),
    online: raw.is_online ?? raw.is_connected ?? true,
    adopted: raw.is_adopted ?? true
  }
}

/** Flatten the groups and keep each device once (the same device can sit in several groups). */
export function flattenDevices(groups: z.infer<typeof deviceGroupsSchema>, readerTypes = defaultReaderTypes): Device[] {
  const seen = new Map<string, Device>()
  for (const group of groups) {
    for (const raw of Array.isArray(group) ? group : [group]) {
      if (!seen.has(raw.id)) seen.set(raw.id, toDevice(raw, readerTypes))
    }
  }
  return [...seen.values()]
}
