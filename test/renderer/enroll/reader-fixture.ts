import type { Device } from '../../../src/shared/access/devices'

/** A networked reader online and adopted, as the Enroll screen and the roster's enrollment line list it. */
export function frontReader(overrides: Partial<Device> = {}): Device {
  return {
    id: 'd1',
    name: 'Front',
    type: 'UA-G2-PRO',
    alias: 'HQ - Front',
    capabilities: null,
    doorId: null,
    hubId: null,
    isReader: true,
    online: true,
    adopted: true,
    ...overrides
  }
}
