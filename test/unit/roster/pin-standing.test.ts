import { describe, expect, it } from 'vitest'
import { pinGroups, pinStanding, rowPinStanding } from '../../../src/shared/roster/pin-standing'
import type { StepState } from '../../../src/shared/roster/run'

/**
 * What a roster row's PIN is for a slip, by one rule: known digits, set with its digits not known (a
 * new PIN is needed for a slip), none, or still to check. The row's PIN cell, the run's words, main's
 * list of the PINs it knows and the slips' dialog all read it.
 */
describe('a roster row’s PIN for a slip', () => {
  const cases: [StepState, boolean, string][] = [
    ['done', true, 'known'],
    ['done', false, 'digits-lost'],
    ['unknown', true, 'to-check'],
    ['unknown', false, 'to-check'],
    ['sending', false, 'to-check'],
    ['planned', false, 'none'],
    ['failed', true, 'none'],
    ['skipped', false, 'none']
  ]
  it.each(cases)('a PIN step %s, digits held %s: %s', (state, held, standing) => {
    expect(pinStanding({ state }, held)).toBe(standing)
  })

  it('a row asking for no PIN has no standing; a row left out that asked for one got none', () => {
    expect(pinStanding(undefined, true)).toBeUndefined()
    expect(rowPinStanding({ pin: false }, undefined)).toBeUndefined()
    expect(rowPinStanding({ pin: true }, undefined)).toBe('none')
    expect(rowPinStanding({ pin: true }, { pin: 'digits-lost' })).toBe('digits-lost')
  })

  it('groups rows by their standing, each row once, in order', () => {
    const rows = [
      { id: 'a', pin: 'known' as const },
      { id: 'b', pin: 'digits-lost' as const },
      { id: 'c', pin: undefined },
      { id: 'd', pin: 'to-check' as const },
      { id: 'e', pin: 'digits-lost' as const },
      { id: 'f', pin: 'none' as const }
    ]
    const groups = pinGroups(rows, (r) => r.pin)
    expect(Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, v.map((r) => r.id)]))).toEqual({
      known: ['a'],
      'digits-lost': ['b', 'e'],
      none: ['f'],
      'to-check': ['d']
    })
  })
})
