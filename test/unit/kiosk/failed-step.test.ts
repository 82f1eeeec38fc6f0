import { describe, expect, it } from 'vitest'
import { failedStep } from '../../../src/shared/kiosk/failed-step'

const notFound = { kind: 'not-found', retryable: false } as const

describe('what a failed kiosk call means', () => {
  it('a visit read answered "no such visit" is a visit deleted since it was found: cancelled, to the visitor', () => {
    expect(failedStep(notFound, 'visit')).toEqual({ kind: 'refused', refusal: { reason: 'cancelled' } })
  })

  it('a read of today\'s visitors answered "not found" (a console without the endpoint) cancels nobody: the console refused the call', () => {
    expect(failedStep(notFound, 'visitors')).toEqual({
      kind: 'refused',
      refusal: { reason: 'console-refused', cause: 'answer' }
    })
  })
})
