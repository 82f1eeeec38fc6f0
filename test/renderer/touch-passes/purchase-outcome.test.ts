// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { englishWords } from '../../support/english-words'
import { failedPurchaseOutcome } from '../../../src/renderer/src/components/touch-passes/purchase-outcome'

const passWords = englishWords('touchPasses')

const lost = { kind: 'network', code: 'ECONNRESET' }
const timedOut = { kind: 'network', code: 'TIMEOUT' }

/** The rule for a purchase that failed or lost its answer: the count says what happened, or "check". */
describe('failedPurchaseOutcome', () => {
  it('the list grew by the count: the passes were bought, nothing to check', () => {
    expect(failedPurchaseOutcome(3, { before: 5, after: 8 }, lost, passWords)).toEqual({
      settled: true,
      bought: 3,
      said: "3 passes were bought: the list grew from 5 to 8. New passes are unassigned until given to a user. The console's answer was lost, so this was read back from the console; nothing was sent twice."
    })
    expect(failedPurchaseOutcome(1, { before: 5, after: 6 }, { kind: 'server' }, passWords).said).toMatch(
      /^1 pass was bought: the list grew from 5 to 6\./
    )
  })

  it("an earlier try of this purchase stopped it (DONE_BEFORE, DUPLICATE_PURCHASE): this try's count says nothing", () => {
    // Nothing was sent now, so the list did not grow by it: never "no pass was bought".
    for (const code of ['DONE_BEFORE', 'DUPLICATE_PURCHASE', 'SAME_WRITE_UNCHECKED'])
      expect(failedPurchaseOutcome(2, { before: 7, after: 7 }, { kind: 'conflict', code }, passWords)).toEqual({
        settled: false,
        said: 'Nothing was sent now: this purchase was tried before. Close this dialog and look at the Touch Pass list before starting a new purchase.'
      })
  })

  it('the list did not grow: nothing was bought, unless the console may still be buying (a timeout)', () => {
    expect(failedPurchaseOutcome(2, { before: 5, after: 5 }, lost, passWords)).toEqual({
      settled: true,
      bought: 0,
      said: 'No pass was bought: the list still holds 5 passes. The purchase was not sent again. You can start a new purchase.'
    })
    const pending = failedPurchaseOutcome(2, { before: 5, after: 5 }, timedOut, passWords)
    expect(pending.settled).toBe(false)
    expect(pending.bought).toBeUndefined()
    expect(pending.said).toMatch(/may still be carrying out the purchase .* check the list in a minute/)
  })

  it('a count that does not explain it, or no count: check the list', () => {
    for (const listed of [
      { before: 5, after: 7 },
      { before: 5, after: 9 },
      { before: 5, after: 4 }
    ]) {
      const outcome = failedPurchaseOutcome(3, listed, lost, passWords)
      expect(outcome).toMatchObject({ settled: false })
      expect(outcome.bought).toBeUndefined()
      expect(outcome.said).toBe(
        `The purchase was not sent again. The list went from 5 to ${listed.after}, not up by the 3 asked: someone may have changed it meanwhile. Check the list before trying again.`
      )
    }
    expect(failedPurchaseOutcome(3, undefined, lost, passWords)).toEqual({
      settled: false,
      said: 'The purchase was not sent again. It may or may not have gone through, and the Touch Pass list could not be counted: close this dialog and check the Touch Pass list before trying again.'
    })
  })
})
