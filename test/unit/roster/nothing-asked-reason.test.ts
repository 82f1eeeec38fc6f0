import { describe, expect, it } from 'vitest'
import { NOTHING_ASKED, resultReason } from '../../../src/shared/roster/result-reason'
import { sayReasonIn } from '../../../src/main/services/roster/roster-said-words'
import type { PlanRow } from '../../../src/shared/roster/sheet'

/**
 * A row the file asks nothing of (no card, PIN "no", no Touch Pass) is skipped: Results and the export
 * say why (resultReason, the one rule of both), never "Skipped" with an empty reason.
 */
describe('a row asked for nothing', () => {
  const row: PlanRow = {
    rowId: 'r6',
    line: 6,
    label: 'Elif Ng',
    match: { state: 'matched', person: { type: 'user', id: 'u6', name: 'Elif Ng' }, by: 'email' },
    card: { kind: 'none' },
    pin: false,
    touchPass: false,
    conflicts: []
  }
  const outcome = { steps: [] }

  it('says so in English as main keeps it, the catalogue’s words', () => {
    expect(resultReason(row, outcome)).toBe(NOTHING_ASKED.reason)
    expect(resultReason(row, outcome, undefined, sayReasonIn('en'))).toBe(NOTHING_ASKED.reason)
  })

  it.each(['de', 'fr', 'es'] as const)('%s: says so in the language', (language) => {
    const said = resultReason(row, outcome, undefined, sayReasonIn(language))
    expect(said).not.toBe('')
    expect(said).not.toBe(NOTHING_ASKED.reason)
    expect(said).toMatch(/PIN/)
  })
})
