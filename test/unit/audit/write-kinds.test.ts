import { hostname, userInfo } from 'node:os'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { endpoints, type EndpointInfo } from '../../../src/shared/access/endpoints'
import type { WriteCall } from '../../../src/main/services/access/http'
import { NO_SUCH_ID } from '../../../src/main/services/access/permission-probe'
import { thisDesk } from '../../../src/main/services/audit/audit-service'
import { outcomeOf } from '../../../src/main/services/audit/write-outcome'
import { actionOf, writeKindOf } from '../../../src/main/services/audit/write-kinds'
import { batchUploadFilename } from '../../../src/main/services/audit/write-names'
import { detailWordsIn } from '../../../src/main/services/audit/detail-in-language'
import { factWords } from '../../../src/shared/audit/detail-words'
import type { AuditFact } from '../../../src/shared/audit/detail-facts'

/** A fact as the English desk and the file say it. */
const english = (fact: AuditFact | undefined) => (fact ? factWords(fact, detailWordsIn('en')) : undefined)

/** What a request's fields become in its row (facts in English words): the table's reading of bodies and parameters. */
async function rowOf(call: WriteCall, result?: unknown) {
  const kind = writeKindOf(call)!
  const answered = result === undefined ? undefined : kind.answered?.(result, call)
  const { fact, ...rest } = answered ?? {}
  return {
    action: actionOf(kind, call),
    target: kind.target(call),
    detail: english(await kind.detail?.(call, {})),
    about: kind.about?.(call),
    visit: kind.visit?.(call),
    answered: answered && { ...rest, ...(fact ? { detail: english(fact) } : {}) }
  }
}

describe('what each write records', () => {
  it('E2: the reader, and whether the card is reset first; the session from the answer', async () => {
    const call = { endpoint: endpoints.E2, body: { device_id: 'dev-1', reset_ua_card: true } }
    expect(await rowOf(call, { data: { session_id: 's-1' } })).toEqual({
      action: 'enrollment start',
      target: { kind: 'reader', id: 'dev-1' },
      detail: 'resets the card first',
      // The reader's id, named from the console's devices as Enroll names it (audit's reader name).
      about: { reader: { id: 'dev-1' } },
      visit: undefined,
      answered: { detail: 'session s-1' }
    })
    const plain = await rowOf(
      { endpoint: endpoints.E2, body: { device_id: 'dev-1', reset_ua_card: false } },
      { data: {} }
    )
    expect([plain.detail, plain.answered]).toEqual([undefined, {}])
    expect((await rowOf({ endpoint: endpoints.E2, body: {} })).target).toEqual({ kind: 'reader' })
  })

  it('counts and names: one card, one pass, one user are said in the singular', async () => {
    const form = new FormData()
    form.append('file', new Blob(['04AA\n\n'], { type: 'text/csv' }), 'one.csv')
    expect((await rowOf({ endpoint: endpoints.E16, body: form })).detail).toBe('1 card from one.csv')
    const two = new FormData()
    two.append('file', new Blob(['04AA\n04BB\n']))
    expect((await rowOf({ endpoint: endpoints.E16, body: two })).detail).toBe('2 cards from blob')
    // A batch's upload names no file (its cards were tapped, typed or read from a CSV): it names the batch.
    const batch = new FormData()
    batch.append('file', new Blob(['04AA\n04BB\n']), batchUploadFilename('Front desk', 1))
    expect((await rowOf({ endpoint: endpoints.E16, body: batch })).detail).toBe('2 cards from batch “Front desk”')
    expect((await rowOf({ endpoint: endpoints.E16, body: { not: 'a form' } })).detail).toBeUndefined()
    expect((await rowOf({ endpoint: endpoints.E16, body: new FormData() })).detail).toBeUndefined()
    expect((await rowOf({ endpoint: endpoints.E14, body: { count: 1 } })).detail).toBe('1 Touch Pass')
    expect((await rowOf({ endpoint: endpoints.E14, body: { count: 3 } })).detail).toBe('3 Touch Passes')
    expect((await rowOf({ endpoint: endpoints.E14, body: {} })).detail).toBeUndefined()
    expect((await rowOf({ endpoint: endpoints.usersAssignTouchPasses, body: { ids: ['u1'] } })).target).toEqual({
      kind: 'users',
      id: 'u1',
      name: '1 user'
    })
    expect((await rowOf({ endpoint: endpoints.usersAssignTouchPasses, body: {} })).target.name).toBe('0 users')
  })

  it('answers: what an import and a purchase brought; nothing from an answer of another shape', async () => {
    const records = { data: [{ token: 't1' }, { token: '' }, { token: 't3' }] }
    expect((await rowOf({ endpoint: endpoints.E16 }, records)).answered).toEqual({
      detail: '2 imported, 1 not imported'
    })
    expect((await rowOf({ endpoint: endpoints.E16 }, { data: null })).answered).toEqual({})
    // Passes by the card id Touch Passes shows; by their id when they have none.
    expect(
      (await rowOf({ endpoint: endpoints.E14 }, { data: [{ id: 'p1', card_id: '057B-D703-0001' }, { id: 'p2' }] }))
        .answered
    ).toEqual({ detail: 'bought 057B-D703-0001, p2' })
    // The console answered the first of several (facts E14): the row says so, never that it bought one.
    expect(
      (await rowOf({ endpoint: endpoints.E14, body: { count: 2 } }, { data: [{ id: 'p1', card_id: '057B-0001' }] }))
        .answered
    ).toEqual({
      detail: "bought 2; the console's answer named only 1 of them: 057B-0001",
      // The passes the caller gets: its read of the list names the rest (settle-write nameWrite).
      namesMore: [{ id: 'p1', card_id: '057B-0001' }]
    })
    expect(
      (
        await rowOf(
          { endpoint: endpoints.usersAssignTouchPasses, body: { ids: ['u1', 'u2'] } },
          {
            data: [
              { id: 'p1', card_id: '057B-0001', user_name: 'Ada Ng' },
              { id: 'p2', card_id: '057B-0002' }
            ]
          }
        )
      ).answered
    ).toEqual({ detail: '057B-0001 to Ada Ng, 057B-0002' })
    expect(
      (
        await rowOf(
          { endpoint: endpoints.userAssignTouchPass, params: { user_id: 'u1', touch_pass_id: 'p1' } },
          { data: { id: 'p1', card_id: '057B-0001', user_name: 'Ada Ng' } }
        )
      ).answered
    ).toEqual({ name: 'Ada Ng', touchPass: { id: 'p1', cardId: '057B-0001', holder: 'Ada Ng' } })
    expect((await rowOf({ endpoint: endpoints.E14 }, { data: [{}] })).answered).toEqual({})
    expect((await rowOf({ endpoint: endpoints.E14 }, { data: {} })).answered).toEqual({})
    expect((await rowOf({ endpoint: endpoints.E17 }, { data: { id: 'v9', first_name: 'Ada' } })).answered).toEqual({
      id: 'v9',
      name: 'Ada'
    })
    expect((await rowOf({ endpoint: endpoints.E17 }, { data: {} })).answered).toEqual({})
    expect((await rowOf({ endpoint: endpoints.userAssignTouchPass }, { data: { user_name: '' } })).answered).toEqual({})
  })

  it('visitors: names and times from the body, changed fields by name only', async () => {
    const create = await rowOf({
      endpoint: endpoints.E17,
      body: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        start_time: 1_767_261_600,
        end_time: 1_767_265_200,
        mobile_phone: '+45 1234'
      }
    })
    // The visit's times as sent (unix seconds): the screen and the CSV write them in the desk's zone.
    expect(create).toMatchObject({
      target: { kind: 'visitor', name: 'Ada Lovelace' },
      visit: { start: 1_767_261_600, end: 1_767_265_200 },
      detail: undefined
    })
    expect(JSON.stringify(create)).not.toContain('1234')
    expect((await rowOf({ endpoint: endpoints.E17, body: { start_time: 1 } })).visit).toEqual({ start: 1 })
    expect((await rowOf({ endpoint: endpoints.E17, body: { start_time: '1' } })).visit).toBeUndefined()
    expect((await rowOf({ endpoint: endpoints.E17, body: {} })).target).toEqual({ kind: 'visitor' })
    const update = await rowOf({
      endpoint: endpoints.E18,
      params: { id: 'v1' },
      body: { last_name: 'King', email: 'ada@example.com', mobile_phone: '+45 99', week_schedule: {} }
    })
    // Named as the form names them (shared/visitors/field-names.ts), never by the API's names.
    expect(update).toMatchObject({
      target: { kind: 'visitor', id: 'v1', name: 'King' },
      detail: 'changed Last name, Email, Phone, Weekly schedule'
    })
    expect(JSON.stringify(update)).not.toContain('example.com')
    expect((await rowOf({ endpoint: endpoints.E18, params: { id: 'v1' }, body: {} })).detail).toBeUndefined()
  })

  it('cards and passes: alias, take-over, rename, status, unbundle', async () => {
    expect((await rowOf({ endpoint: endpoints.E8, params: { token: 'tk' }, body: { alias: '' } })).detail).toBe(
      'alias ""'
    )
    expect((await rowOf({ endpoint: endpoints.E8, params: { token: 'tk' }, body: {} })).detail).toBeUndefined()
    expect((await rowOf({ endpoint: endpoints.E7, params: {} })).target).toEqual({ kind: 'NFC card' })
    expect(
      (await rowOf({ endpoint: endpoints.userAssignNfc, params: { id: 'u' }, body: { token: 'tk', force_add: true } }))
        .detail
    ).toBe('taken over from its holder')
    expect(
      (await rowOf({ endpoint: endpoints.userAssignNfc, params: { id: 'u' }, body: { token: 'tk' } })).detail
    ).toBeUndefined()
    expect((await rowOf({ endpoint: endpoints.userAssignNfc, params: { id: 'u' }, body: {} })).detail).toBeUndefined()
    expect(
      (
        await rowOf({
          endpoint: endpoints.E12,
          params: { id: 'p' },
          body: { card_name: 'Desk', status: 'SUSPENDED', bundles: [{ bundle_id: 'b', bundle_status: 'DISABLED' }] }
        })
      ).detail
    ).toBe('renamed "Desk", suspended, 1 device bundle unbundled')
    expect((await rowOf({ endpoint: endpoints.E12, params: { id: 'p' }, body: { status: 'ACTIVE' } })).detail).toBe(
      'activated'
    )
    expect((await rowOf({ endpoint: endpoints.E12, params: { id: 'p' }, body: {} })).detail).toBeUndefined()
  })

  it('what a write is about by id, named before it is sent (a read when the journal cannot)', async () => {
    const about = async (call: WriteCall) => (await rowOf(call)).about
    // A delete or a rename: the card as the console holds it then (write-names.ts reads it).
    expect(await about({ endpoint: endpoints.E7, params: { token: 'tk' } })).toEqual({ card: { token: 'tk' } })
    expect(await about({ endpoint: endpoints.E8, params: { token: 'tk' }, body: { alias: 'x' } })).toEqual({
      card: { token: 'tk' }
    })
    expect(await about({ endpoint: endpoints.visitorAssignNfc, params: { id: 'v1' }, body: { token: 'tk' } })).toEqual({
      person: { kind: 'visitor', id: 'v1' },
      card: { token: 'tk' }
    })
    expect(await about({ endpoint: endpoints.userAssignPin, params: { id: 'u1' } })).toEqual({
      person: { kind: 'user', id: 'u1' }
    })
    expect(await about({ endpoint: endpoints.visitorDelete, params: { id: 'v1' } })).toEqual({
      person: { kind: 'visitor', id: 'v1' }
    })
    expect(
      await about({ endpoint: endpoints.userUnassignTouchPass, params: { user_id: 'u1', touch_pass_id: 'p1' } })
    ).toEqual({ person: { kind: 'user', id: 'u1' }, touchPass: { id: 'p1' } })
    // A pass given: the user is named before it is sent (an answer lost names no one).
    expect(
      await about({ endpoint: endpoints.userAssignTouchPass, params: { user_id: 'u1', touch_pass_id: 'p1' } })
    ).toEqual({ person: { kind: 'user', id: 'u1' }, touchPass: { id: 'p1' } })
    expect(await about({ endpoint: endpoints.E12, params: { id: 'p1' }, body: {} })).toEqual({
      touchPass: { id: 'p1' }
    })
    // An update is read before for the company and window its row carries (the one rule of visitor rows).
    expect(await about({ endpoint: endpoints.E18, params: { id: 'v1' }, body: {} })).toEqual({
      person: { kind: 'visitor', id: 'v1' }
    })
    // A create's answer names it, its request its company: nothing is read.
    expect(await about({ endpoint: endpoints.E17, body: {} })).toBeUndefined()
  })

  it('a PIN assignment names the owner, never the PIN', async () => {
    const row = await rowOf({
      endpoint: endpoints.visitorAssignPin,
      params: { id: 'v1' },
      body: { pin_code: '482913' }
    })
    expect(row).toEqual({
      action: 'PIN assignment',
      target: { kind: 'visitor', id: 'v1' },
      about: { person: { kind: 'visitor', id: 'v1' } },
      detail: undefined,
      answered: undefined
    })
    // Their record, read before sending, showed a PIN: the new one replaced it.
    const kind = writeKindOf({ endpoint: endpoints.visitorAssignPin, params: { id: 'v1' } })!
    expect(actionOf(kind, { endpoint: endpoints.visitorAssignPin }, { before: { heldPin: true } })).toBe(
      'PIN replacement'
    )
    expect(actionOf(kind, { endpoint: endpoints.visitorAssignPin }, { before: { heldPin: false } })).toBe(
      'PIN assignment'
    )
  })

  it('changes nothing: E1 and permission probes; an endpoint the table lacks is still recorded, by its method', () => {
    expect(writeKindOf({ endpoint: endpoints.E1 })).toBeNull()
    expect(writeKindOf({ endpoint: endpoints.visitorUnassignPin, params: { id: NO_SUCH_ID } })).toBeNull()
    const later = (method: EndpointInfo['method']): WriteCall => ({
      endpoint: { id: '§9.9', title: 'Later', method, path: '/later/:id', permission: 'edit:user' }
    })
    expect(writeKindOf(later('POST'))!.action).toBe('create')
    expect(writeKindOf(later('DELETE'))!.action).toBe('delete')
    expect(writeKindOf(later('PUT'))!.action).toBe('update')
    expect(writeKindOf(later('PUT'))!.target(later('PUT'))).toEqual({ kind: 'record', name: '/later/:id' })
  })
})

describe('outcomes', () => {
  const answered = new AppError({
    kind: 'not-found',
    code: 'CODE_NOT_EXISTS',
    message: 'gone',
    details: { status: 404 }
  })
  it('ok; refused when the console answered an error; not sent, with its reason, when the desk refused it before sending; else unknown', () => {
    expect(outcomeOf({ ok: true, result: {} })).toEqual({ outcome: 'ok' })
    expect(outcomeOf({ ok: false, error: answered })).toEqual({
      outcome: 'refused',
      code: 'CODE_NOT_EXISTS',
      message: 'gone',
      // The error's facts, for the screen to say it in the desk's language.
      failure: { kind: 'not-found', code: 'CODE_NOT_EXISTS', details: { status: 404 } }
    })
    const here = new AppError({ kind: 'validation', code: 'MISSING_PARAM', message: 'Missing id.' })
    expect(outcomeOf({ ok: false, error: here })).toEqual({
      outcome: 'notSent',
      code: 'MISSING_PARAM',
      said: { key: 'refusedHere', reason: 'Missing id.' }
    })
    const timeout = new AppError({ kind: 'network', code: 'TIMEOUT', message: 'no answer' })
    expect(outcomeOf({ ok: false, error: timeout })).toEqual({
      outcome: 'unknown',
      code: 'TIMEOUT',
      message: 'no answer',
      failure: { kind: 'network', code: 'TIMEOUT' }
    })
    const bare = new AppError({ kind: 'server', message: 'odd answer' })
    expect(outcomeOf({ ok: false, error: bare })).toEqual({ outcome: 'unknown', message: 'odd answer' })
  })

  it('an answer lost after the write went out (a 502 from a proxy, a reset) is unknown, never refused', () => {
    const proxy = new AppError({ kind: 'server', code: 'HTTP_502', message: 'Bad gateway', details: { status: 502 } })
    expect(outcomeOf({ ok: false, error: proxy })).toEqual({
      outcome: 'unknown',
      code: 'HTTP_502',
      message: 'Bad gateway',
      failure: { kind: 'server', code: 'HTTP_502', details: { status: 502 } }
    })
    const reset = new AppError({ kind: 'network', code: 'ECONNRESET', message: 'cut' })
    expect(outcomeOf({ ok: false, error: reset }).outcome).toBe('unknown')
  })

  it('the desk is the OS user and the machine name', () => {
    expect(thisDesk()).toEqual({ user: userInfo().username, host: hostname() })
  })
})
