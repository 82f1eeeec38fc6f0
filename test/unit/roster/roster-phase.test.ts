import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { RosterJournal } from '../../../src/main/services/roster/roster-journal'
import { PIN_PROBABLY_SET } from '../../../src/main/services/roster/roster-run'
import type { ResultEntry } from '../../../src/main/services/roster/roster-entries'
import type { PersonRef } from '../../../src/shared/roster/sheet'
import { tempDir } from '../../support/temp'
import { frozenRoster, row } from './harness'

/**
 * Where a roster stands once run, as the list and the screen's badge read it (RosterModel.phase and
 * summary): a roster whose every row ended is finished, failed rows included, and says how it ended.
 */
describe('a roster’s phase after its run', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  beforeAll(async () => {
    dir = await tempDir('roster-phase-')
  })
  afterAll(async () => {
    await dir?.remove()
  })

  const person = (n: number): PersonRef => ({ type: 'user', id: `u${n}`, name: `Person ${n}` })
  const at = () => new Date().toISOString()

  async function roster(name: string) {
    const rows = [
      row(1, person(1), { kind: 'existing', nfcId: '04A1', token: 'tok-1', displayId: '1001' }),
      row(2, person(2), { kind: 'import', nfcId: '04A2' }),
      row(3, person(3), { kind: 'none' }, { pin: true })
    ]
    const made = await frozenRoster(join(dir.path, name), rows, name)
    const result = (rowId: string, step: ResultEntry['step'], fields: Partial<ResultEntry>) =>
      made.store.commit(made.roster, { t: 'result', at: at(), rowId, step, state: 'done', ...fields })
    return { ...made, result }
  }

  it('one row whose card import failed: finished, 2 done and 1 failed, not "stopped mid-run"', async () => {
    const { roster: loaded, store, result } = await roster('one-failed')
    await result('r2', 'card-assign', { detail: { token: 'tok-1', displayId: '1001' } })
    // The import was refused: its card-assign never ran (nothing to assign) and stays planned.
    await result('r3', 'card-import', { state: 'failed', reason: 'The console did not import the card 04A2.' })
    await result('r4', 'pin', {})
    expect(loaded.model.outcomes().map((o) => o.state)).toEqual(['done', 'failed', 'done'])
    expect(loaded.model.summary()).toMatchObject({ phase: 'finished', done: 2, failed: 1, toCheck: 0 })
    // The same once read again from disk (after a restart).
    const again = new RosterJournal(join(dir.path, 'one-failed'))
    expect((await again.get('one-failed')).model.summary()).toMatchObject({ phase: 'finished', done: 2, failed: 1 })
    await again.close()
    await store.close()
  })

  it('a PIN that was probably set (checked, waits for the user): finished with 1 to check', async () => {
    const { roster: loaded, store, result } = await roster('to-check')
    await result('r2', 'card-assign', { detail: { token: 'tok-1' } })
    await result('r3', 'card-import', { detail: { token: 'tok-2', nfcId: '04A2' } })
    await result('r3', 'card-assign', { detail: { token: 'tok-2' } })
    await result('r4', 'pin', { state: 'unknown', reason: PIN_PROBABLY_SET, checked: true })
    expect(loaded.model.summary()).toMatchObject({ phase: 'finished', done: 2, failed: 0, toCheck: 1 })
    await store.close()
  })

  it('still something to start (a planned step) is "stopped mid-run"', async () => {
    const { roster: loaded, store, result } = await roster('pending')
    await result('r2', 'card-assign', { detail: { token: 'tok-1' } })
    await result('r3', 'card-import', { state: 'failed', reason: 'refused' })
    // r4's PIN not sent yet.
    expect(loaded.model.phase()).toBe('paused')
    await result('r4', 'pin', {})
    expect(loaded.model.phase()).toBe('finished')
    await store.close()
  })

  it('a run through every row with one answer lost (a 500) is finished with 1 to check, never "stopped"', async () => {
    const { roster: loaded, store, result } = await roster('ran-through')
    await result('r2', 'card-assign', { detail: { token: 'tok-1' } })
    await result('r3', 'card-import', { detail: { token: 'tok-2', nfcId: '04A2' } })
    await result('r3', 'card-assign', { detail: { token: 'tok-2' } })
    // The console answered 500 to r4's PIN: nobody stopped the run, it went on to its end.
    await result('r4', 'pin', { state: 'unknown', reason: 'the answer was lost' })
    expect(loaded.model.summary()).toMatchObject({ phase: 'finished', done: 2, failed: 0, toCheck: 1 })
    // The same once read again from disk.
    const again = new RosterJournal(join(dir.path, 'ran-through'))
    expect((await again.get('ran-through')).model.summary()).toMatchObject({ phase: 'finished', toCheck: 1 })
    await again.close()
    await store.close()
  })

  it('a step in flight when the app stopped is to check, and the roster stopped mid-run', async () => {
    const { roster: loaded, store, result } = await roster('app-stopped')
    await result('r2', 'card-assign', { detail: { token: 'tok-1' } })
    await result('r3', 'card-import', { detail: { token: 'tok-2', nfcId: '04A2' } })
    await result('r3', 'card-assign', { detail: { token: 'tok-2' } })
    // r4's PIN was sent and the app stopped before its answer.
    await store.commit(loaded, { t: 'sending', at: at(), rowId: 'r4', step: 'pin', attempt: 1 })
    await store.close()
    const again = new RosterJournal(join(dir.path, 'app-stopped'))
    expect((await again.get('app-stopped')).model.summary()).toMatchObject({ phase: 'paused', done: 2, toCheck: 1 })
    await again.close()
  })
})
