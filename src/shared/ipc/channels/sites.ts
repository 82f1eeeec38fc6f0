import { z } from 'zod'
import { channel, noInput } from '../define'
import { deviceSchema } from '../../access/devices'
import { doorGroupSchema, doorSchema, doorGroupTopologySchema } from '../../access/doors'

/** The site as the console describes it: devices, doors, door groups and their topology. */
export const siteChannels = {
  'sites.devices': channel(
    'Every device of the site, each once, with whether it can enroll cards (§8.1)',
    noInput,
    z.object({ items: z.array(deviceSchema) })
  ),
  'sites.topology': channel(
    'Door groups with their floors and doors (§7.1), the source of visitor resources',
    noInput,
    z.object({ groups: z.array(doorGroupTopologySchema) })
  ),
  'sites.doors': channel('Every door of the site (§7.8)', noInput, z.object({ items: z.array(doorSchema) })),
  'sites.doorGroups': channel(
    'The custom door groups (§7.5; the all-doors group is in the topology)',
    noInput,
    z.object({ items: z.array(doorGroupSchema) })
  )
}

export const siteEvents = {} satisfies Record<string, z.ZodType>
