import { describe, expect, it } from 'vitest'
import { TodayService } from '../../../src/main/services/today/today-service'
import type { DayVisitor } from '../../../src/shared/access/visitors'
import type { DoorGroupTopology } from '../../../src/shared/access/doors'

/**
 * Today unfolds the door groups of the day's visitors from the door topology. On a large site the
 * visitors take several pages: the topology is read as soon as a page shows a door group, while the
 * rest of the pages are read, not after the last one (one round trip less before the list answers).
 */
const now = new Date(2026, 10, 28, 10, 0)
const at = (hour: number) => Math.floor(new Date(2026, 10, 28, hour).getTime() / 1000)

function visitor(id: string, resources: DayVisitor['resources']): DayVisitor {
  return {
    id,
    first_name: 'Ada',
    last_name: id,
    status: 'ACTIVE',
    start_time: at(9),
    end_time: at(17),
    nfc_cards: [],
    resources
  } as unknown as DayVisitor
}

const lobby: DoorGroupTopology = {
  id: 'g-lobby',
  name: 'Lobby',
  type: 'access',
  floors: [{ id: 'f1', name: '1F', doors: [{ id: 'd-front', name: 'Front door', isBindHub: true }] }]
}

/** A console whose visitors come in two pages, the second answered a moment after the first. */
function fakeClient(pages: DayVisitor[][], events: string[]) {
  return {
    visitors: {
      async allOfTheDay(input: { onPage?: (n: number, items: DayVisitor[]) => void }) {
        for (const [i, page] of pages.entries()) {
          await new Promise((resolve) => setImmediate(resolve))
          events.push(`page ${i + 1}`)
          input.onPage?.(i + 1, page)
        }
        events.push('visitors read')
        return pages.flat()
      }
    },
    doors: {
      async topology() {
        events.push('topology')
        return [lobby]
      },
      async group(): Promise<never> {
        throw new Error('not asked: the topology lists the group')
      }
    }
  }
}

const service = (client: ReturnType<typeof fakeClient>) =>
  new TodayService({
    client: async () => client as never,
    badgeMarks: async () => ({ printed: new Map(), qrRevokedSincePrint: new Map() }),
    now: () => now
  })

describe('Today reads the door topology alongside the visitors', () => {
  it('asks for it once the first page shows a door group, before the last page, once per read', async () => {
    const events: string[] = []
    const group = { id: 'g-lobby', name: 'Lobby', type: 'door_group' as const }
    const client = fakeClient([[visitor('v1', [group])], [visitor('v2', [group])]], events)
    const view = await service(client).read()
    expect(events).toEqual(['page 1', 'topology', 'page 2', 'visitors read'])
    expect(view.rows.map((r) => r.doors)).toEqual([[{ name: 'Lobby', group: true }], [{ name: 'Lobby', group: true }]])
  })

  it('reads no topology for a day without door groups', async () => {
    const events: string[] = []
    const door = { id: 'd-front', name: 'Front door', type: 'door' as const }
    const view = await service(fakeClient([[visitor('v1', [door])], [visitor('v2', [door])]], events)).read()
    expect(events).toEqual(['page 1', 'page 2', 'visitors read'])
    expect(view.rows.map((r) => r.doors)).toEqual([
      [{ name: 'Front door', group: false }],
      [{ name: 'Front door', group: false }]
    ])
  })
})
