import type { User } from '../../../src/shared/access/users'
import type { Visitor } from '../../../src/shared/access/visitors'
import type { CardPlan, PersonRef, PlanRow } from '../../../src/shared/roster/sheet'
import { RosterJournal, type LoadedRoster } from '../../../src/main/services/roster/roster-journal'
import type { Demo } from '../access/support'

/** A roster on disk whose plan (the rows given) is frozen as run, as the service does at its first run. */
export async function frozenRoster(
  dir: string,
  rows: PlanRow[],
  id = 'roster-1'
): Promise<{ store: RosterJournal; roster: LoadedRoster }> {
  const store = new RosterJournal(dir)
  const roster = await store.create({
    t: 'create',
    v: 1,
    meta: { id, fileName: 'people.csv', createdAt: new Date().toISOString() },
    sheet: { fileName: 'people.csv', headers: ['email'], rowCount: rows.length, sample: [], notes: [] },
    rows: rows.map((r) => [r.label]),
    lines: rows.map((r) => r.line)
  })
  await store.commit(roster, { t: 'run', at: new Date().toISOString(), rows })
  return { store, roster }
}

export function userRef(user: User): PersonRef {
  return { type: 'user', id: user.id, name: `${user.first_name} ${user.last_name}`.trim() }
}

export function visitorRef(visitor: Visitor): PersonRef {
  return { type: 'visitor', id: visitor.id, name: `${visitor.first_name} ${visitor.last_name}`.trim() }
}

/** A matched row (line n+1) for a person with its card, PIN and pass. */
export function row(
  n: number,
  person: PersonRef,
  card: CardPlan = { kind: 'none' },
  extra: Partial<Pick<PlanRow, 'pin' | 'touchPass' | 'conflicts'>> = {}
): PlanRow {
  return {
    rowId: `r${n + 1}`,
    line: n + 1,
    label: person.name,
    match: { state: 'matched', person, by: 'email' },
    card,
    pin: extra.pin ?? false,
    touchPass: extra.touchPass ?? false,
    conflicts: extra.conflicts ?? []
  }
}

let made = 0

/** New users (added through the control API) and visitors who hold nothing yet. */
export async function freshPeople(demo: Demo, count = 5) {
  const client = demo.client()
  const users: User[] = []
  for (let i = 0; i < count; i++) {
    const n = ++made
    const { body } = await demo.control<{ data: { id: string } }>('POST', '/__demo/users', {
      first_name: 'Roster',
      last_name: `Person${n}`,
      email: `roster.person${n}@example.com`,
      employee_number: `R${n}`
    })
    users.push(await client.users.get(body.data.id))
  }
  const start = Math.floor(Date.now() / 1000)
  const visitor = await client.visitors.create({
    first_name: 'Roster',
    last_name: `Visitor${++made}`,
    visit_reason: 'Business',
    start_time: start,
    end_time: start + 86_400
  })
  const visitors: Visitor[] = [await client.visitors.get(visitor.id)]
  return { users, visitors }
}

/** Cards the console holds that nobody holds. */
export async function freeCards(demo: Demo) {
  return (await demo.client().nfcCards.all()).filter((c) => !c.user_id && c.status !== 'deleted')
}

/** The console's cards held by each owner (its stored records, not the API's view). */
export async function cardsByOwner(demo: Demo): Promise<Map<string, string[]>> {
  const { body } = await demo.control<{ data: { token: string; owner: { id: string } | null }[] }>(
    'GET',
    '/__demo/state/cards'
  )
  const out = new Map<string, string[]>()
  for (const card of body.data) {
    if (!card.owner) continue
    out.set(card.owner.id, [...(out.get(card.owner.id) ?? []), card.token])
  }
  return out
}

export const nfcHex = (i: number) => `5A17${(0x100000 + i).toString(16).toUpperCase()}`
