import { createHash } from 'node:crypto'
import { isoWithOffset, seededIds, touchPassCardId, type Ids } from './ids'
import type {
  CardRecord,
  SiteRecord,
  TouchPassRecord,
  UserRecord,
  VisitorRecord,
  VisitorStatus,
  WeekSchedule
} from './schemas'
import type { StoreContents } from './contents'
import { fullName } from './users'

export const seedNames = ['demo', 'large'] as const
export type SeedName = (typeof seedNames)[number]

const sizes: Record<SeedName, { users: number; visitors: number; cards: number; passes: number }> = {
  demo: { users: 30, visitors: 10, cards: 120, passes: 12 },
  large: { users: 2000, visitors: 5000, cards: 20_000, passes: 2000 }
}

const firstNames = [
  'Ada',
  'Ben',
  'Chloe',
  'Diego',
  'Elif',
  'Farah',
  'Gus',
  'Hana',
  'Ivan',
  'Jun',
  'Kofi',
  'Lena',
  'Mateo',
  'Nora',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tess',
  'Uma',
  'Viktor',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zoe'
]
const lastNames = [
  'Ng',
  'Okafor',
  'Larsen',
  'Moreau',
  'Silva',
  'Kowalski',
  'Haddad',
  'Tanaka',
  'Brennan',
  'Costa',
  'Fischer',
  'Ibrahim',
  'Jensen',
  'Kim',
  'Lopez',
  'Mensah',
  'Novak',
  'Petrov',
  'Rossi',
  'Schmidt'
]
const companies = ['Acme Freight', 'Northwind', 'Globex', 'Initech', 'Umbrella Catering', 'Stark Elevators', '']
const reasons = ['Interview', 'Business', 'Cooperation', 'Others'] as const

/** Hash of a PIN as the console exposes it: 64 hex, never the digits (facts 6.5). */
export function pinHash(pin: string): string {
  return createHash('sha256').update(`access-desk-demo-pin:${pin}`).digest('hex')
}

/** The names of the sites of a multi-site demo (`--sites N`): site 1 is the single demo console's. */
const siteNames = ['Demo HQ', 'Harbour Office', 'Hill Campus', 'Airport Depot', 'River Works']

/** The name of site `site` (1-based) of a multi-site demo. */
export function demoSiteName(site: number): string {
  return siteNames[site - 1] ?? `Demo site ${site}`
}

/**
 * A believable site, the same every time for a given seed name (fixed PRNG seed). Times are relative
 * to `now` so visitors are upcoming or current whenever the data dir is created. `site` (1-based, a
 * multi-site demo's `--sites N`) gives each site its own records: another PRNG seed, its own people
 * (the names turned by a few places, their own employee numbers) and card numbers; site 1 is the
 * single demo console's site, unchanged. `cardCount`: how many NFC cards instead of the seed's own number
 * (`--cards`, e.g. 100,000 for the CLI's streaming bench); people, visitors and the first cards are
 * the same as without it (one PRNG stream, drawn in that order).
 */
export function seedSite(name: SeedName, now = Date.now(), site = 1, cardCount?: number): StoreContents {
  const other = site - 1
  const ids = seededIds((name === 'demo' ? 0x5eed_0001 : 0x5eed_0002) + other * 0x0001_0000)
  const size = { ...sizes[name], cards: cardCount ?? sizes[name].cards }
  const pick = <T>(list: readonly T[]): T => list[Math.floor(ids.next() * list.length)]!
  const topology = seedTopology(ids, demoSiteName(site))
  const nowSeconds = Math.floor(now / 1000)

  const users: UserRecord[] = []
  for (let i = 0; i < size.users; i++) {
    const first = firstNames[(i + other * 7) % firstNames.length]!
    const last = lastNames[(Math.floor(i / firstNames.length) + other * 3) % lastNames.length]!
    const n = Math.floor(i / (firstNames.length * lastNames.length))
    const lastName = n > 0 ? `${last}-${n + 1}` : last
    const email = `${first}.${lastName}@example.com`.toLowerCase()
    users.push({
      id: ids.uuid(),
      first_name: first,
      last_name: lastName,
      alias: '',
      user_email: i % 9 === 8 ? '' : email,
      email_status: i % 9 === 8 ? '' : 'VERIFIED',
      phone: i % 3 === 0 ? `+1 555 01${String(i % 100).padStart(2, '0')}` : '',
      employee_number: other === 0 ? `E${String(i + 1).padStart(4, '0')}` : `E${site}${String(i + 1).padStart(4, '0')}`,
      username: `${first}.${lastName}`.toLowerCase(),
      onboard_time: i % 5 === 0 ? 0 : nowSeconds - 86_400 * (30 + (i % 700)),
      status: i % 15 === 7 ? 'PENDING' : i % 29 === 28 ? 'DEACTIVATED' : 'ACTIVE',
      avatar: '',
      pin_hash: i % 4 === 0 ? pinHash(String(10_000_000 + i * 7919).slice(0, 8)) : null,
      access_policy_ids: [topology.policyId]
    })
  }

  const visitorStatuses: VisitorStatus[] = ['ACTIVE', 'UPCOMING', 'VISITING', 'VISITED', 'CANCELLED', 'NO_VISIT']
  const visitors: VisitorRecord[] = []
  for (let i = 0; i < size.visitors; i++) {
    const status = visitorStatuses[i % visitorStatuses.length]!
    const dayOffset = status === 'VISITED' || status === 'NO_VISIT' ? -3 : status === 'UPCOMING' ? 2 : 0
    // Today's visits run ten hours from 08:00, or from two hours before now when that is later: a site
    // opened in the evening still has visitors expected (a fixed 08:00–17:59 left Today's Expected empty
    // after 18:00 UTC). Other days' visits keep 08:00.
    const dayStart = nowSeconds - (nowSeconds % 86_400)
    const start =
      dayOffset === 0
        ? Math.max(dayStart + 8 * 3600, nowSeconds - (nowSeconds % 3600) - 2 * 3600)
        : dayStart + dayOffset * 86_400 + 8 * 3600
    const recurring = i % 3 === 1
    const schedule = {
      id: ids.uuid(),
      name: `schedule-${now - 1000 * (i + 1)}`,
      week: recurring ? officeHours() : null
    }
    const groupIds = [i % 2 === 0 ? topology.lobbyGroupId : topology.staffGroupId]
    // A hidden door group per visit given single doors: on the first 60 only, so the large site
    // does not list a thousand of them among its door groups.
    if (i % 4 === 3 && i < 60) {
      const auto = {
        id: ids.uuid(),
        name: `visitor-${now - 1000 * (i + 1)}`,
        type: 'access' as const,
        door_ids: [topology.record.doors[3]!.id],
        hidden: true
      }
      topology.record.groups.push(auto)
      groupIds.push(auto.id)
    }
    visitors.push({
      id: ids.uuid(),
      first_name: pick(firstNames),
      last_name: pick(lastNames),
      status,
      inviter_id: users[i % users.length]!.id,
      inviter_name: fullName(users[i % users.length]!),
      mobile_phone: i % 2 === 0 ? `+1 555 02${String(i % 100).padStart(2, '0')}` : '',
      remarks: i % 5 === 0 ? 'Needs a parking space' : '',
      email: i % 3 === 0 ? `visitor${i + 1}@example.org` : '',
      visitor_company: companies[i % companies.length]!,
      visit_reason: reasons[i % reasons.length]!,
      start_time: start,
      end_time: start + (recurring ? 30 * 86_400 : 10 * 3600 - 1),
      pin_hash: i % 3 === 2 ? pinHash(String(20_000_000 + i * 104_729).slice(0, 8)) : null,
      schedule,
      group_ids: groupIds,
      qr: i % 4 === 0 ? ids.hex(32) : null
    })
  }

  // Every status, most cards with an owner (as on a site in use), a few named spares.
  const cards: CardRecord[] = []
  let displayId = 100_001 + other * 100_000
  for (let i = 0; i < size.cards; i++) {
    const bucket = i % 12
    const status =
      bucket < 6 ? 'assigned' : bucket < 9 ? 'pending' : (['disable', 'deleted', 'loss'] as const)[bucket - 9]!
    let owner: CardRecord['owner'] = null
    if (status === 'assigned' || status === 'disable' || status === 'loss') {
      owner =
        visitors.length > 0 && i % 20 === 3
          ? { type: 'VISITOR', id: visitors[(i >> 2) % visitors.length]!.id }
          : { type: 'USER', id: users[i % users.length]!.id }
    }
    const id = String(displayId++)
    cards.push({
      token: ids.hex(64),
      display_id: id,
      nfc_id: ids.hex(14).toUpperCase(),
      status,
      alias: status === 'pending' && i % 5 === 0 ? `Spare ${id}` : '',
      card_type: 'ua_card',
      note: id,
      owner
    })
  }

  const touchPasses: TouchPassRecord[] = []
  const passStatuses = [
    'ACTIVE',
    'ACTIVE',
    'ACTIVE',
    'ACTIVE',
    'PENDING',
    'PENDING',
    'SUSPENDED',
    'SUSPENDED',
    'INACTIVE',
    'INACTIVE',
    'INACTIVE',
    'EXPIRED'
  ] as const
  for (let i = 0; i < size.passes; i++) {
    const status = passStatuses[i % passStatuses.length]!
    const user = status === 'INACTIVE' ? undefined : users[(i * 7) % users.length]
    const pass: TouchPassRecord = {
      id: ids.uuid(),
      card_id: touchPassCardId(ids),
      card_name: user && i % 3 === 0 ? `${user.first_name}'s phone` : '',
      status,
      last_activity: isoWithOffset(now - (i + 1) * 3_600_000),
      user_id: user?.id ?? '',
      user_name: user ? fullName(user) : '',
      user_email: user?.user_email ?? '',
      user_avatar: '',
      user_status: user ? (status === 'PENDING' ? 'PENDING' : 'ACTIVE') : '',
      bundles: []
    }
    if (user && (status === 'ACTIVE' || status === 'SUSPENDED')) {
      const bundleStatus = status === 'SUSPENDED' ? 'SUSPENDED' : 'ACTIVE'
      pass.bundles.push({
        bundle_id: `DAPLOD${ids.uuid()}`,
        bundle_status: bundleStatus,
        device_id: ids.hex(16),
        device_name: `${user.first_name}'s iPhone`,
        device_type: 10,
        source: 'apple'
      })
      if (i % 2 === 0) {
        pass.bundles.push({
          bundle_id: `DAPLOD${ids.uuid()}`,
          bundle_status: bundleStatus,
          device_id: ids.hex(16),
          device_name: `${user.first_name}'s Pixel Watch`,
          device_type: 20,
          source: 'google'
        })
      }
    }
    // One pass per user: skip a user who already holds one (large seed wraps around).
    if (user && touchPasses.some((p) => p.user_id === user.id)) continue
    touchPasses.push(pass)
  }

  return {
    meta: { schema: 1, seed: name, next_display_id: displayId, provisioned: [] },
    site: topology.record,
    users,
    visitors,
    cards,
    touchPasses
  }
}

function officeHours(): WeekSchedule {
  const day = [{ start_time: '09:00:00', end_time: '17:00:59' }]
  return { sunday: [], monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: [] }
}

function seedTopology(ids: Ids, name: string) {
  const ground = { id: ids.uuid(), name: 'Ground' }
  const first = { id: ids.uuid(), name: 'First' }
  const door = (doorName: string, floorId: string, bound = true) => ({
    id: ids.uuid(),
    name: doorName,
    floor_id: floorId,
    is_bind_hub: bound,
    door_lock_relay_status: 'lock' as const,
    door_position_status: bound ? ('close' as const) : null
  })
  const doors = [
    door('Front Door', ground.id),
    door('Side Door', ground.id),
    door('Lobby Door', ground.id),
    door('Server Room', first.id),
    door('Office', first.id),
    door('Roof Access', first.id, false)
  ]
  const [front, side, lobby, server, office] = doors as [
    (typeof doors)[0],
    (typeof doors)[0],
    (typeof doors)[0],
    (typeof doors)[0],
    (typeof doors)[0]
  ]
  const building = {
    id: ids.uuid(),
    name: 'All Doors',
    type: 'building' as const,
    door_ids: doors.map((d) => d.id),
    hidden: false
  }
  const lobbyGroup = {
    id: ids.uuid(),
    name: 'Lobby',
    type: 'access' as const,
    door_ids: [front.id, lobby.id],
    hidden: false
  }
  const staffGroup = {
    id: ids.uuid(),
    name: 'Staff areas',
    type: 'access' as const,
    door_ids: [side.id, office.id, server.id],
    hidden: false
  }
  const mac = () => ids.hex(12)
  const hub1 = mac()
  const hub2 = mac()
  const alias = (floor: string) => `${name} - ${floor}`
  const device = (
    type: string,
    id: string,
    location: string,
    floor: string,
    online: boolean,
    capabilities: string[],
    hub = ''
  ) => ({
    id,
    name: `${type === 'UAH' ? 'UA-HUB' : type}-${id.slice(-4).toUpperCase()}`,
    type,
    alias: alias(floor),
    capabilities,
    is_online: online,
    is_adopted: true,
    location_id: location,
    connected_uah_id: hub
  })
  const readerCaps = ['is_reader', 'identity_is_reader', 'nfc', 'pin_code', 'qr_code']
  const devices: SiteRecord['devices'] = [
    device('UAH', hub1, front.id, ground.name, true, ['is_hub', 'identity_is_hub']),
    device('UA-G2-PRO', mac(), front.id, ground.name, true, readerCaps, hub1),
    device('UA-G3', mac(), side.id, ground.name, true, readerCaps, hub1),
    device('UAH', hub2, office.id, first.name, true, ['is_hub', 'identity_is_hub']),
    device('UA-G2-MINI', mac(), server.id, first.name, false, ['is_reader', 'nfc'], hub2)
  ]
  const record: SiteRecord = {
    name,
    floors: [ground, first],
    doors,
    groups: [building, lobbyGroup, staffGroup],
    devices
  }
  return { record, lobbyGroupId: lobbyGroup.id, staffGroupId: staffGroup.id, policyId: ids.uuid() }
}
