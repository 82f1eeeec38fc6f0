import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { endedRows, runCounts, runStanding, type RunCounts } from '../../../src/shared/roster/run-standing'
import { rosterPhaseSchema, rowOutcomeSchema } from '../../../src/shared/roster/run'

/**
 * The run's one standing and its counts (shared/roster/run-standing.ts): the counts partition the
 * run's rows — every row once, whatever mix of outcomes a run (or a restart of main) left — and the
 * standing follows the phase main keeps.
 */
const outcomeStates = rowOutcomeSchema.shape.state.options
const parts = (c: RunCounts) => c.done + c.failed + c.toCheck + c.inFlight + c.waitingCard + c.partlyDone + c.notStarted

describe('runCounts', () => {
  it('partitions the run’s rows for every mix of row outcomes, with or without a run going', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...outcomeStates), { maxLength: 60 }),
        fc.boolean(),
        fc.nat({ max: 80 }),
        (states, running, expected) => {
          const counts = runCounts(
            states.map((state) => ({ state, steps: [] })),
            { running, expected }
          )
          const skipped = states.filter((s) => s === 'skipped').length
          const known = states.length - skipped
          // Every row the run takes is in exactly one part; skipped rows are none of the run's.
          expect(parts(counts)).toBe(counts.rows)
          expect(counts.rows).toBe(Math.max(known, expected))
          // A row in flight when no run goes on is to check, never also not started.
          const inFlight = states.filter((s) => s === 'running').length
          expect(counts.inFlight).toBe(running ? inFlight : 0)
          expect(counts.toCheck).toBe(states.filter((s) => s === 'to-check').length + (running ? 0 : inFlight))
          expect(counts.notStarted).toBe(states.filter((s) => s === 'planned').length + Math.max(0, expected - known))
          expect(endedRows(counts)).toBe(counts.done + counts.failed + counts.toCheck)
        }
      )
    )
  })

  it('main restarted with 4 rows in flight of 30: 10 done, 4 to check, 16 not started — 30, not 34', () => {
    const states = [
      ...Array<'done'>(10).fill('done'),
      ...Array<'running'>(4).fill('running'),
      ...Array<'planned'>(16).fill('planned')
    ]
    const counts = runCounts(
      states.map((state) => ({ state, steps: [] })),
      { running: false, expected: 30 }
    )
    expect(counts).toEqual({
      rows: 30,
      done: 10,
      failed: 0,
      toCheck: 4,
      inFlight: 0,
      waitingCard: 0,
      partlyDone: 0,
      notStarted: 16
    })
  })
})

describe('runStanding', () => {
  const none = { failed: 0, toCheck: 0, waitingCard: 0 }
  it('says one standing for each phase', () => {
    expect(runStanding('mapping', none)).toBe('not-started')
    expect(runStanding('planned', none)).toBe('not-started')
    expect(runStanding('running', none)).toBe('running')
    // Stopped mid-run whatever the counts say: the app stopped with a row in flight, still the run's to check.
    expect(runStanding('paused', { failed: 0, toCheck: 1 })).toBe('stopped')
    expect(runStanding('paused', none)).toBe('stopped')
    expect(runStanding('finished', none)).toBe('finished')
    expect(runStanding('finished', { failed: 1, toCheck: 0 })).toBe('finished-with-failures')
    expect(runStanding('finished', { failed: 0, toCheck: 2 })).toBe('finished-with-failures')
    expect(runStanding('finished', { failed: 1, toCheck: 0, waitingCard: 2 })).toBe('through')
  })

  it('is one of the standings for every phase and count', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...rosterPhaseSchema.options),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (phase, failed, toCheck, waitingCard) => {
          const standing = runStanding(phase, { failed, toCheck, waitingCard })
          expect(['not-started', 'running', 'stopped', 'through', 'finished-with-failures', 'finished']).toContain(
            standing
          )
          // Only a run main keeps as stopped offers Resume; only a finished one says Finished.
          expect(standing === 'stopped').toBe(phase === 'paused')
          expect(standing.startsWith('finished') || standing === 'through').toBe(phase === 'finished')
        }
      )
    )
  })
})
