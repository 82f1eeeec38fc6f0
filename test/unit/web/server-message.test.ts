import { describe, expect, it } from 'vitest'
import { readServerMessage } from '../../../src/web/bridge-wire'

/**
 * The tab reads its service's messages without zod (bridge-wire.ts): each kind the server sends is
 * read as sent, and anything else — another shape, a wrong type, an envelope without its error's
 * kind — is not a message (the tab ignores the frame instead of resolving a call with it).
 */
describe('readServerMessage', () => {
  it('reads each message the server sends', () => {
    expect(readServerMessage({ type: 'ready', maxMessageBytes: 1024 })).toEqual({
      type: 'ready',
      maxMessageBytes: 1024
    })
    const answered = { type: 'result', id: 7, envelope: { ok: true, result: { items: [1] } } }
    expect(readServerMessage(answered)).toEqual(answered)
    // A channel that answers nothing: JSON drops the undefined result.
    expect(readServerMessage({ type: 'result', id: 8, envelope: { ok: true } })).toEqual({
      type: 'result',
      id: 8,
      envelope: { ok: true }
    })
    const refused = {
      type: 'result',
      id: 9,
      envelope: { ok: false, error: { kind: 'permission', message: 'Refused', hint: 'Ask for edit:visitor' } }
    }
    expect(readServerMessage(refused)).toEqual(refused)
    const event = { type: 'event', event: 'batches.changed', payload: { id: 'b1' } }
    expect(readServerMessage(event)).toEqual(event)
  })

  it.each([
    ['not an object', 'ready'],
    ['null', null],
    ['an array', [{ type: 'ready', maxMessageBytes: 1 }]],
    ['an unknown type', { type: 'hello' }],
    ['a ready without a size', { type: 'ready' }],
    ['a ready with no room', { type: 'ready', maxMessageBytes: 0 }],
    ['a ready with a fractional size', { type: 'ready', maxMessageBytes: 1.5 }],
    ['a result without an id', { type: 'result', envelope: { ok: true } }],
    ['a result with a text id', { type: 'result', id: '1', envelope: { ok: true } }],
    ['a result without an envelope', { type: 'result', id: 1 }],
    ['an envelope without ok', { type: 'result', id: 1, envelope: { result: 1 } }],
    ['an error without its kind', { type: 'result', id: 1, envelope: { ok: false, error: { message: 'x' } } }],
    ['an error without its message', { type: 'result', id: 1, envelope: { ok: false, error: { kind: 'network' } } }],
    ['an error that is text', { type: 'result', id: 1, envelope: { ok: false, error: 'x' } }],
    ['an event without its name', { type: 'event', payload: 1 }]
  ])('is not a message: %s', (_, data) => {
    expect(readServerMessage(data)).toBeUndefined()
  })
})
