import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { endpoints } from '../../../src/shared/access/endpoints'
import { adviseLostWrite, answerLost } from '../../../src/main/services/access/lost-answer'
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

  it('nothing sent, or a refusal the console answered: not lost', () => {
    for (const error of [
      errorFromTransport(endpoints.E17, URL, socket('ECONNREFUSED')),
      errorFromTransport(endpoints.E17, URL, socket('ENOTFOUND')),
      errorFromResponse(endpoints.E17, 500, { code: 'CODE_SYSTEM_ERROR', msg: 'x' }),
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
      details: { endpoint: 'E17', answerLost: true }
    })
    expect(cut.hint).toMatch(/then try again/)
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
