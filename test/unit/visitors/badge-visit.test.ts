import { describe, expect, it } from 'vitest'
import { visitorSchema } from '../../../src/shared/access/visitors'
import { badgeVisit } from '../../../src/shared/visitors/badge-visit'
import { matchVisit } from '../../../src/main/services/kiosk/visit-match'

const NOW = new Date(2026, 10, 23, 10, 0, 0)
const at = (h: number) => Math.floor(new Date(2026, 10, 23, h, 0, 0).getTime() / 1000)

const visitor = visitorSchema.parse({
  id: 'v-amara',
  status: 'ACTIVE',
  first_name: ' Amara ',
  last_name: 'Okafor',
  visitor_company: 'Harbour Freight',
  inviter_name: 'Lena Fischer',
  start_time: at(9),
  end_time: at(17),
  resources: [{ id: 'g-lobby', name: 'Lobby', type: 'door_group' }]
})

/**
 * One mapping of a visitor onto what its badge says (shared/visitors/badge-visit.ts): Badges' print,
 * the kiosk's badge and the visit the kiosk found read it, so the desk's badge and the kiosk's agree.
 */
describe("a visitor's badge", () => {
  it('says the name as screens name a visitor, company, host and the window in Unix seconds', () => {
    expect(badgeVisit(visitor)).toEqual({
      visitorId: 'v-amara',
      name: 'Amara Okafor',
      company: 'Harbour Freight',
      host: 'Lena Fischer',
      validFrom: at(9),
      validTo: at(17)
    })
  })

  it('a visitor with no name is named by its id (a badge always names someone); no company or host is empty', () => {
    const bare = visitorSchema.parse({ id: 'v-bare', status: 'ACTIVE', start_time: at(9), end_time: at(17) })
    expect(badgeVisit(bare)).toMatchObject({ name: 'v-bare', company: '', host: '' })
  })

  it('the visit the kiosk finds says the same as the badge', () => {
    const { found } = matchVisit([visitor], { name: 'amara okafor' }, NOW)
    expect(found.kind).toBe('one')
    if (found.kind !== 'one') return
    const { opensAt, ...visit } = found.visit
    expect(opensAt ?? null).toBeNull()
    expect(visit).toEqual(badgeVisit(visitor))
  })
})
