// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { phaseBadge } from '../../../src/renderer/src/screens/roster/roster-words'
import { rosterInEnglish } from '../../support/roster-english'

rosterInEnglish()

/** A roster whose run is through while cards are still to come on the enrollment line is not "Finished". */
describe('the roster badge', () => {
  it('says the rows waiting for a card, and is not all well', () => {
    expect(phaseBadge({ phase: 'finished', done: 2, failed: 0, toCheck: 0, waitingCard: 1 })).toEqual({
      label: 'Run through: 2 done, 1 waiting for a card',
      tone: 'warn'
    })
  })

  it('finished with nothing waiting: done, failed and to check, as before', () => {
    expect(phaseBadge({ phase: 'finished', done: 29, failed: 1, toCheck: 0, waitingCard: 0 })).toEqual({
      label: 'Finished: 29 done, 1 failed',
      tone: 'warn'
    })
    expect(phaseBadge({ phase: 'finished', done: 3, failed: 0, toCheck: 0 }).label).toBe('Finished: 3 done')
  })
})
