import { z } from 'zod'
import { channel, noInput, itemsOf } from '../define'
import { deviceSchema } from '../../access/devices'
import { doorGroupSchema, doorSchema, doorGroupTopologySchema } from '../../access/doors'

/** The site as the console describes it: devices, doors, door groups and their topology. */
export const siteChannels = {
  'sites.devices': channel(
    'Every device of the site, each once, with whether it can enroll cards (§8.1)',
    noInput,
    itemsOf(deviceSchema)
  ),
  'sites.topology': channel(
    'Door groups with their floors and doors (§7.1), the source of visitor resources',
    noInput,
    z.object({ groups: z.array(doorGroupTopologySchema) })
  ),
  'sites.doors': channel('Every door of the site (§7.8)', noInput, itemsOf(doorSchema)),
  'sites.doorGroups': channel(
    'The custom door groups (§7.5; the all-doors group is in the topology)',
    noInput,
    itemsOf(doorGroupSchema)
  )
}

export const siteEvents = {} satisfies Record<string, z.ZodType>
