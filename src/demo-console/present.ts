import type { Variants } from './runtime'
import type { DemoStore } from './state/store'
import type {
  CardRecord,
  DeviceRecord,
  DoorRecord,
  DoorGroupRecord,
  TouchPassRecord,
  UserRecord,
  VisitorRecord
} from './state/schemas'
import { fullName } from './state/users'

/**
 * The JSON shapes the console answers (spec section 2, facts sections 2–3). Records on disk hold
 * references; the owner, cards and passes are joined in here at answer time.
 */

const noUser = { id: '', first_name: '', last_name: '', name: '', avatar: '' }

export function presentCard(store: DemoStore, card: CardRecord) {
  const owner = card.owner
  const person = owner ? (owner.type === 'USER' ? store.users.get(owner.id) : store.visitors.get(owner.id)) : undefined
  return {
    token: card.token,
    display_id: card.display_id,
    status: card.status,
    alias: card.alias,
    card_type: card.card_type,
    note: card.note,
    user_id: owner?.id ?? '',
    user_type: owner?.type ?? '',
    user: person
      ? {
          id: person.id,
          first_name: person.first_name,
          last_name: person.last_name,
          name: fullName(person),
          avatar: 'avatar' in person ? person.avatar : ''
        }
      : noUser
  }
}

/** `nfc_cards[]` of a user or visitor: `{id, token, type}` (facts 3.1). */
function ownedCards(store: DemoStore, ownerId: string) {
  return store.cards.ofOwner(ownerId).map((c) => ({ id: c.display_id, token: c.token, type: c.card_type }))
}

export interface PassShape {
  /** `activated_at`/`expired_at` appear only in details, update and the user's embedded pass (facts 2.0). */
  timestamps?: boolean
  /** In the assignable list `bundles` is reserved and always empty (spec 2.5). */
  noBundles?: boolean
}

export function presentPass(pass: TouchPassRecord, shape: PassShape = {}) {
  const body: Record<string, unknown> = {
    id: pass.id,
    card_id: pass.card_id,
    card_name: pass.card_name,
    status: pass.status,
    last_activity: pass.last_activity,
    user_id: pass.user_id,
    user_name: pass.user_name,
    user_email: pass.user_email,
    user_avatar: pass.user_avatar,
    user_status: pass.user_status,
    bundles: shape.noBundles ? [] : pass.bundles.map((b) => ({ ...b }))
  }
  if (shape.timestamps) {
    body.activated_at = {}
    body.expired_at = {}
  }
  return body
}

export function presentUser(store: DemoStore, user: UserRecord) {
  const body: Record<string, unknown> = {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: fullName(user),
    alias: user.alias,
    user_email: user.user_email,
    email: user.user_email,
    email_status: user.email_status,
    phone: user.phone,
    employee_number: user.employee_number,
    username: user.username,
    avatar_relative_path: user.avatar,
    onboard_time: user.onboard_time,
    status: user.status,
    access_policy_ids: [...user.access_policy_ids],
    nfc_cards: ownedCards(store, user.id),
    pin_code: user.pin_hash ? { token: user.pin_hash } : null,
    license_plates: []
  }
  const pass = store.touchPasses.ofUser(user.id)
  // Absent for a user without one, as in the §3.5 sample.
  if (pass) body.touch_pass = presentPass(pass, { timestamps: true })
  return body
}

export function presentVisitor(store: DemoStore, visitor: VisitorRecord, variants: Variants) {
  return {
    id: visitor.id,
    first_name: visitor.first_name,
    last_name: visitor.last_name,
    status: visitor.status,
    inviter_id: visitor.inviter_id,
    inviter_name: visitor.inviter_name,
    mobile_phone: visitor.mobile_phone,
    remarks: visitor.remarks,
    email: visitor.email,
    visitor_company: visitor.visitor_company,
    visit_reason: visitor.visit_reason,
    start_time: visitor.start_time,
    end_time: visitor.end_time,
    nfc_cards: ownedCards(store, visitor.id),
    pin_code: visitor.pin_hash ? { token: visitor.pin_hash } : null,
    schedule_id: visitor.schedule.id,
    schedule: {
      id: visitor.schedule.id,
      is_default: false,
      name: visitor.schedule.name,
      type: 'access',
      // null for a one-time visit, as in the §4.3 sample.
      [variants.scheduleKey]: visitor.schedule.week
    },
    // Every response sample shows door groups only; chosen doors sit in the visitor's auto group.
    resources: visitor.group_ids.flatMap((id) => {
      const group = store.site.group(id)
      return group ? [{ id: group.id, name: group.name, type: 'door_group' }] : []
    }),
    license_plates: []
  }
}

export function presentDevice(device: DeviceRecord) {
  return {
    id: device.id,
    name: device.name,
    type: device.type,
    alias: device.alias,
    capabilities: [...device.capabilities],
    is_online: device.is_online,
    is_adopted: device.is_adopted,
    is_connected: device.is_online,
    is_managed: true,
    location_id: device.location_id,
    connected_uah_id: device.connected_uah_id
  }
}

export function presentDoor(store: DemoStore, door: DoorRecord) {
  return {
    id: door.id,
    name: door.name,
    full_name: `${store.site.record.name} - ${store.site.floorName(door.floor_id)} - ${door.name}`,
    floor_id: door.floor_id,
    type: 'door',
    is_bind_hub: door.is_bind_hub,
    door_lock_relay_status: door.door_lock_relay_status,
    door_position_status: door.door_position_status
  }
}

export function presentGroup(group: DoorGroupRecord) {
  return {
    id: group.id,
    name: group.name,
    type: group.type,
    resources: group.door_ids.map((id) => ({ id, type: 'door' }))
  }
}

export function presentTopology(store: DemoStore, group: DoorGroupRecord) {
  const doors = group.door_ids.map((id) => store.site.door(id)).filter((d): d is DoorRecord => !!d)
  return {
    id: group.id,
    name: group.name,
    type: group.type,
    resource_topologies: store.site.record.floors
      .filter((floor) => doors.some((d) => d.floor_id === floor.id))
      .map((floor) => ({
        id: floor.id,
        name: floor.name,
        type: 'floor',
        resources: doors
          .filter((d) => d.floor_id === floor.id)
          .map((d) => ({ id: d.id, name: d.name, type: 'door', is_bind_hub: d.is_bind_hub }))
      }))
  }
}
