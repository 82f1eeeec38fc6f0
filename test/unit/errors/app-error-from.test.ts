import { describe, expect, it } from 'vitest'
import { AppError, errorKinds } from '../../../src/shared/errors'
import { appErrorDataSchema } from '../../../src/shared/error-data-schema'

/**
 * AppError.from checks the shape of plain error data by hand (errors.ts loads no zod, so the kiosk and
 * the desk's shell stay small); the zod schema used at the boundaries must agree with it on every value.
 */
describe('AppError.from and the error data schema agree', () => {
  const samples: unknown[] = [
    { kind: 'network', message: 'down', retryable: true },
    { kind: 'auth', message: 'refused', retryable: false, code: 'TOKEN', hint: 'Change the token', details: { a: 1 } },
    { kind: 'nonsense', message: 'x', retryable: true },
    { kind: 'server', message: 1, retryable: true },
    { kind: 'server', message: 'x' },
    { kind: 'server', message: 'x', retryable: true, code: 5 },
    { kind: 'server', message: 'x', retryable: true, details: [] },
    { kind: 'server', message: 'x', retryable: true, details: null },
    null,
    'a string',
    new Error('boom')
  ]
  it.each(samples.map((s) => [JSON.stringify(s) ?? String(s), s]))('%s', (_name, sample) => {
    const error = AppError.from(sample)
    if (appErrorDataSchema.safeParse(sample).success) {
      expect(error.toData()).toEqual(sample)
    } else {
      expect(error.kind).toBe('server')
      expect(error.message).toMatch(/^Unexpected error: /)
    }
  })
  it('knows every kind', () => {
    for (const kind of errorKinds) expect(AppError.from({ kind, message: 'm', retryable: false }).kind).toBe(kind)
  })
})
