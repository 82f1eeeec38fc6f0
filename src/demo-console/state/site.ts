import type { DeviceRecord, DoorGroupRecord, DoorRecord, SiteRecord } from './schemas'

/** Floors, doors, door groups and devices: fixed by the seed, except visitors' auto-created groups. */
export class Site {
  constructor(readonly record: SiteRecord) {}

  door(id: string): DoorRecord | undefined {
    return this.record.doors.find((d) => d.id === id)
  }

  group(id: string): DoorGroupRecord | undefined {
    return this.record.groups.find((g) => g.id === id)
  }

  device(id: string): DeviceRecord | undefined {
    return this.record.devices.find((d) => d.id === id)
  }

  floorName(id: string): string {
    return this.record.floors.find((f) => f.id === id)?.name ?? ''
  }

  addGroup(group: DoorGroupRecord) {
    this.record.groups.push(group)
  }

  removeGroup(id: string) {
    this.record.groups = this.record.groups.filter((g) => g.id !== id)
  }
}

/** The decision rule of facts 6.3, applied to our own devices. */
export function isReader(device: DeviceRecord): boolean {
  return device.capabilities.includes('is_reader') || device.capabilities.includes('identity_is_reader')
}
