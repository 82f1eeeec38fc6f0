import { afterEach, describe, expect, it } from 'vitest'
import { TodayService } from '../../../src/main/services/today/today-service'
import { TodayLive } from '../../../src/main/services/today/live-updates'
import { TODAY_PAGE } from '../../../src/shared/today/window'
import type { DayVisitor } from '../../../src/shared/access/visitors'

/**
 * The screen opens Today on a window of the day (a page of each group): main makes the rows of that
 * window only. Each row's doors may need a call to the console (a door group the topology does not
 * list is read by its id): made for every visit of a large day before the first answer, they held the
 * screen's first rows back. The whole list (`today.list`) still has every row, doors unfolded.
 */
const now = new Date(2026, 10, 28, 10, 0)
const at = (hour: number) => Math.floor(new Date(2026, 10, 28, hour).getTime() / 1000)
const VISITS = 400

const pad = (i: number) => String(i).padStart(4, '0')

function visitor(i: number): DayVisitor {
  return {
    id: `v${pad(i)}`,
    first_name: 'Ada',
    // All start at nine: the order is the names'.
    last_name: `Visitor ${pad(i)}`,
    status: 'ACTIVE',
    start_time: at(9),
    end_time: at(17),
    nfc_cards: [],
    pin_code: null,
    // A group of its own that the topology does not list: its doors are read by its id.
    resources: [{ id: `g${i}`, name: `Group ${i}`, type: 'door_group' }]
  } as DayVisitor
}

describe('Today answers the first window with the rows it shows', () => {
  let live: TodayLive | undefined
  afterEach(() => live?.close())

  it('reads the doors of the window’s visits only; the whole list still has every visit’s doors', async () => {
    const groupsRead: string[] = []
    const service = new TodayService({
      client: async () =>
        ({
          visitors: { allOfTheDay: async () => Array.from({ length: VISITS }, (_, i) => visitor(i)) },
          doors: {
            topology: async () => [],
            group: async (id: string) => {
              groupsRead.push(id)
              return { id, name: `Group ${id.slice(1)}`, resources: [{ id: `d${id}`, name: `Door ${id.slice(1)}` }] }
            }
          }
        }) as never,
      badgeMarks: async () => ({ printed: new Map(), qrRevokedSincePrint: new Map() }),
      now: () => now
    })
    live = new TodayLive({
      read: () => service.readDay(),
      open: async () => {
        throw new Error('no socket in this test')
      },
      emit: () => undefined
    })

    const first = await live.view({ find: '', pages: {}, read: true })
    const expected = first.groups.find((g) => g.group === 'expected')!
    expect(expected.count).toBe(VISITS)
    expect(expected.rows).toHaveLength(TODAY_PAGE)
    // Each row shown has its doors, read from its group.
    expect(expected.rows[0]).toMatchObject({ id: 'v0000', doors: [{ name: 'Door 0', group: false }] })
    expect(new Set(groupsRead)).toEqual(new Set(expected.rows.map((r) => `g${Number(r.id.slice(1))}`)))

    // The next page is made when it is asked for.
    const second = await live.view({ find: '', pages: { expected: 2 } })
    const page2 = second.groups.find((g) => g.group === 'expected')!.rows
    expect(page2[0]).toMatchObject({ id: `v${pad(TODAY_PAGE)}`, doors: [{ name: `Door ${TODAY_PAGE}` }] })
    expect(groupsRead).toHaveLength(2 * TODAY_PAGE)

    // The whole list: every visit, each with its doors, each group read once.
    const all = await live.list()
    expect(all.rows).toHaveLength(VISITS)
    expect(all.rows.every((r, i) => r.doors[0]?.name === `Door ${i}`)).toBe(true)
    expect(new Set(groupsRead).size).toBe(groupsRead.length)
  })
})
