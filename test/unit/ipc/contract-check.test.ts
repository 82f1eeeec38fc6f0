import { describe, expect, it } from 'vitest'
import { createDispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'
import { contractCheckOn } from '../../../src/main/services/ipc/contract-check'
import { createEventHub } from '../../../src/main/services/events'

/** The contract held both ways in tests: what main answers and pushes is parsed as what it receives. */
describe('the contract checked on answers and events while tests run', () => {
  it('is on for the test projects (vitest.config.ts), off unless asked', () => {
    expect(contractCheckOn()).toBe(true)
    expect(contractCheckOn({})).toBe(false)
  })

  it('an answer the channel does not promise fails the call that made it, naming the field', async () => {
    const handlers = { 'pins.generate': async () => ({ pin: 1234 }) } as unknown as Handlers
    const answer = await createDispatch(handlers)('pins.generate', undefined)
    expect(answer).toMatchObject({ ok: false, error: { code: 'CONTRACT_MISMATCH' } })
    expect(answer.ok === false && answer.error.message).toMatch(/pins\.generate.*pin/)
  })

  it('an answer that keeps the promise passes unchanged', async () => {
    const handlers = { 'pins.generate': async () => ({ pin: '123456' }) } as unknown as Handlers
    expect(await createDispatch(handlers)('pins.generate', undefined)).toEqual({ ok: true, result: { pin: '123456' } })
  })

  it('an event whose payload breaks its schema throws where it is emitted', () => {
    const hub = createEventHub()
    const heard: unknown[] = []
    hub.subscribe((_event, payload) => heard.push(payload))
    expect(() => hub.emit('connections.changed', { activeId: 42 } as never)).toThrow(/connections\.changed/)
    expect(heard).toEqual([])
    hub.emit('connections.changed', { activeId: 'a' })
    expect(heard).toEqual([{ activeId: 'a' }])
  })
})
