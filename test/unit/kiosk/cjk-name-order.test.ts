import { describe, expect, it } from 'vitest'
import { personName } from '../../../src/shared/person-name'
import { badgeVisit } from '../../../src/shared/visitors/badge-visit'

/** The kiosk's confirm step and badge name a visitor by the one rule (shared/person-name.ts). */
describe('a name written in a CJK script', () => {
  it('is shown family name first with no space, as its owner writes it', () => {
    expect(personName({ first_name: '伟', last_name: '王' })).toBe('王伟')
    expect(personName({ first_name: '太郎', last_name: '山田' })).toBe('山田太郎')
    expect(personName({ first_name: '민준', last_name: '김' })).toBe('김민준')
    const visit = { id: 'v1', first_name: '伟', last_name: '王', start_time: 0, end_time: 0 }
    expect(badgeVisit(visit).name).toBe('王伟')
  })

  it('leaves every other name as before: first name, a space, last name', () => {
    expect(personName({ first_name: 'Jürgen', last_name: 'Weiß' })).toBe('Jürgen Weiß')
    expect(personName({ first_name: 'Wei', last_name: '王' })).toBe('Wei 王')
    expect(personName({ first_name: '伟', last_name: '' })).toBe('伟')
    expect(personName({ full_name: 'Wang Wei', first_name: '伟', last_name: '王' })).toBe('Wang Wei')
  })
})
