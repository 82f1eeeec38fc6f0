import { describe, expect, it } from 'vitest'
import { optionsForMapping, unusedColumns } from '../../../src/renderer/src/screens/roster/column-options'
import { rosterInEnglish } from '../../support/roster-english'

rosterInEnglish()

const base = { cards: 'none', batchId: null, pin: 'none', touchPass: 'none' } as const

describe('roster plan: the PIN and Touch Pass columns and their options', () => {
  it('a mapped column is read as the column says unless the person chose an option', () => {
    expect(optionsForMapping({ ...base }, { fullName: 0, pin: 3, touchPass: 2 })).toEqual({
      ...base,
      pin: 'column',
      touchPass: 'column'
    })
    expect(optionsForMapping({ ...base, pin: 'all' }, { pin: 3 }, new Set(['pin']))).toMatchObject({ pin: 'all' })
    // Unmapped: "as the column says" would have nothing to read.
    expect(optionsForMapping({ ...base, pin: 'column' }, { fullName: 0 })).toMatchObject({ pin: 'none' })
  })

  it('says which mapped column an option leaves unused, by its header', () => {
    expect(unusedColumns({ pin: 3 }, { ...base }, { headers: ['Name', 'Mail', 'Badge', 'PIN'] })).toEqual([
      'The PIN column (“PIN”) is not used: “For every row” says “No PIN”. To follow it, go back to the columns and choose “As the PIN column says”.'
    ])
    expect(unusedColumns({ touchPass: 1 }, { ...base, touchPass: 'all' }, { headers: [] })[0]).toMatch(
      /^The Touch Pass column \(“Column B”\) is not used: “For every row” says “A Touch Pass for every user”/
    )
    expect(unusedColumns({ pin: 3, touchPass: 2 }, { ...base, pin: 'column', touchPass: 'column' })).toEqual([])
    expect(unusedColumns({ fullName: 0 }, { ...base })).toEqual([])
  })
})
