import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../src/shared/access/endpoints'
import type { WriteCall } from '../../../src/main/services/access/http'
import { actionOf, writeKindOf } from '../../../src/main/services/audit/write-kinds'

/** A walk found Audit's action for a cancelled visit reading "delete": the visitor is kept, as CANCELLED. */
describe('a visitor’s DELETE on Audit', () => {
  it('is “cancel visit” without is_force, and “delete” with it', () => {
    const cancel: WriteCall = { endpoint: endpoints.visitorDelete, params: { id: 'v1' } }
    const force: WriteCall = { endpoint: endpoints.visitorDelete, params: { id: 'v1' }, query: { is_force: true } }
    expect(actionOf(writeKindOf(cancel)!, cancel)).toBe('cancel visit')
    expect(actionOf(writeKindOf(force)!, force)).toBe('delete')
    // Every other write keeps its one action.
    const card: WriteCall = { endpoint: endpoints.E7, params: { token: 't1' } }
    expect(actionOf(writeKindOf(card)!, card)).toBe('delete')
  })
})
