import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { todayGroups } from '../../../src/shared/today/groups'
import { todayMatcher, todayWindow, TODAY_PAGE } from '../../../src/shared/today/window'
import type { TodayGroup, TodayRow } from '../../../src/shared/today/schemas'

const row = (id: string, name: string, group: TodayGroup, company = '', host = ''): TodayRow => ({
  id,
  name,
  company,
  host,
  status: 'ACTIVE',
  group,
  start: 0,
  end: 1,
  week: null,
  doors: [],
  credentials: { pin: false, cards: 0, qr: false },
  badgePrinted: false,
  badgeQrRevokedAt: null,
  arrival: null
})

const names = ['Ann Berg', 'Zoë Ng', 'Wei Wang', 'Bo Lund', 'Ada Nordin', 'Guest 11']
/** A day's rows: any groups, names, companies and hosts from small sets (so finds match some). */
const day = fc
  .array(
    fc.record({
      name: fc.constantFrom(...names),
      group: fc.constantFrom(...todayGroups),
      company: fc.constantFrom('', 'Acme', 'Nordic Ng'),
      host: fc.constantFrom('', 'Hanne Lund')
    }),
    { maxLength: 400 }
  )
  .map((rs) => rs.map((r, i) => row(`v${i}`, r.name, r.group, r.company, r.host)))
const find = fc.constantFrom('', 'ng', 'ANN', 'zoe', 'wang wei', 'lund', 'acme', 'nobody')
const pages = fc.dictionary(fc.constantFrom(...todayGroups), fc.integer({ min: -3, max: 12 }))

describe('Today’s window: what main answers a screen of the day’s list', () => {
  it('counts what the whole list holds, whatever the find and pages; draws a page of each group, in order', () => {
    fc.assert(
      fc.property(day, find, pages, fc.integer({ min: 1, max: 60 }), (rows, typed, asked, size) => {
        const w = todayWindow(rows, { find: typed, pages: asked }, size)
        const kept = rows.filter(todayMatcher(typed))
        expect(w.total).toBe(rows.length)
        expect(w.found).toBe(kept.length)
        expect(w.groups.map((g) => g.group)).toEqual([...todayGroups])
        for (const g of w.groups) {
          const all = kept.filter((r) => r.group === g.group)
          expect(g.count).toBe(all.length)
          const last = Math.max(1, Math.ceil(all.length / size))
          expect(g.page).toBe(Math.min(Math.max(1, asked[g.group] ?? 1), last))
          // The page's rows: those of the whole group's list at that page, in the list's order.
          expect(g.rows).toEqual(all.slice((g.page - 1) * size, g.page * size))
        }
        expect(w.groups.reduce((n, g) => n + g.count, 0)).toBe(w.found)
      })
    )
  })

  it('reveals a visitor: the page of their group holding them, the find cleared only when it hides them', () => {
    fc.assert(
      fc.property(
        day.filter((rs) => rs.length > 0),
        find,
        fc.nat(),
        (rows, typed, pick) => {
          const target = rows[pick % rows.length]!
          const w = todayWindow(rows, { find: typed, pages: {}, reveal: target.id }, 7)
          expect(w.find).toBe(todayMatcher(typed)(target) ? typed : '')
          const group = w.groups.find((g) => g.group === target.group)!
          expect(group.rows.map((r) => r.id)).toContain(target.id)
        }
      )
    )
  })

  it('draws 50 rows a group by default, and a visitor unknown to the list reveals nothing', () => {
    const rows = Array.from({ length: 120 }, (_, i) => row(`e${i}`, `Guest ${i}`, 'expected'))
    const w = todayWindow(rows, { find: 'nobody', pages: { expected: 3 }, reveal: 'gone' })
    expect(TODAY_PAGE).toBe(50)
    expect(w).toMatchObject({ total: 120, found: 0, find: 'nobody' })
    const all = todayWindow(rows, { find: '', pages: { expected: 3 } })
    expect(all.groups[0]).toMatchObject({ count: 120, page: 3 })
    expect(all.groups[0]!.rows.map((r) => r.id)).toEqual(rows.slice(100).map((r) => r.id))
  })
})
