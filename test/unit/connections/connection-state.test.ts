import { describe, expect, it } from 'vitest'
import { ConnectionStates } from '../../../src/main/services/connections/connection-state'
import type { CallVerdict } from '../../../src/main/services/connections/call-verdict'
import type { ConsoleReach } from '../../../src/shared/connections'

const ok = (key = 'view:credential'): CallVerdict => ({ kind: 'answered', key })
const refused403 = (key: string): CallVerdict => ({ kind: 'missing', key, message: `lacks ${key}` })
const down = (state: 'unreachable' | 'refused' | 'certificate' | 'trouble'): CallVerdict => ({
  kind: 'down',
  state,
  message: `${state}!`
})
const action: CallVerdict = { kind: 'action' }

function statesOf() {
  const said: ConsoleReach[] = []
  const clock = { now: 1 }
  const states = new ConnectionStates({ emit: (r) => said.push(r), now: () => clock.now })
  const feed = (v: CallVerdict, profile = 'site') => states.record(profile, states.generation(profile), v)
  const words = () => said.map((r) => (r.missing ? `${r.state}:${r.missing.join('+')}` : r.state))
  return { states, said, feed, words, clock }
}

describe('the connection state of a profile, fed by every call', () => {
  it('each state from its calls, back to Connected on the next success; said once per change', () => {
    const { feed, words, said } = statesOf()
    feed(ok())
    feed(ok())
    feed(down('unreachable'))
    feed(down('unreachable'))
    feed(ok())
    feed(down('refused'))
    feed(ok())
    feed(down('certificate'))
    feed(ok())
    feed(down('trouble'))
    feed(down('trouble'))
    feed(ok())
    expect(words()).toEqual([
      'reachable',
      'unreachable',
      'reachable',
      'refused',
      'reachable',
      'certificate',
      'reachable',
      'trouble',
      'reachable'
    ])
    expect(said[1]).toMatchObject({ profileId: 'site', message: 'unreachable!' })
    expect(said[0]!.message).toBeUndefined()
  })

  it('403 to everything: Missing permissions naming each key refused, not Connected; keys held again: Connected', () => {
    const { feed, words, said, states } = statesOf()
    feed(refused403('view:credential'))
    feed(refused403('view:visitor'))
    feed(refused403('view:visitor'))
    expect(words()).toEqual(['permissions:view:credential', 'permissions:view:credential+view:visitor'])
    expect(said.at(-1)!.message).toBe(
      'The API token lacks view:credential, view:visitor. Add them to the token on the console, or use Change token… in Settings.'
    )
    expect(states.missing('site')).toEqual(['view:credential', 'view:visitor'])
    // A success proves its own key only.
    feed(ok('view:credential'))
    expect(words().at(-1)).toBe('permissions:view:visitor')
    feed(ok('view:visitor'))
    expect(words().at(-1)).toBe('reachable')
  })

  it('a single 403 on one action: Missing permissions for that key while other calls work', () => {
    const { feed, words } = statesOf()
    feed(ok('view:credential'))
    feed(refused403('edit:credential'))
    feed(ok('view:credential'))
    expect(words()).toEqual(['reachable', 'permissions:edit:credential'])
  })

  it('a limit on requests or a cancel changes nothing, whatever the state', () => {
    const { feed, words } = statesOf()
    feed(action)
    expect(words()).toEqual([])
    feed(ok())
    feed(action)
    feed(down('trouble'))
    feed(action)
    expect(words()).toEqual(['reachable', 'trouble'])
  })

  it('an answer about one action (a 404: the card already gone) ends "Answering with errors", keys untouched', () => {
    const { feed, words } = statesOf()
    feed(refused403('edit:user'))
    feed({ kind: 'answered' })
    feed(down('trouble'))
    feed({ kind: 'answered' })
    expect(words()).toEqual(['permissions:edit:user', 'trouble', 'reachable'])
  })

  it('a failure of the connection leaves every key not known: a later success of another call names none missing', () => {
    const { feed, words, states } = statesOf()
    feed(refused403('edit:user'))
    feed(down('trouble'))
    feed(ok('view:credential'))
    expect(words()).toEqual(['permissions:edit:user', 'trouble', 'reachable'])
    expect(states.missing('site')).toEqual([])
    // A new 403 is said again.
    feed(refused403('edit:user'))
    expect(words().at(-1)).toBe('permissions:edit:user')
  })

  it('a token replaced and accepted: not Token refused; calls of the old token are ignored', () => {
    const { states, feed, words } = statesOf()
    feed(down('refused'))
    const oldGeneration = states.generation('site')
    states.reset('site')
    states.known('site', states.generation('site'), [
      { key: 'view:credential', status: 'allowed' },
      { key: 'edit:credential', status: 'allowed' }
    ])
    // An answer to a call made with the old token arrives late.
    states.record('site', oldGeneration, down('refused'))
    expect(words()).toEqual(['refused', 'reachable'])
    expect(states.current('site')?.state).toBe('reachable')
  })

  it('a token check replaces the missing keys with those it found missing', () => {
    const { states, feed, words } = statesOf()
    feed(refused403('edit:visitor'))
    states.known('site', states.generation('site'), [
      { key: 'edit:visitor', status: 'allowed' },
      { key: 'edit:user', status: 'missing' },
      { key: 'view:space', status: 'unknown' }
    ])
    expect(words()).toEqual(['permissions:edit:visitor', 'permissions:edit:user'])
  })

  it('a token check whose every probe failed (errors, no key told) does not make a failing console Connected', () => {
    const { states, feed, words } = statesOf()
    feed(refused403('edit:visitor'))
    feed(down('trouble'))
    states.known('site', states.generation('site'), [
      { key: 'view:credential', status: 'unknown' },
      { key: 'edit:visitor', status: 'unknown' }
    ])
    expect(words()).toEqual(['permissions:edit:visitor', 'trouble'])
    expect(states.current('site')?.state).toBe('trouble')
    // Some keys told: the console answered; a key it could not tell is not known, never missing.
    states.known('site', states.generation('site'), [
      { key: 'view:credential', status: 'allowed' },
      { key: 'edit:visitor', status: 'unknown' }
    ])
    expect(words()).toEqual(['permissions:edit:visitor', 'trouble', 'reachable'])
  })

  it('a token check whose every probe failed turns a Connected console to Answering with errors, as Settings says', () => {
    const { states, feed, words } = statesOf()
    feed(ok())
    states.known('site', states.generation('site'), [
      { key: 'view:credential', status: 'unknown' },
      { key: 'edit:visitor', status: 'unknown' }
    ])
    expect(words()).toEqual(['reachable', 'trouble'])
    expect(states.current('site')?.message).toBe('The console answered every check of the token with an error.')
  })

  it('profiles are apart: another console’s answers are not this one’s; a reset says nothing until the next answer', () => {
    const { states, feed, said } = statesOf()
    feed(ok(), 'site')
    feed(down('unreachable'), 'other')
    expect(states.current('site')?.state).toBe('reachable')
    expect(states.current('other')?.state).toBe('unreachable')
    states.reset('site')
    expect(states.current('site')).toBeNull()
    expect(said).toHaveLength(2)
    feed(ok(), 'site')
    expect(said).toHaveLength(3)
  })

  it('remembers when the console last answered (the check’s 15 s shortcut reads it)', () => {
    const { states, feed, clock } = statesOf()
    expect(states.answeredAt('site')).toBe(0)
    clock.now = 50
    feed(ok())
    clock.now = 90
    feed(down('unreachable'))
    expect(states.answeredAt('site')).toBe(50)
  })
})
