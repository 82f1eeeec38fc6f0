import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { endpoints } from '../../../src/shared/access/endpoints'
import { adviseLostWrite, answerLost, callFate } from '../../../src/main/services/access/lost-answer'
import { errorFromResponse, errorFromTransport } from '../../../src/main/services/access/errors'

const URL = 'https://127.0.0.1:12445'
const socket = (code: string) => Object.assign(new Error(code), { code })

/** Which failures of a write lose its answer (the console may have done it), and what is said then. */
describe('a write whose answer was lost', () => {
  it('a cut connection, a timeout, a 5xx without the console code: lost', () => {
    for (const error of [
      errorFromTransport(endpoints.E17, URL, socket('ECONNRESET')),
      errorFromTransport(endpoints.E17, URL, socket('EPIPE')),
      errorFromTransport(endpoints.E17, URL, socket('ECONNABORTED')),
      errorFromResponse(endpoints.E17, 502, undefined),
      errorFromResponse(endpoints.E17, 504, undefined)
    ])
      expect([error.code, answerLost(error)]).toEqual([error.code, true])
  })

  it("every 5xx on a write is lost, the console's own code or not: the server failed, whether it committed is unknown", () => {
    const body = (code: string) => ({ code, msg: 'x' })
    expect(
      [
        errorFromResponse(endpoints.E17, 500, body('CODE_SYSTEM_ERROR')),
        errorFromResponse(endpoints.E8, 500, body('CODE_SYSTEM_ERROR')),
        errorFromResponse(endpoints.visitorDelete, 503, body('CODE_SYSTEM_ERROR')),
        errorFromResponse(endpoints.E18, 500, body('CODE_SOMETHING_NEW')),
        errorFromResponse(endpoints.E8, 500, body('CODE_RESOURCE_NOT_FOUND')),
        errorFromResponse(endpoints.E8, 500, undefined),
        errorFromResponse(endpoints.E16, 500, body('CODE_SYSTEM_ERROR'))
      ].map((e) => [e.details?.endpoint, e.code, callFate(e)])
    ).toEqual([
      ['E17', 'CODE_SYSTEM_ERROR', 'lost'],
      ['E8', 'CODE_SYSTEM_ERROR', 'lost'],
      ['§4.6', 'CODE_SYSTEM_ERROR', 'lost'],
      ['E18', 'CODE_SOMETHING_NEW', 'lost'],
      ['E8', 'CODE_RESOURCE_NOT_FOUND', 'lost'],
      ['E8', 'HTTP_500', 'lost'],
      ['E16', 'CODE_SYSTEM_ERROR', 'lost']
    ])
  })

  it("a read's 5xx with the console's code is its answer: nothing was to do, nothing to check", () => {
    const error = errorFromResponse(endpoints.E6, 500, { code: 'CODE_SYSTEM_ERROR', msg: 'x' })
    expect(callFate(error)).toBe('answered')
  })

  it('a lost 5xx write says the console may have done it, not "try again in a moment"', () => {
    const advised = adviseLostWrite(
      errorFromResponse(endpoints.E8, 500, { code: 'CODE_SYSTEM_ERROR', msg: 'x' }),
      endpoints.E8
    )
    expect([advised.details?.answerLost, advised.hint]).toEqual([
      true,
      'The console may have done it (Update NFC card) before its answer was lost: look at the record or the list again before trying again, so it is not done twice.'
    ])
  })

  it('nothing sent, or a refusal the console answered: not lost', () => {
    for (const error of [
      errorFromTransport(endpoints.E17, URL, socket('ECONNREFUSED')),
      errorFromTransport(endpoints.E17, URL, socket('ENOTFOUND')),
      errorFromResponse(endpoints.E17, 400, { code: 'CODE_PARAMS_INVALID', msg: 'x' }),
      errorFromResponse(endpoints.E17, 403, undefined),
      errorFromResponse(endpoints.E17, 429, undefined)
    ])
      expect([error.code, answerLost(error)]).toEqual([error.code, false])
  })

  it('a lost write says the console may have done it, look before trying again; the rest is kept', () => {
    const cut = errorFromTransport(endpoints.E17, URL, socket('ECONNRESET'))
    const advised = adviseLostWrite(cut, endpoints.E17)
    expect(advised.toData()).toEqual({
      kind: 'network',
      code: 'ECONNRESET',
      message: cut.message,
      hint: 'The console may have done it (Create visitor) before its answer was lost: look at the record or the list again before trying again, so it is not done twice.',
      retryable: cut.retryable,
      details: { endpoint: 'E17', answerLost: true, url: URL }
    })
    expect(cut.hint).toMatch(/then try again/)
  })

  it('a call that changes nothing on the console (Generate PIN code) keeps its own advice: trying again is safe', () => {
    const changing = Object.values(endpoints).filter((e) => e.method !== 'GET' && e.changesNothing)
    expect(changing.map((e) => e.id)).toEqual(['E1'])
    for (const error of [
      errorFromTransport(endpoints.E1, URL, socket('ECONNRESET')),
      errorFromResponse(endpoints.E1, 502, undefined)
    ]) {
      expect(answerLost(error)).toBe(true)
      const advised = adviseLostWrite(error, endpoints.E1)
      expect(advised).toBe(error)
      expect(advised.hint).not.toMatch(/may have done it|look at the record/)
      expect(advised.hint).toMatch(/try again/i)
    }
  })

  it('a read, or a write refused or never sent, keeps its own advice', () => {
    const cut = errorFromTransport(endpoints.E9, URL, socket('ECONNRESET'))
    expect(adviseLostWrite(cut, endpoints.E9)).toBe(cut)
    const refused = errorFromTransport(endpoints.E17, URL, socket('ECONNREFUSED'))
    expect(adviseLostWrite(refused, endpoints.E17)).toBe(refused)
    const invalid = new AppError({ kind: 'validation', message: 'bad', hint: 'fix it' })
    expect(adviseLostWrite(invalid, endpoints.E17)).toBe(invalid)
  })
})

/** The rule itself (callFate): whether the request was written decides a transport failure. */
describe('the one rule: not sent, answered, or lost', () => {
  const written = (error: AppError, requestWritten: boolean) =>
    new AppError({ ...error.toData(), details: { ...error.details, requestWritten } })

  it('a transport failure is lost only once the request was written', () => {
    const reset = errorFromTransport(endpoints.E17, URL, socket('ECONNRESET'))
    const timeout = errorFromTransport(endpoints.E17, URL, socket('ETIMEDOUT'))
    const cancel = errorFromTransport(endpoints.E17, URL, socket('ERR_CANCELED'))
    expect(
      [reset, timeout, cancel].map((e) => [e.code, callFate(written(e, false)), callFate(written(e, true))])
    ).toEqual([
      ['ECONNRESET', 'not-sent', 'lost'],
      ['TIMEOUT', 'not-sent', 'lost'],
      ['CANCELLED', 'not-sent', 'lost']
    ])
  })

  it('without the fact (an error made elsewhere), only what cannot have been sent is not sent', () => {
    expect(
      [
        errorFromTransport(endpoints.E17, URL, socket('ECONNREFUSED')),
        errorFromTransport(endpoints.E17, URL, socket('ENOTFOUND')),
        errorFromTransport(endpoints.E17, URL, socket('ECONNRESET')),
        errorFromTransport(endpoints.E17, URL, socket('ERR_CANCELED')),
        new AppError({ kind: 'tls', code: 'CERT_CHANGED', message: 'pin' }),
        new AppError({ kind: 'storage', message: 'disk' }),
        new AppError({ kind: 'server', code: 'UNEXPECTED_RESPONSE', message: 'not JSON' })
      ].map((e) => [e.kind, e.code, callFate(e)])
    ).toEqual([
      ['network', 'ECONNREFUSED', 'not-sent'],
      ['network', 'ENOTFOUND', 'not-sent'],
      ['network', 'ECONNRESET', 'lost'],
      ['cancelled', 'CANCELLED', 'lost'],
      ['tls', 'CERT_CHANGED', 'not-sent'],
      ['storage', undefined, 'not-sent'],
      ['server', 'UNEXPECTED_RESPONSE', 'lost']
    ])
  })
})
