import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'

type Held = { id: string; status: string; user_id: string }

/**
 * Giving a Touch Pass and taking it back when the console carried the write out but its answer was
 * lost (the connection cut after, or a proxy's 502 in place of the answer), through the app's
 * services over real HTTPS: main reads the pass (or the users) back and answers what the console now
 * holds; nothing is sent twice (each pass given once, to the right user).
 */
describe('giving and taking back Touch Passes when the answer is lost after the console did it', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })
  const freePasses = async (): Promise<Held[]> =>
    (await demo.held<Held>('touchPasses')).filter((p) => !p.user_id && p.status === 'INACTIVE')
  const passOf = async (id: string) => (await demo.held<Held>('touchPasses')).find((p) => p.id === id)
  let n = 0
  const newUser = async () => (await demo.addUser({ first_name: 'Lost', last_name: `Answer ${++n}` })).id

  const buy = (count: number) => app.call('touchPasses.purchase', { count, idempotencyKey: crypto.randomUUID() })

  for (const [fault, afterCommit] of [
    ['the connection is cut', { reset: 1 }],
    ["a proxy's 502 replaces the answer", { status502: 1 }]
  ] as const) {
    it(`${fault}: one pass given, read back and answered done; taken back the same way`, async () => {
      await buy(1)
      const [pass] = await freePasses()
      const userId = await newUser()
      await demo.faults({ afterCommit: { ...afterCommit, paths: ['* /users/*/touch_passes/*'] } })

      const given = await app.call('touchPasses.assign', { id: pass!.id, userId })
      expect(given).toMatchObject({ id: pass!.id, user_id: userId, status: 'PENDING', readBack: true })
      expect(await passOf(pass!.id)).toMatchObject({ status: 'PENDING', user_id: userId })
      const holders = (await demo.held<Held>('touchPasses')).filter((p) => p.user_id === userId)
      expect(holders.map((p) => p.id)).toEqual([pass!.id])

      const back = await app.call('touchPasses.unassign', { id: pass!.id, userId })
      expect(back).toMatchObject({ id: pass!.id, user_id: '', readBack: true })
      expect(await passOf(pass!.id)).toMatchObject({ status: 'INACTIVE', user_id: '' })
    })

    it(`${fault}: several users, each given one pass once, read back (the retry would be refused, not needed)`, async () => {
      await buy(2)
      const ids = [await newUser(), await newUser()]
      const freeBefore = (await freePasses()).length
      await demo.faults({ afterCommit: { ...afterCommit, paths: ['PUT /users/touch_passes/assign'] } })

      const answer = await app.call('touchPasses.assignToUsers', { users: ids.map((id) => ({ id })) })
      expect(answer.readBack).toBe(true)
      expect(answer.notGiven).toBeUndefined()
      expect(answer.items.map((p: Held) => p.user_id).sort()).toEqual([...ids].sort())

      const held = await demo.held<Held>('touchPasses')
      for (const id of ids) expect(held.filter((p) => p.user_id === id)).toHaveLength(1)
      expect((await freePasses()).length).toBe(freeBefore - 2)
      expect(answer.items.map((p: Held) => p.id).sort()).toEqual(
        held
          .filter((p) => ids.includes(p.user_id))
          .map((p) => p.id)
          .sort()
      )
    })
  }
})
