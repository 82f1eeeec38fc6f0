import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../src/shared/access/endpoints'
import { actionKeys, keyProbes, keysOf, permissionNote } from '../../../src/shared/access/permissions'

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
    expect(actionKeys.pins).toEqual({
      user: endpoints.userUnassignPin.permission,
      visitor: endpoints.visitorUnassignPin.permission,
      generate: endpoints.E1.permission
    })
    expect(actionKeys.enroll.start).toBe(endpoints.E2.permission)
    expect(keysOf('pins')).toEqual(['edit:user', 'edit:visitor', 'view:credential'])
  })

  it('proves each key with a call that needs exactly that key', () => {
    for (const [key, probe] of Object.entries(keyProbes)) expect(probe.endpoint.permission, key).toBe(key)
  })

  it('a banner names every missing key and never says view-only', () => {
    const two = permissionNote(['edit:credential', 'edit:user'])
    expect(two).toMatch(/^This token lacks edit:credential and edit:user: /)
    expect(two).toContain('Add them to the token')
    const all = permissionNote(['view:credential', 'edit:credential', 'edit:user'])
    expect(all).toMatch(/^This token lacks view:credential, edit:credential and edit:user: /)
    expect(all).not.toMatch(/view-only/i)
    expect(permissionNote(['edit:visitor'])).toMatch(/^This token lacks edit:visitor: .*Add it to the token/)
  })
})
