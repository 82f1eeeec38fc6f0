import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { control } from '../access/support'
import type { AppErrorData } from '../../../src/shared/errors'
import { CHANGED_SINCE_SHOWN, seenActions, type SeenAction } from '../../../src/shared/seen/seen'
import { pinDigest } from '../../../src/shared/seen/pin-digest'

interface HeldCard {
  token: string
  status: string
  owner: { type: string; id: string } | null
}
interface HeldPass {
  id: string
  status: string
  user_id: string
  card_name: string
}
interface HeldUser {
  id: string
  pin_hash?: string | null
}
interface HeldVisitor {
  id: string
  status: string
  start_time: number
  end_time: number
  pin_hash?: string | null
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected CHANGED_SINCE_SHOWN')
    },
    (err: AppErrorData) => err
  )

/**
 * Every action of the `seenActions` table, confirmed on what the screen showed while another desk
 * (the console's own API) changed the record: main answers CHANGED_SINCE_SHOWN with the record now,
 * and the console holds what the other desk left (nothing was sent). What was seen, still true, acts.
 */
describe('an action acts on what the person saw, or answers what changed', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const otherDesk = async (method: string, path: string, body?: unknown) =>
    control(await app.services.connections.demoConsole(), method, `/api/v1/developer${path}`, body)

  let n = 0
  const person = async () => {
    const name = { first_name: 'Seen', last_name: `Person ${++n}` }
    return { ...(await demo.addUser(name)), name: `${name.first_name} ${name.last_name}` }
  }
  const spare = async () => {
    const card = (await demo.held<HeldCard>('cards')).filter((c) => c.status === 'pending' && !c.owner)[n++]!
    await app.call('cards.get', { token: card.token })
    return card.token
  }
  const cardOwner = async (token: string) => (await demo.held<HeldCard>('cards')).find((c) => c.token === token)?.owner
  const giveElsewhere = (token: string, userId: string) =>
    otherDesk('PUT', `/users/${userId}/nfc_cards`, { token, force_add: true })
  /** A visitor as the Visitors screen shows it (main's answer), tomorrow so its status is Expected. */
  const visitor = async () => {
    const start = Math.floor(Date.now() / 1000) + 86_400 + 3600 * ++n
    const name = { first_name: 'Seen', last_name: `Visitor ${n}` }
    const shown = await app.call('visitors.create', {
      ...name,
      visit_reason: 'Business',
      start_time: start,
      end_time: start + 7200
    })
    return { ...shown, name: `${name.first_name} ${name.last_name}` }
  }
  const heldVisitor = async (id: string) => (await demo.held<HeldVisitor>('visitors')).find((v) => v.id === id)!

  /** A free pass (bought here: the demo's own passes are left to the other tests). */
  const freePass = async () => {
    const [bought] = (await app.call('touchPasses.purchase', { count: 1, idempotencyKey: crypto.randomUUID() })).items
    return bought!.id as string
  }
  const passHolder = async (id: string) => (await demo.held<HeldPass>('touchPasses')).find((p) => p.id === id)?.user_id
  const giveElsewhereTouchPass = (id: string, userId: string) => otherDesk('PUT', `/users/${userId}/touch_passes/${id}`)
  const takeBackElsewhere = (id: string, userId: string) => otherDesk('DELETE', `/users/${userId}/touch_passes/${id}`)

  /** One case per action of the table: the screen's view, the other desk's change, what the console must hold. */
  const cardAndPinCases = {
    'cards.unassign': async () => {
      const [gus, uma, token] = [await person(), await person(), await spare()]
      await app.call('cards.assign', { token, owner: { type: 'user', id: gus.id } })
      await giveElsewhere(token, uma.id)
      const error = await refusal(app.call('cards.unassign', { token, seen: { ownerId: gus.id } }))
      expect(error.details).toMatchObject({ ownerId: uma.id, owner: uma.name, ownerType: 'user', said: 'owner' })
      expect(await cardOwner(token)).toMatchObject({ id: uma.id })
      // Asked again with Uma named, and confirmed: taken from Uma.
      await app.call('cards.unassign', { token, seen: { ownerId: uma.id } })
      expect(await cardOwner(token)).toBeFalsy()
    },
    'cards.delete': async () => {
      const [uma, token] = [await person(), await spare()]
      await giveElsewhere(token, uma.id)
      const error = await refusal(app.call('cards.delete', { token, seen: { ownerId: null } }))
      expect(error.details).toMatchObject({ ownerId: uma.id, owner: uma.name, said: 'owner' })
      expect(await cardOwner(token)).toMatchObject({ id: uma.id })
      await app.call('cards.delete', { token, seen: { ownerId: uma.id } })
      expect((await demo.held<HeldCard>('cards')).find((c) => c.token === token && c.status !== 'deleted')).toBe(
        undefined
      )
    },
    'cards.assign': async () => {
      const [ben, uma, token] = [await person(), await person(), await spare()]
      await giveElsewhere(token, uma.id)
      const error = await refusal(
        app.call('cards.assign', { token, owner: { type: 'user', id: ben.id }, seen: { ownerId: null } })
      )
      expect(error.details).toMatchObject({ ownerId: uma.id, owner: uma.name, said: 'owner' })
      expect(await cardOwner(token)).toMatchObject({ id: uma.id })
      // "Give card X to Ben instead of Uma?" answered yes, with Uma as now shown.
      await app.call('cards.assign', {
        token,
        owner: { type: 'user', id: ben.id },
        force: true,
        seen: { ownerId: uma.id }
      })
      expect(await cardOwner(token)).toMatchObject({ id: ben.id })
    },
    'pins.assign': async () => {
      const diego = await person()
      const owner = { type: 'user' as const, id: diego.id, name: diego.name }
      const { pin: theirs } = await app.call('pins.generate')
      await otherDesk('PUT', `/users/${diego.id}/pin_codes`, { pin_code: theirs })
      const hashOf = async () => (await demo.held<HeldUser>('users')).find((u) => u.id === diego.id)!.pin_hash
      const before = await hashOf()
      expect(before).toBeTruthy()
      const { pin } = await app.call('pins.generate')
      const error = await refusal(app.call('pins.assign', { pin, owner, seen: { hasPin: false } }))
      expect(error.details).toMatchObject({ hasPin: true, name: diego.name, said: 'pin' })
      expect(await hashOf()).toBe(before)
      // "Replace Diego's PIN?" answered: replaced.
      await app.call('pins.assign', { pin, owner, seen: { hasPin: true } })
      expect(await hashOf()).not.toBe(before)

      // "Replace Diego's PIN?" open on the PIN read then, while another desk puts a PIN of its own in
      // its place: he holds a PIN on both sides, yet nothing is sent and the other desk's PIN stays.
      const shown = await app.call('pins.held', { owner })
      expect(shown).toEqual({ held: true, pinDigest: expect.stringMatching(/^[0-9a-f]{16}$/) })
      const { pin: otherDesks } = await app.call('pins.generate')
      await otherDesk('PUT', `/users/${diego.id}/pin_codes`, { pin_code: otherDesks })
      const theirsNow = await hashOf()
      const { pin: mine } = await app.call('pins.generate')
      const replaced = await refusal(
        app.call('pins.assign', { pin: mine, owner, seen: { hasPin: true, pinDigest: shown.pinDigest } })
      )
      expect(replaced.details).toMatchObject({ hasPin: true, name: diego.name, said: 'pinChanged' })
      expect(replaced.message).toBe(
        `${diego.name}'s PIN was changed meanwhile (by another desk or the console's own page); nothing was sent.`
      )
      expect(replaced.details?.['pinDigest']).not.toBe(shown.pinDigest)
      expect(await hashOf()).toBe(theirsNow)
      // Asked again about the PIN held now, and answered: replaced.
      const again = { hasPin: true, pinDigest: replaced.details?.['pinDigest'] as string }
      await app.call('pins.assign', { pin: mine, owner, seen: again })
      expect(await hashOf()).not.toBe(theirsNow)
    },
    'touchPasses.assign': async () => {
      const [ben, uma, id] = [await person(), await person(), await freePass()]
      await giveElsewhereTouchPass(id, uma.id)
      const error = await refusal(app.call('touchPasses.assign', { id, userId: ben.id, seen: { holderId: null } }))
      expect(error.details).toMatchObject({ holderId: uma.id, holder: uma.name, said: 'holder' })
      expect(await passHolder(id)).toBe(uma.id)
      // Uma gave it back meanwhile: free as shown again, it is given.
      await takeBackElsewhere(id, uma.id)
      await app.call('touchPasses.assign', { id, userId: ben.id, seen: { holderId: null } })
      expect(await passHolder(id)).toBe(ben.id)
    },
    'touchPasses.unassign': async () => {
      const [gus, uma, id] = [await person(), await person(), await freePass()]
      await app.call('touchPasses.assign', { id, userId: gus.id })
      await takeBackElsewhere(id, gus.id)
      await giveElsewhereTouchPass(id, uma.id)
      const error = await refusal(app.call('touchPasses.unassign', { id, userId: gus.id, seen: { holderId: gus.id } }))
      expect(error.details).toMatchObject({ holderId: uma.id, holder: uma.name, said: 'holder' })
      expect(await passHolder(id)).toBe(uma.id)
      // Asked again with Uma named, and confirmed: taken back from Uma.
      await app.call('touchPasses.unassign', { id, userId: uma.id, seen: { holderId: uma.id } })
      expect(await passHolder(id)).toBeFalsy()
    }
  }

  // "Cancel this visit?" as the dialog said it: its status and window.
  const seenVisit = (v: { status?: string | null; start_time?: number; end_time?: number }) => ({
    status: v.status ?? null,
    startTime: v.start_time ?? null,
    endTime: v.end_time ?? null
  })
  const visitCases = {
    'visitors.cancel': async () => {
      // Moved by another desk: the question said the old window; nothing sent, the visit is as moved.
      const ada = await visitor()
      const later = { start_time: ada.start_time + 3600, end_time: ada.end_time + 3600 }
      await otherDesk('PUT', `/visitors/${ada.id}`, later)
      const moved = await refusal(app.call('visitors.cancel', { id: ada.id, seen: seenVisit(ada) }))
      expect(moved.details).toMatchObject({
        status: 'UPCOMING',
        startTime: later.start_time,
        endTime: later.end_time,
        name: ada.name,
        said: 'visitChanged'
      })
      expect(await heldVisitor(ada.id)).toMatchObject({ status: 'UPCOMING', ...later })
      // Asked again with the window now, and confirmed: cancelled.
      await app.call('visitors.cancel', { id: ada.id, seen: seenVisit({ ...ada, ...later }) })
      expect((await heldVisitor(ada.id)).status).toBe('CANCELLED')
      // Cancelled by another desk meanwhile: said as such, nothing sent (still the other desk's cancel).
      const ben = await visitor()
      await otherDesk('DELETE', `/visitors/${ben.id}`)
      const gone = await refusal(app.call('visitors.cancel', { id: ben.id, seen: seenVisit(ben) }))
      expect(gone.details).toMatchObject({ status: 'CANCELLED', name: ben.name, said: 'visitCancelled' })
      expect((await heldVisitor(ben.id)).status).toBe('CANCELLED')
    },
    'visitors.delete': async () => {
      // Moved by another desk while "Delete this visitor?" was open: nothing sent, the visitor is still held.
      const dora = await visitor()
      const later = { start_time: dora.start_time + 3600, end_time: dora.end_time + 3600 }
      await otherDesk('PUT', `/visitors/${dora.id}`, later)
      const moved = await refusal(app.call('visitors.delete', { id: dora.id, seen: seenVisit(dora) }))
      expect(moved.details).toMatchObject({ startTime: later.start_time, name: dora.name, said: 'visitChanged' })
      expect(await heldVisitor(dora.id)).toMatchObject({ status: 'UPCOMING', ...later })
      // Asked again with the window now, and confirmed: the record is gone from the console.
      expect(await app.call('visitors.delete', { id: dora.id, seen: seenVisit({ ...dora, ...later }) })).toEqual({
        deleted: true
      })
      expect(await demo.held<HeldVisitor>('visitors')).not.toContainEqual(expect.objectContaining({ id: dora.id }))
      // The audit row names who was deleted (read before the write).
      const rows = (await app.call('audit.list', { filter: { text: dora.name } })).items as {
        action: string
        target: { name?: string }
      }[]
      expect(rows).toContainEqual(
        expect.objectContaining({ action: 'delete', target: expect.objectContaining({ name: dora.name }) })
      )
      // Cancelled by another desk meanwhile: asked again (a cancelled visitor can still be deleted), nothing sent.
      const eli = await visitor()
      await otherDesk('DELETE', `/visitors/${eli.id}`)
      const cancelled = await refusal(app.call('visitors.delete', { id: eli.id, seen: seenVisit(eli) }))
      expect(cancelled.details).toMatchObject({ status: 'CANCELLED', name: eli.name, said: 'visitChanged' })
      expect((await heldVisitor(eli.id)).status).toBe('CANCELLED')
    },
    'visitors.endVisit': async () => {
      // Under way (begun ten minutes ago), then moved by another desk while "End this visit now?" was open.
      const begun = Math.floor(Date.now() / 1000) - 600
      const shown = await app.call('visitors.create', {
        first_name: 'Seen',
        last_name: `Visitor ${++n}`,
        visit_reason: 'Business',
        start_time: begun,
        end_time: begun + 7200
      })
      const fay = { ...shown, name: `Seen Visitor ${n}` }
      const later = { end_time: fay.end_time + 3600 }
      await otherDesk('PUT', `/visitors/${fay.id}`, later)
      const moved = await refusal(app.call('visitors.endVisit', { id: fay.id, seen: seenVisit(fay) }))
      expect(moved.details).toMatchObject({ endTime: later.end_time, name: fay.name, said: 'visitChanged' })
      expect((await heldVisitor(fay.id)).end_time).toBe(later.end_time)
      // Asked again with the window now, and confirmed: its end is now.
      await app.call('visitors.endVisit', { id: fay.id, seen: seenVisit({ ...fay, ...later }) })
      expect((await heldVisitor(fay.id)).end_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
    },
    'visitors.assignNewPin': async () => {
      const cleo = await visitor()
      const { pin: theirs } = await app.call('pins.generate')
      await otherDesk('PUT', `/visitors/${cleo.id}/pin_codes`, { pin_code: theirs })
      const before = (await heldVisitor(cleo.id)).pin_hash
      expect(before).toBeTruthy()
      // "Assign PIN" to Cleo, shown with none: nothing sent, their PIN stays.
      const error = await refusal(
        app.call('visitors.assignNewPin', { id: cleo.id, seen: { hasPin: false, pinDigest: null } })
      )
      expect(error.details).toMatchObject({ hasPin: true, name: cleo.name, said: 'pin' })
      expect((await heldVisitor(cleo.id)).pin_hash).toBe(before)
      // "Replace Cleo's PIN?" answered: replaced.
      await app.call('visitors.assignNewPin', { id: cleo.id, seen: { hasPin: true } })
      expect((await heldVisitor(cleo.id)).pin_hash).not.toBe(before)
      // Another desk puts a PIN of its own in place of the one "Replace Cleo's PIN?" was about (the
      // panel's record as read): nothing sent, the other desk's PIN stays; asked again, it is replaced.
      const shown = pinDigest((await app.call('visitors.get', { id: cleo.id })).pin_code)
      const { pin: otherDesks } = await app.call('pins.generate')
      await otherDesk('PUT', `/visitors/${cleo.id}/pin_codes`, { pin_code: otherDesks })
      const theirsNow = (await heldVisitor(cleo.id)).pin_hash
      const replaced = await refusal(
        app.call('visitors.assignNewPin', { id: cleo.id, seen: { hasPin: true, pinDigest: shown } })
      )
      expect(replaced.details).toMatchObject({ hasPin: true, name: cleo.name, said: 'pinChanged' })
      expect((await heldVisitor(cleo.id)).pin_hash).toBe(theirsNow)
      const again = { hasPin: true, pinDigest: replaced.details?.['pinDigest'] as string }
      expect(again.pinDigest).toBe(pinDigest((await app.call('visitors.get', { id: cleo.id })).pin_code))
      await app.call('visitors.assignNewPin', { id: cleo.id, seen: again })
      expect((await heldVisitor(cleo.id)).pin_hash).not.toBe(theirsNow)
      // Removed by another desk while "Replace Cleo's PIN?" was open: nothing sent, she still holds none.
      await otherDesk('DELETE', `/visitors/${cleo.id}/pin_codes`)
      const removed = await refusal(app.call('visitors.assignNewPin', { id: cleo.id, seen: { hasPin: true } }))
      expect(removed.details).toMatchObject({ hasPin: false, said: 'noPin' })
      expect((await heldVisitor(cleo.id)).pin_hash).toBeFalsy()
    }
  }
  const cases: Record<SeenAction, () => Promise<void>> = { ...cardAndPinCases, ...visitCases }

  for (const action of Object.keys(seenActions) as SeenAction[]) {
    it(`${action}: changed by another desk since shown, nothing is sent; asked again, it acts`, async () => {
      await cases[action]()
    })
  }

  it('every answer is CHANGED_SINCE_SHOWN, a conflict', async () => {
    const [uma, token] = [await person(), await spare()]
    await giveElsewhere(token, uma.id)
    expect(await refusal(app.call('cards.delete', { token, seen: { ownerId: null } }))).toMatchObject({
      kind: 'conflict',
      code: CHANGED_SINCE_SHOWN
    })
  })

  it('without seen (the CLI), the action is done on the record as read now', async () => {
    const [uma, token] = [await person(), await spare()]
    await giveElsewhere(token, uma.id)
    await app.call('cards.unassign', { token })
    expect(await cardOwner(token)).toBeFalsy()
  })
})
