import { describe, expect, it } from 'vitest'
import { verdictOf } from '../../../src/main/services/connections/call-verdict'
import { errorFromResponse, errorFromTransport } from '../../../src/main/services/access/errors'
import { certificateChanged } from '../../../src/main/services/access/tls-pinning'
import { consoleUnreachable, tokenRefused } from '../../../src/main/services/connections/token-check'
import { AppError, errorKinds, type ErrorKind } from '../../../src/shared/errors'
import { endpoints } from '../../../src/shared/access/endpoints'

const URL = 'https://10.0.0.2:12445'
const read = endpoints.E6
const write = endpoints.E4

/** The verdict of a console answer with this status (and console code), for one endpoint. */
const answer = (status: number, code?: string, endpoint = read) =>
  verdictOf({
    permission: endpoint.permission,
    error: errorFromResponse(endpoint, status, code ? { code } : undefined)
  })

/** The verdict of a failure below HTTP with this socket code. */
const transport = (code: string) =>
  verdictOf({
    permission: read.permission,
    error: errorFromTransport(read, URL, Object.assign(new Error(code), { code }))
  })

describe('what one call says of the connection', () => {
  it('a success: the console answered and the call’s key is held', () => {
    expect(verdictOf({ permission: 'view:credential' })).toEqual({ kind: 'answered', key: 'view:credential' })
    expect(verdictOf({})).toEqual({ kind: 'answered' })
  })

  it('403 (or CODE_UNAUTHORIZED): the key of the refused call is missing, named', () => {
    expect(answer(403)).toMatchObject({ kind: 'missing', key: 'view:credential' })
    expect(answer(403, undefined, write)).toMatchObject({ kind: 'missing', key: 'edit:credential' })
    expect(answer(200, 'CODE_UNAUTHORIZED', write)).toMatchObject({ kind: 'missing', key: 'edit:credential' })
  })

  it('401 and the console’s token codes: token refused; so is a refused token check or no token stored', () => {
    for (const v of [answer(401), answer(200, 'CODE_AUTH_FAILED'), answer(401, 'CODE_ACCESS_TOKEN_INVALID')]) {
      expect(v).toMatchObject({ kind: 'down', state: 'refused' })
    }
    const cause = new AppError({ kind: 'auth', message: 'no' })
    expect(verdictOf({ error: tokenRefused(URL, 'saved', cause) })).toMatchObject({ state: 'refused' })
    expect(verdictOf({ error: new AppError({ kind: 'auth', code: 'NO_TOKEN', message: 'none' }) })).toMatchObject({
      state: 'refused'
    })
  })

  it('5xx and the console’s internal error: answering with errors', () => {
    for (const status of [500, 502, 503]) expect(answer(status)).toMatchObject({ kind: 'down', state: 'trouble' })
    expect(answer(500, 'CODE_SYSTEM_ERROR')).toMatchObject({ kind: 'down', state: 'trouble' })
    // A 200 that is not an API answer at all (a proxy page): errors too.
    const notApi = new AppError({ kind: 'server', code: 'UNEXPECTED_RESPONSE', message: 'not an API answer' })
    expect(verdictOf({ error: notApi })).toMatchObject({ state: 'trouble' })
  })

  it('no answer (refused, reset, timeout, no route, a name that does not resolve): not answering', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EHOSTUNREACH', 'ENOTFOUND']) {
      expect(transport(code)).toMatchObject({ kind: 'down', state: 'unreachable' })
    }
    const cause = new AppError({ kind: 'network', code: 'ECONNREFUSED', message: 'x' })
    expect(verdictOf({ error: consoleUnreachable(URL, cause) })).toMatchObject({ state: 'unreachable' })
  })

  it('an answer lost after the request went out is marked lost alike, whether the connection was cut or a proxy answered 502', () => {
    // The demo console's afterCommit faults: the write is carried out, then its answer is lost (a reset, or a 502).
    const cut = (code: string, requestWritten: boolean) => {
      const e = errorFromTransport(write, URL, Object.assign(new Error(code), { code })).toData()
      return verdictOf({
        permission: write.permission,
        error: new AppError({ ...e, details: { ...e.details, requestWritten } })
      })
    }
    expect(answer(502, undefined, write)).toMatchObject({ kind: 'down', state: 'trouble', lost: true })
    expect(cut('ECONNRESET', true)).toMatchObject({ kind: 'down', state: 'unreachable', lost: true })
    // Every 5xx on a write, the console's own too: it may have saved it (afterCommit.status500).
    expect(answer(500, 'CODE_SYSTEM_ERROR', write)).toMatchObject({ kind: 'down', lost: true })
    // Cut before the request was written: nothing lost, not answering. A read's own 500: errors.
    expect(cut('ECONNRESET', false)).not.toHaveProperty('lost')
    expect(answer(500, 'CODE_SYSTEM_ERROR', endpoints.E6)).not.toHaveProperty('lost')
  })

  it('another certificate, an expired one: certificate changed', () => {
    expect(transport('CERT_FINGERPRINT_MISMATCH')).toMatchObject({ kind: 'down', state: 'certificate' })
    expect(transport('CERT_HAS_EXPIRED')).toMatchObject({ kind: 'down', state: 'certificate' })
    expect(verdictOf({ error: certificateChanged(URL) })).toMatchObject({ state: 'certificate' })
  })

  it('an answer about one action (404, 400/422, 409, a missing feature, a reader offline, an unknown field): the console answers, no key proved', () => {
    for (const v of [
      answer(404),
      answer(404, 'CODE_NOT_EXISTS'),
      answer(404, undefined, endpoints.E6), // E6 has a minVersion: "unsupported"
      answer(400),
      answer(422),
      answer(400, 'CODE_PARAMS_INVALID'),
      answer(409),
      answer(200, 'CODE_DEVICE_DEVICE_OFFLINE')
    ]) {
      expect(v).toEqual({ kind: 'answered' })
    }
    // One answer with a field this app does not know: that answer's trouble, not the console's.
    const field = new AppError({
      kind: 'server',
      code: 'UNEXPECTED_RESPONSE',
      message: 'unexpected field',
      details: { endpoint: 'E6', field: 'data.0.id' }
    })
    expect(verdictOf({ error: field })).toEqual({ kind: 'answered' })
  })

  it('a limit on requests or a cancel says nothing of the console: no change', () => {
    expect(answer(429)).toEqual({ kind: 'action' })
    expect(transport('ERR_CANCELED')).toEqual({ kind: 'action' })
  })

  it('every error kind has a verdict; anything thrown that is not an AppError counts as errors', () => {
    const expected: Record<ErrorKind, string> = {
      network: 'unreachable',
      tls: 'certificate',
      auth: 'refused',
      permission: 'missing',
      unsupported: 'answered',
      validation: 'answered',
      conflict: 'answered',
      'not-found': 'answered',
      'rate-limited': 'action',
      server: 'trouble',
      reader: 'action',
      storage: 'action',
      cancelled: 'action'
    }
    for (const kind of errorKinds) {
      const v = verdictOf({ permission: 'view:user', error: new AppError({ kind, message: kind }) })
      expect(v.kind === 'down' ? v.state : v.kind, kind).toBe(expected[kind])
    }
    expect(verdictOf({ error: new Error('boom') })).toMatchObject({ state: 'trouble' })
  })
})
