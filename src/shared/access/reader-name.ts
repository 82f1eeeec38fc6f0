import type { Device } from './devices'
import type { Door } from './doors'

/**
 * What the desk calls a networked reader, the one rule of every screen that names one (Enroll's and the
 * roster's reader lists, the Audit's enrollment rows): `label`, the door it guards when known, else its
 * alias or name; `detail`, what tells two readers at one door apart (its name, its alias when the door
 * is the label, its model).
 */
export function readerNaming(
  device: Pick<Device, 'name' | 'alias' | 'type' | 'doorId'>,
  doors: readonly Pick<Door, 'id' | 'name'>[] = []
): { label: string; detail: string } {
  const door = device.doorId ? doors.find((x) => x.id === device.doorId)?.name || undefined : undefined
  return {
    label: door ?? (device.alias || device.name),
    detail: [device.name, door ? device.alias : '', device.type].filter(Boolean).join(' · ')
  }
}

/** A reader in one line, as Enroll's list shows it (its label, then its detail): "Front Door · UA-G2-PRO-D0C1 · UA-G2-PRO". */
export function readerName(
  device: Pick<Device, 'name' | 'alias' | 'type' | 'doorId'>,
  doors: readonly Pick<Door, 'id' | 'name'>[] = []
): string {
  const { label, detail } = readerNaming(device, doors)
  return [label, detail].filter(Boolean).join(' · ')
}
