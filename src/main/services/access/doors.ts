import { z } from 'zod'
import { endpoints } from '../../../shared/access/endpoints'
import {
  doorGroupSchema,
  doorGroupTopologyAnswerSchema,
  doorSchema,
  type Door,
  type DoorGroup,
  type DoorGroupTopology
} from '../../../shared/access/doors'
import type { AccessHttp, CallOptions } from './http'

/** Doors and door groups (§7.1, §7.5, §7.8): the visitor resources picker. */
export function doors(http: AccessHttp) {
  return {
    /** §7.1: every group (the building group too) with its floors and doors. */
    async topology(options: CallOptions = {}): Promise<DoorGroupTopology[]> {
      const reply = await http.request({
        endpoint: endpoints.doorGroupsTopology,
        data: z
          .array(doorGroupTopologyAnswerSchema)
          .nullish()
          .transform((d) => d ?? []),
        ...options
      })
      return reply.data
    },

    /** §7.8. */
    async list(options: CallOptions = {}): Promise<Door[]> {
      const reply = await http.request({
        endpoint: endpoints.doorsList,
        data: z
          .array(doorSchema)
          .nullish()
          .transform((d) => d ?? []),
        ...options
      })
      return reply.data
    },

    /** §7.5: custom groups only. */
    async groups(options: CallOptions = {}): Promise<DoorGroup[]> {
      const reply = await http.request({
        endpoint: endpoints.doorGroupsList,
        data: z
          .array(doorGroupSchema)
          .nullish()
          .transform((d) => d ?? []),
        ...options
      })
      return reply.data
    }
  }
}
