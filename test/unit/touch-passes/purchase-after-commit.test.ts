import { afterEach, describe, expect, it } from 'vitest'
import { englishWords } from '../../support/english-words'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { failedPurchaseOutcome } from '../../../src/renderer/src/components/touch-passes/purchase-outcome'

const passWords = englishWords('touchPasses')

/**
 * A purchase the console carried out whose answer was lost (the connection cut after the passes
 * were saved, or a proxy's 502 in place of the answer), through the app's services over real HTTPS:
 * it is sent once, its key stays spent, and the list counted before and after says what happened,
 * as the purchase dialog says it (failedPurchaseOutcome, the dialog's own rule).
 */
describe('touchPasses.purchase when the answer is lost after the console bought', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const total = async (): Promise<number> => (await app.call('touchPasses.list', { page: 1, pageSize: 1 })).total
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal')
      },
      (err: { kind: string; code?: string; hint?: string; retryable?: boolean }) => err
    )
  afterEach(async () => {
    await demo.clearFaults()
  })

  for (const [fault, afterCommit, kind] of [
    ['the connection is cut', { reset: 1 }, 'network'],
    ["a proxy's 502 replaces the answer", { status502: 1 }, 'server']
  ] as const) {
    it(`${fault}: bought once, never again with the same key, and said "3 passes were bought"`, async () => {
      const before = await total()
      const key = crypto.randomUUID()
      await demo.faults({ afterCommit: { ...afterCommit, paths: ['POST /credentials/touch_passes'] } })
      const error = await refusal(app.call('touchPasses.purchase', { count: 3, idempotencyKey: key }))
      expect(error).toMatchObject({ kind, retryable: false })
      expect(error.hint).toMatch(/may or may not have gone through: check the Touch Pass list/)

      // The dialog counts the list again (the fault is still on: reads are untouched by it).
      const after = await total()
      expect(after).toBe(before + 3)
      const outcome = failedPurchaseOutcome(3, { before, after }, error, passWords)
      expect(outcome).toEqual({
        settled: true,
        bought: 3,
        said: `3 passes were bought: the list grew from ${before} to ${before + 3}. New passes are unassigned until given to a user. The console's answer was lost, so this was read back from the console; nothing was sent twice.`
      })
      expect(outcome.said).not.toMatch(/may or may not/)

      // The same key again (a retried message, a second press): refused before the console.
      await demo.clearFaults()
      expect(await refusal(app.call('touchPasses.purchase', { count: 3, idempotencyKey: key }))).toMatchObject({
        code: 'DUPLICATE_PURCHASE'
      })
      const held = await demo.held<{ status: string; user_id: string }>('touchPasses')
      expect(held).toHaveLength(before + 3)
      expect(held.slice(-3).map((p) => [p.status, p.user_id])).toEqual([
        ['INACTIVE', ''],
        ['INACTIVE', ''],
        ['INACTIVE', '']
      ])
    })
  }

  it('an answer the app cannot read (a console version it does not know): said from the count too', async () => {
    const before = await total()
    await demo.variants({ purchaseAnswer: 'unreadable' })
    try {
      const error = await refusal(app.call('touchPasses.purchase', { count: 2, idempotencyKey: crypto.randomUUID() }))
      expect(error).toMatchObject({ kind: 'server', code: 'UNEXPECTED_RESPONSE' })
      const after = await total()
      expect(after).toBe(before + 2)
      expect(failedPurchaseOutcome(2, { before, after }, error, passWords).said).toMatch(
        new RegExp(`^2 passes were bought: the list grew from ${before} to ${before + 2}\\.`)
      )
    } finally {
      await demo.variants({ purchaseAnswer: 'first' })
    }
    expect(await demo.held('touchPasses')).toHaveLength(before + 2)
  })

  it('a purchase cut off before the console bought: nothing on the console, said "No pass was bought"', async () => {
    const before = await total()
    await demo.faults({ resetRate: 1 })
    const error = await refusal(app.call('touchPasses.purchase', { count: 2, idempotencyKey: crypto.randomUUID() }))
    await demo.clearFaults()
    const after = await total()
    expect(after).toBe(before)
    expect(failedPurchaseOutcome(2, { before, after }, error, passWords)).toMatchObject({ settled: true, bought: 0 })
    expect(failedPurchaseOutcome(2, { before, after }, error, passWords).said).toMatch(
      /^No pass was bought: the list still holds/
    )
    expect(await demo.held('touchPasses')).toHaveLength(before)
  })
})
