import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import type { AccessClient } from '../../../src/main/services/access/client'
import { readBackMany, readBackPass } from '../../../src/main/services/touch-passes/read-back'

/** The answers main gives when a gift's answer was lost and the console did not do it, or cannot be read. */
const cut = new AppError({ kind: 'network', code: 'ECONNRESET', message: 'The connection was cut.', retryable: true })
const refused = new AppError({ kind: 'conflict', code: 'CODE_OPERATION_FORBIDDEN', message: 'Already holds a pass.' })
const pass = (id: string, user_id = '') =>
  ({
    id,
    card_id: id,
    card_name: '',
    status: user_id ? 'PENDING' : 'INACTIVE',
    user_id,
    user_name: '',
    bundles: []
  }) as never
const client = (over: { get?: () => Promise<unknown>; user?: (id: string) => Promise<unknown> }) =>
  ({
    touchPasses: { get: over.get ?? (() => Promise.reject(cut)) },
    users: { get: over.user ?? (() => Promise.reject(cut)) }
  }) as unknown as AccessClient
const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected a failure'),
    (e: AppError) => e
  )

describe('readBackPass (give / take back one pass after a lost answer)', () => {
  it('not done: said so, safe to try again, with the pass as read', async () => {
    const e = await failure(
      readBackPass(client({ get: async () => pass('p1') }), cut, 'p1', (p) => !!p.user_id, 'Not given.')
    )
    expect(e).toMatchObject({
      message: 'Not given.',
      retryable: true,
      details: { outcome: 'not-done', pass: { id: 'p1' } }
    })
    expect(e.hint).toMatch(/trying again is safe/)
  })
  it('the read fails too: the lost-answer error stands (unknown), never "not done"', async () => {
    const e = await failure(readBackPass(client({}), cut, 'p1', () => true, 'Not given.'))
    expect(e).toBe(cut)
  })
  it('a refusal the console answered is not read back', async () => {
    const read = () => expect.fail('read') as never
    expect(await failure(readBackPass(client({ get: read }), refused, 'p1', () => true, 'x'))).toBe(refused)
  })
})

describe('readBackMany (several users after a lost answer)', () => {
  it('a pass a user held before the batch is not taken for one given now; the others are listed not given', async () => {
    const holders: Record<string, unknown> = { ada: pass('old', 'ada'), bo: pass('new1', 'bo'), cy: null }
    const c = client({ user: async (id) => ({ id, touch_pass: holders[id] }) })
    const answer = await readBackMany(c, cut, ['ada', 'bo', 'cy'], new Set(['new1', 'new2']))
    expect(answer).toMatchObject({ readBack: true, notGiven: ['ada', 'cy'] })
    expect(answer.items.map((p) => p.id)).toEqual(['new1'])
  })
  it('nobody served: not done, safe to give again', async () => {
    const c = client({ user: async (id) => ({ id, touch_pass: null }) })
    expect(await failure(readBackMany(c, cut, ['ada'], new Set()))).toMatchObject({
      retryable: true,
      details: { outcome: 'not-done', notGiven: ['ada'] }
    })
  })
  it('the free passes before could not be read: unknown, the lost-answer error stands', async () => {
    expect(await failure(readBackMany(client({}), cut, ['ada'], undefined))).toBe(cut)
  })
})
