import { describe, expect, it } from 'vitest'
import { visitorSchema, type Visitor } from '../../../src/shared/access/visitors'
import {
  checkableNow,
  findVisit,
  matchesFullName,
  matchVisit,
  refusedVisit,
  touchesToday,
  words
} from '../../../src/main/services/kiosk/visit-match'

const NOW = new Date(2026, 10, 23, 10, 0, 0) // local 10:00
const at = (h: number, m = 0, dayOffset = 0) => Math.floor(new Date(2026, 10, 23 + dayOffset, h, m, 0).getTime() / 1000)

let n = 0
function visitor(fields: Partial<Visitor> & { first_name: string; last_name: string }): Visitor {
  n += 1
  return visitorSchema.parse({
    id: `v${n}`,
    status: 'UPCOMING',
    start_time: at(9),
    end_time: at(17),
    visitor_company: '',
    inviter_name: '',
    // Through the Lobby: a visit that opens no door is never checked in (check-in-rule.test.ts).
    resources: [{ id: 'g-lobby', name: 'Lobby', type: 'door_group' }],
    ...fields
  })
}

describe('matching a full name', () => {
  const ana = visitor({ first_name: 'Ana María', last_name: 'Silva-Pérez' })

  it('takes every word typed as a whole word of the name, any order, any case, accents optional', () => {
    expect(matchesFullName(ana, 'ana silva')).toBe(true)
    expect(matchesFullName(ana, 'SILVA ANA')).toBe(true)
    expect(matchesFullName(ana, 'Ana Maria Silva Perez')).toBe(true)
    expect(matchesFullName(ana, 'maría pérez')).toBe(true)
  })

  it('never matches a prefix, so a name cannot be guessed letter by letter', () => {
    expect(matchesFullName(ana, 'an si')).toBe(false)
    expect(matchesFullName(ana, 'ana silv')).toBe(false)
  })

  it('needs a word of the first name and one of the last name, and nothing else', () => {
    expect(matchesFullName(ana, 'ana maria')).toBe(false)
    expect(matchesFullName(ana, 'silva perez')).toBe(false)
    expect(matchesFullName(ana, 'ana silva jones')).toBe(false)
    expect(matchesFullName(ana, 'ana ana silva')).toBe(false)
    // A word before the name is as much "something else" as one after it.
    expect(matchesFullName(ana, 'jones ana silva')).toBe(false)
    expect(matchesFullName(ana, 'dr ana silva')).toBe(false)
    const wei = visitor({ first_name: 'Wei', last_name: 'Wang' })
    expect(matchesFullName(wei, 'li wang wei')).toBe(false)
  })

  it('matches a name typed family name first, as Chinese names are, with or without spaces', () => {
    const wei = visitor({ first_name: 'Wei', last_name: 'Wang' })
    expect(matchesFullName(wei, 'Wang Wei')).toBe(true)
    expect(matchesFullName(wei, 'Wei Wang')).toBe(true)
    const han = visitor({ first_name: '伟', last_name: '王' })
    expect(matchesFullName(han, '王伟')).toBe(true)
    expect(matchesFullName(han, '王 伟')).toBe(true)
    expect(matchesFullName(han, '伟王')).toBe(true)
    const xiaoming = visitor({ first_name: '小明', last_name: '李' })
    expect(matchesFullName(xiaoming, '李小明')).toBe(true)
    expect(matchesFullName(xiaoming, '李 小明')).toBe(true)
    // Still the whole name: a part, or a name with more to it, is not.
    expect(matchesFullName(xiaoming, '李小')).toBe(false)
    expect(matchesFullName(xiaoming, '小明')).toBe(false)
    expect(matchesFullName(xiaoming, '李小明明')).toBe(false)
    expect(matchesFullName(wei, 'wangwe')).toBe(false)
  })

  it('splits on punctuation and folds accents', () => {
    expect(words("  José  O'Neil-Smith ")).toEqual(['jose', 'o', 'neil', 'smith'])
  })
})

describe("today's visits and the check-in window", () => {
  it('touches today when any part of the window is within the local day', () => {
    expect(touchesToday({ start_time: at(9), end_time: at(17) }, NOW)).toBe(true)
    expect(touchesToday({ start_time: at(9, 0, -3), end_time: at(0, 0) }, NOW)).toBe(true)
    expect(touchesToday({ start_time: at(23, 59, 0), end_time: at(9, 0, 1) }, NOW)).toBe(true)
    expect(touchesToday({ start_time: at(9, 0, -2), end_time: at(23, 59, -1) }, NOW)).toBe(false)
    expect(touchesToday({ start_time: at(0, 0, 1), end_time: at(9, 0, 1) }, NOW)).toBe(false)
    expect(touchesToday({ start_time: undefined, end_time: at(9) }, NOW)).toBe(false)
  })

  it('opens an hour before the start and closes at the end; closed statuses never check in', () => {
    const v = (start: number, end: number, status: Visitor['status'] = 'UPCOMING') => ({
      start_time: start,
      end_time: end,
      status,
      resources: [{ id: 'd1', type: 'door' }]
    })
    expect(checkableNow(v(at(11), at(12)), NOW)).toBe(true)
    expect(checkableNow(v(at(11, 1), at(12)), NOW)).toBe(false)
    expect(checkableNow(v(at(8), at(10)), NOW)).toBe(true)
    expect(checkableNow(v(at(8), at(9, 59)), NOW)).toBe(false)
    for (const status of ['ACTIVE', 'VISITING', 'UPCOMING'] as const)
      expect(checkableNow(v(at(9), at(17), status), NOW)).toBe(true)
    for (const status of ['CANCELLED', 'VISITED', 'NO_VISIT'] as const)
      expect(checkableNow(v(at(9), at(17), status), NOW)).toBe(false)
  })
})

describe('finding the visit of the person at the kiosk', () => {
  const rosaA = visitor({
    first_name: 'Rosa',
    last_name: 'Jensen',
    visitor_company: 'Northwind Traders',
    inviter_name: 'Mia Lund'
  })
  const rosaB = visitor({
    first_name: 'Rosa',
    last_name: 'Jensen',
    visitor_company: 'Contoso',
    inviter_name: 'Otto Berg'
  })
  const rosaC = visitor({
    first_name: 'Rosa',
    last_name: 'Jensen',
    visitor_company: 'Contoso',
    inviter_name: 'Mia Lund'
  })
  const tom = visitor({ first_name: 'Tom', last_name: 'Berg', visitor_company: 'Fabrikam', inviter_name: 'Otto Berg' })
  const yesterday = visitor({
    first_name: 'Lea',
    last_name: 'Dahl',
    start_time: at(9, 0, -1),
    end_time: at(17, 0, -1)
  })
  const cancelled = visitor({ first_name: 'Ida', last_name: 'Holm', status: 'CANCELLED' })
  const all = [rosaA, rosaB, rosaC, tom, yesterday, cancelled]

  it('finds one visit by full name and gives only its own details', () => {
    expect(findVisit(all, { name: 'tom berg' }, NOW)).toEqual({
      kind: 'one',
      visit: {
        visitorId: tom.id,
        name: 'Tom Berg',
        company: 'Fabrikam',
        host: 'Otto Berg',
        validFrom: at(9),
        validTo: at(17)
      }
    })
  })

  it('asks for a full name when one word is typed that is no whole name', () => {
    expect(findVisit(all, { name: 'Tom' }, NOW)).toEqual({ kind: 'none', reason: 'need-full-name' })
    expect(findVisit(all, { name: 'Rosa' }, NOW)).toEqual({ kind: 'none', reason: 'need-full-name' })
    expect(findVisit(all, { name: '  ' }, NOW)).toEqual({ kind: 'none', reason: 'need-full-name' })
  })

  it('finds a Chinese name typed family name first, written together or apart', () => {
    const li = visitor({ first_name: '小明', last_name: '李', visitor_company: '华为' })
    const wang = visitor({ first_name: 'Wei', last_name: 'Wang' })
    for (const name of ['李小明', '李 小明', '小明 李']) {
      const found = findVisit([...all, li, wang], { name }, NOW)
      expect(found.kind === 'one' && found.visit.visitorId, name).toBe(li.id)
    }
    const found = findVisit([...all, li, wang], { name: 'WANG Wei' }, NOW)
    expect(found.kind === 'one' && found.visit.visitorId).toBe(wang.id)
  })

  it('says "no match" for an unknown name and for a visit of another day', () => {
    expect(findVisit(all, { name: 'Nobody Known' }, NOW)).toEqual({ kind: 'none', reason: 'no-match' })
    expect(findVisit(all, { name: 'Lea Dahl' }, NOW)).toEqual({ kind: 'none', reason: 'no-match' })
  })

  it('says "not now" for a visit of today it cannot check in, and why: too early, cancelled or over', () => {
    expect(findVisit(all, { name: 'Ida Holm' }, NOW)).toEqual({
      kind: 'none',
      reason: 'not-now',
      refusal: { reason: 'cancelled' }
    })
    const early = visitor({ first_name: 'Ari', last_name: 'Sol', start_time: at(14), end_time: at(16) })
    expect(findVisit([early], { name: 'Ari Sol' }, NOW)).toEqual({
      kind: 'none',
      reason: 'not-now',
      refusal: { reason: 'too-early', startsAt: at(14) }
    })
    const over = visitor({ first_name: 'Ari', last_name: 'Sol', start_time: at(7), end_time: at(9) })
    const left = visitor({ first_name: 'Ari', last_name: 'Sol', status: 'VISITED' })
    for (const v of [over, left])
      expect(findVisit([v], { name: 'Ari Sol' }, NOW)).toMatchObject({ refusal: { reason: 'ended' } })
    // Of several, the visitor hears of the next to open, then a cancelled one, then one that is over.
    const cancelled = visitor({ first_name: 'Ari', last_name: 'Sol', status: 'CANCELLED' })
    expect(refusedVisit([over, cancelled, early], 'Ari Sol', NOW)).toEqual({
      visitor: early,
      refusal: { reason: 'too-early', startsAt: at(14) }
    })
    expect(refusedVisit([over, cancelled], 'ari sol', NOW)?.visitor).toBe(cancelled)
    // One of them open: nothing is refused.
    expect(refusedVisit([over, visitor({ first_name: 'Ari', last_name: 'Sol' })], 'Ari Sol', NOW)).toBeNull()
  })

  it('for several, says only how many and asks the company, then the host', () => {
    const several = findVisit(all, { name: 'Rosa Jensen' }, NOW)
    expect(several).toEqual({ kind: 'several', count: 3, ask: 'company' })
    // Nothing of the other visitors: no id, no company, no host.
    const text = JSON.stringify(several)
    for (const v of [rosaA, rosaB, rosaC]) {
      expect(text).not.toContain(v.id)
      expect(text).not.toContain(v.visitor_company!)
      expect(text).not.toContain(v.inviter_name!)
    }
    const byCompany = findVisit(all, { name: 'Rosa Jensen', company: 'northwind' }, NOW)
    expect(byCompany.kind === 'one' && byCompany.visit.visitorId).toBe(rosaA.id)
    expect(findVisit(all, { name: 'Rosa Jensen', company: 'Contoso' }, NOW)).toEqual({
      kind: 'several',
      count: 2,
      ask: 'host'
    })
    const byHost = findVisit(all, { name: 'Rosa Jensen', company: 'Contoso', host: 'Otto Berg' }, NOW)
    expect(byHost.kind === 'one' && byHost.visit.visitorId).toBe(rosaB.id)
  })

  it('a company or host that matches none of them is "no match", never a hint of who else is expected', () => {
    expect(findVisit(all, { name: 'Rosa Jensen', company: 'Fabrikam' }, NOW)).toEqual({
      kind: 'none',
      reason: 'no-match'
    })
    expect(findVisit(all, { name: 'Rosa Jensen', company: 'Contoso', host: 'Tom Berg' }, NOW)).toEqual({
      kind: 'none',
      reason: 'no-match'
    })
  })

  it('visits the company cannot tell apart and the host cannot either go to the desk', () => {
    const twin = visitor({
      first_name: 'Rosa',
      last_name: 'Jensen',
      visitor_company: 'Contoso',
      inviter_name: 'Otto Berg'
    })
    expect(findVisit([rosaB, twin], { name: 'Rosa Jensen', company: 'Contoso', host: 'Otto Berg' }, NOW)).toEqual({
      kind: 'none',
      reason: 'ambiguous'
    })
  })

  it('asks the host straight away when the company cannot tell the visits apart', () => {
    const noCompany = [
      visitor({ first_name: 'Eva', last_name: 'Lind', inviter_name: 'Mia Lund' }),
      visitor({ first_name: 'Eva', last_name: 'Lind', inviter_name: 'Otto Berg' })
    ]
    expect(findVisit(noCompany, { name: 'Eva Lind' }, NOW)).toEqual({ kind: 'several', count: 2, ask: 'host' })
  })

  it('leaves out a cancelled twin: the open visit is the one found', () => {
    const open = visitor({ first_name: 'Max', last_name: 'Ek' })
    const gone = visitor({ first_name: 'Max', last_name: 'Ek', status: 'CANCELLED' })
    const found = findVisit([gone, open], { name: 'Max Ek' }, NOW)
    expect(found.kind === 'one' && found.visit.visitorId).toBe(open.id)
  })

  it('one match is found whatever company or host is typed with it, and a visit of no host says none', () => {
    const only = visitor({ first_name: 'Noa', last_name: 'Vik', visitor_company: 'Contoso' })
    const noHost = visitorSchema.parse({ ...only, inviter_name: undefined })
    for (const input of [
      { name: 'Noa Vik', company: 'Fabrikam' },
      { name: 'Noa Vik', host: 'Someone Else' }
    ]) {
      const found = findVisit([noHost], input, NOW)
      expect(found).toEqual({
        kind: 'one',
        visit: { visitorId: only.id, name: 'Noa Vik', company: 'Contoso', host: '', validFrom: at(9), validTo: at(17) }
      })
    }
  })
})

describe('a namesake of a cancelled visitor', () => {
  /** Another visit with these fields (its own id). */
  const like = (v: Visitor, fields: Partial<Visitor>) => {
    const { id: _id, ...rest } = v
    return visitor({ ...rest, ...fields })
  }
  const cancelledRosa = () =>
    visitor({
      first_name: 'Rosa',
      last_name: 'Jensen',
      status: 'CANCELLED',
      visitor_company: 'Northwind',
      inviter_name: 'Mia Lund'
    })
  const openRosa = () =>
    visitor({ first_name: 'Rosa', last_name: 'Jensen', visitor_company: 'Contoso', inviter_name: 'Otto Berg' })

  it('is not handed the other Rosa Jensen’s visit: the kiosk asks the company, and says why to the cancelled one', () => {
    const gone = cancelledRosa()
    const other = openRosa()
    expect(matchVisit([gone, other], { name: 'Rosa Jensen' }, NOW)).toEqual({
      found: { kind: 'several', count: 2, ask: 'company' }
    })
    expect(matchVisit([gone, other], { name: 'Rosa Jensen', company: 'northwind' }, NOW)).toEqual({
      found: { kind: 'none', reason: 'not-now', refusal: { reason: 'cancelled' } },
      refused: { visitor: gone, refusal: { reason: 'cancelled' } }
    })
    expect(findVisit([gone, other], { name: 'Rosa Jensen', company: 'Contoso' }, NOW)).toMatchObject({
      kind: 'one',
      visit: { visitorId: other.id }
    })
  })

  it('asks the host when the company is the same, and sends them to the desk, recorded, when nothing tells them apart', () => {
    const gone = like(cancelledRosa(), { visitor_company: 'Contoso' })
    const other = openRosa()
    expect(findVisit([gone, other], { name: 'rosa jensen' }, NOW)).toEqual({ kind: 'several', count: 2, ask: 'host' })
    expect(findVisit([gone, other], { name: 'rosa jensen', host: 'Mia' }, NOW)).toMatchObject({
      reason: 'not-now',
      refusal: { reason: 'cancelled' }
    })
    // Same company and host, two different people (their email addresses differ).
    const a = like(gone, { inviter_name: 'Otto Berg', email: 'rosa@northwind.example' })
    const b = like(other, { email: 'rj@contoso.example' })
    expect(matchVisit([a, b], { name: 'rosa jensen', host: 'otto berg' }, NOW)).toEqual({
      found: { kind: 'none', reason: 'ambiguous', refusal: { reason: 'namesake' } },
      refused: { visitor: a, refusal: { reason: 'namesake' } }
    })
  })

  it('a visit cancelled and booked again for the same person (same company and host) is simply found', () => {
    const before = cancelledRosa()
    const again = like(before, { status: 'UPCOMING' })
    expect(findVisit([before, again], { name: 'Rosa Jensen' }, NOW)).toMatchObject({
      kind: 'one',
      visit: { visitorId: again.id }
    })
  })
})
