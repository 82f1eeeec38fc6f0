import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../src/shared/access/endpoints'
import { actionKeys, keyProbes, keysOf, keysUsedBy } from '../../../src/shared/access/permissions'

describe('the permission declaration (shared/access/permissions.ts)', () => {
  it('gives each action the key of the endpoint it calls', () => {
    expect(actionKeys.cards.edit).toBe(endpoints.E8.permission)
    // Giving a card to a person and taking it back act on the user (edit:user), not the card.
    expect(actionKeys.cards.assign).toBe(endpoints.userAssignNfc.permission)
    expect(actionKeys.touchPasses).toEqual({
      edit: endpoints.E14.permission,
      assign: endpoints.usersAssignTouchPasses.permission
    })
    expect(actionKeys.visitors.edit).toBe(endpoints.E17.permission)
    // Enroll a new card for a visitor ends in giving the card to the visitor (§4.7).
    expect(actionKeys.visitors.enrollCard).toBe(endpoints.visitorAssignNfc.permission)
    expect(actionKeys.pins).toEqual({
      user: endpoints.userUnassignPin.permission,
      visitor: endpoints.visitorUnassignPin.permission,
      generate: endpoints.E1.permission
    })
    expect(actionKeys.enroll.start).toBe(endpoints.E2.permission)
    expect(keysOf('pins')).toEqual(['edit:user', 'edit:visitor', 'view:credential'])
  })

  it("names the keys a screen reads with beside its actions' (Visitors lists with view:visitor)", () => {
    expect(keysUsedBy('visitors')).toEqual(['edit:visitor', 'view:visitor'])
    // Cards and Touch Passes list with view:credential: a token with no keys named only the edit keys (walk K).
    expect(keysUsedBy('cards')).toEqual(['edit:credential', 'edit:user', 'view:credential'])
    expect(keysUsedBy('touchPasses')).toEqual(['edit:credential', 'edit:user', 'view:credential'])
  })

  it('proves each key with a call that needs exactly that key', () => {
    for (const [key, probe] of Object.entries(keyProbes)) expect(probe.endpoint.permission, key).toBe(key)
  })
})
