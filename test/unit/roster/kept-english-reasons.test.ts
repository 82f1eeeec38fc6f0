import { describe, expect, it } from 'vitest'
import { RosterModel } from '../../../src/main/services/roster/roster-model'
import { resultsCsv } from '../../../src/main/services/roster/roster-results'
import { row } from './harness'

/**
 * A roster journal written before the roster kept its reasons as facts holds main's English alone. A
 * reason that is one of today's sentences without values ("Touch Passes go to users only.") is read as
 * its facts, so each desk and the export say it in their language; any other stays as recorded (English).
 */
describe('a step reason kept before the roster kept facts', () => {
  const at = '2026-11-29T10:00:00Z'
  const ada = row(1, { type: 'visitor', id: 'v1', name: 'Ada Ng' }, { kind: 'none' }, { touchPass: true, pin: true })
  const model = (pinReason = 'The console said no, in 2019 words.') =>
    RosterModel.replay([
      {
        t: 'create',
        v: 1,
        meta: { id: 'r', fileName: 'people.csv', createdAt: at },
        sheet: { fileName: 'people.csv', headers: ['email'], rowCount: 1, sample: [], notes: [] },
        rows: [[ada.label]],
        lines: [ada.line]
      },
      { t: 'run', at, rows: [ada] },
      pinReason
        ? { t: 'result', at, rowId: ada.rowId, step: 'pin', state: 'failed', reason: pinReason }
        : { t: 'result', at, rowId: ada.rowId, step: 'pin', state: 'done' },
      { t: 'result', at, rowId: ada.rowId, step: 'pass', state: 'failed', reason: 'Touch Passes go to users only.' }
    ])

  it('is read as its facts when it is one of today’s sentences, else kept as recorded', () => {
    const steps = model().outcomes()[0]!.steps
    expect(steps.find((s) => s.step === 'pass')).toMatchObject({ said: [{ key: 'passUsersOnly' }] })
    const pin = steps.find((s) => s.step === 'pin')!
    expect(pin.said).toBeUndefined()
    expect(pin.reason).toBe('The console said no, in 2019 words.')
  })

  it('is said in the export’s language', () => {
    const line = resultsCsv(model(''), 'de').text.split('\r\n')[1]!
    expect(line).toContain('fehlgeschlagen')
    expect(line).not.toContain('Touch Passes go to users only.')
  })
})
