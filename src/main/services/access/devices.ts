import { endpoints } from '../../../shared/access/endpoints'
import { defaultReaderTypes, deviceGroupsSchema, flattenDevices, type Device } from '../../../shared/access/devices'
import type { AccessHttp, CallOptions } from './http'

/** Devices (§8.1): flattened, de-duplicated, readers told apart (facts 6.3). */
export function devices(http: AccessHttp, readerTypes: readonly string[] = defaultReaderTypes) {
  return {
    async list(options: CallOptions = {}): Promise<Device[]> {
      const reply = await http.request({
        endpoint: endpoints.devicesList,
        data: deviceGroupsSchema.nullish().transform((d) => d ?? []),
        ...options
      })
      return flattenDevices(reply.data, readerTypes)
    }
  }
}
