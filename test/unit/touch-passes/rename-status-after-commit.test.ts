import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { AppError } from '../../../src/shared/errors'
import type { AccessClient } from '../../../src/main/services/access/client'
import { TouchPassService } from '../../../src/main/services/touch-passes/touch-pass-service'

interface HeldPass {
  id: string
  card_id: string
  card_name: string
  status: string
  user_id: string
}

/**
 * Renaming and suspending a Touch Pass when the console carried the write out but its answer was
 * lost (the connection cut after, a proxy's 502 in its place), through the app's services over real
 * HTTPS: main reads the pass back and answers what the console now holds, as giving and taking back
 * do (read-back.ts); the write is sent once.
 */
describe('Touch Pass rename and suspend when the answer is lost after the console did it', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })
  const held = async (id: string) => (await demo.held<HeldPass>('touchPasses')).find((p) => p.id === id)!
  const used = new Set<string>()
  /** An active pass no test here has touched yet. */
  const anActivePass = async () => {
    const pass = (await demo.held<HeldPass>('touchPasses')).find((p) => p.status === 'ACTIVE' && !used.has(p.id))!
    used.add(pass.id)
    return pass
  }
  const writesTo = async (id: string) =>
    (await app.services.audit.all()).filter((r) => r.endpoint?.id === 'E12' && r.target.id === id)

  for (const [fault, afterCommit] of [
    ['the connection is cut', { reset: 1 }],
    ["a proxy's 502 replaces the answer", { status502: 1 }]
  ] as const) {
    it(`${fault}: the rename is read back and answered saved; the console holds the name, written once`, async () => {
      const pass = await anActivePass()
      await demo.faults({ afterCommit: { ...afterCommit, paths: ['PUT /credentials/touch_passes/*'] } })
      const answer = await app.call('touchPasses.rename', {
        id: pass.id,
        edit: { base: { card_name: pass.card_name }, changes: { card_name: `Lost answer ${used.size}` } }
      })
      expect(answer).toMatchObject({
        outcome: 'saved',
        sent: ['card_name'],
        record: { id: pass.id, card_name: `Lost answer ${used.size}`, readBack: true }
      })
      expect(await held(pass.id)).toMatchObject({ card_name: `Lost answer ${used.size}`, status: 'ACTIVE' })
      expect(await writesTo(pass.id)).toHaveLength(1)
    })

    it(`${fault}: the suspension is read back and answered done; the console holds it suspended`, async () => {
      const pass = await anActivePass()
      await demo.faults({ afterCommit: { ...afterCommit, paths: ['PUT /credentials/touch_passes/*'] } })
      const answer = await app.call('touchPasses.setStatus', { id: pass.id, status: 'SUSPENDED' })
      expect(answer).toMatchObject({ id: pass.id, status: 'SUSPENDED', readBack: true })
      expect(await held(pass.id)).toMatchObject({ status: 'SUSPENDED', card_name: pass.card_name })
      expect(await writesTo(pass.id)).toHaveLength(1)
    })
  }
})

/** The two other outcomes of a read-back, with a console whose answers are scripted. */
describe('Touch Pass rename and suspend: not done, or not known', () => {
  const cut = new AppError({ kind: 'network', code: 'ECONNRESET', message: 'The connection was cut.', retryable: true })
  const pass = { id: 'p1', card_id: 'A-1', card_name: 'Old', status: 'ACTIVE', user_id: 'u1', bundles: [] }
  /** The pass reads as `reads` says (one answer per read, the last repeated); every write is cut. */
  const service = (reads: (() => unknown)[]) => {
    let n = 0
    const writes: unknown[] = []
    const client = {
      touchPasses: {
        get: async () => reads[Math.min(n++, reads.length - 1)]!(),
        update: async (_id: string, body: unknown) => {
          writes.push(body)
          throw cut
        }
      }
    } as unknown as AccessClient
    return { svc: new TouchPassService(async () => client), writes }
  }
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => expect.fail('expected a failure'),
      (e: AppError) => e
    )
  const rename = (svc: TouchPassService) =>
    svc.rename('p1', { base: { card_name: 'Old' }, changes: { card_name: 'New' } })

  it('rename not done: "not renamed", safe to try again, with the pass as read; sent once', async () => {
    const { svc, writes } = service([() => pass])
    const e = await failure(rename(svc))
    expect(e).toMatchObject({ retryable: true, details: { answerLost: true, outcome: 'not-done', pass: { id: 'p1' } } })
    expect(e.message).toMatch(/still named "Old"/)
    expect(e.hint).toMatch(/trying again is safe/)
    expect(writes).toHaveLength(1)
  })

  it('suspend not done: "not suspended", safe to try again', async () => {
    const { svc } = service([() => pass])
    const e = await failure(svc.setStatus('p1', 'SUSPENDED'))
    expect(e).toMatchObject({ details: { outcome: 'not-done', pass: { status: 'ACTIVE' } } })
    expect(e.message).toMatch(/still active/)
  })

  it('the read back fails too: the lost answer stands (not known), never "not done"', async () => {
    const { svc } = service([
      () => pass,
      () => {
        throw cut
      }
    ])
    expect(await failure(rename(svc))).toBe(cut)
    const other = service([
      () => {
        throw cut
      }
    ])
    expect(await failure(other.svc.setStatus('p1', 'SUSPENDED'))).toBe(cut)
  })
})
