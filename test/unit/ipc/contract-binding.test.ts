import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelNames, channels } from '../../../src/shared/ipc/contract'
import { createHandlers } from '../../../src/main/handlers'
import { createDispatch } from '../../../src/main/services/ipc/dispatch'
import { createNodeServices } from '../../../src/main/services/node-app'
import type { AppServices } from '../../../src/main/services/app-services'
import { tempDir } from '../../support/temp'
import { startDemoConsole } from '../../../src/demo-console/server'

describe('contract binding', () => {
  let services: AppServices
  let data: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    data = await tempDir()
    services = await createNodeServices({ dataDir: data.path, transport: 'test', startDemoConsole })
  })
  afterAll(async () => {
    await services?.close()
    await data?.remove()
  })

  it('has exactly one handler for every channel of the contract', () => {
    const handlers = createHandlers(services)
    expect(Object.keys(handlers).sort()).toEqual([...channelNames].sort())
    for (const name of channelNames) expect(typeof handlers[name]).toBe('function')
  })

  it('names every channel namespace.method so the preload can nest them', () => {
    for (const name of channelNames) expect(name).toMatch(/^[a-zA-Z]+\.[a-zA-Z]+$/)
    for (const def of Object.values(channels)) expect(def.summary.length).toBeGreaterThan(10)
  })

  it('refuses malformed input with a validation error, before any handler runs', async () => {
    const dispatch = createDispatch(createHandlers(services))
    const reply = await dispatch('connections.select', { id: 42 })
    expect(reply.ok).toBe(false)
    if (reply.ok) return
    expect(reply.error.kind).toBe('validation')
    expect(reply.error.code).toBe('INVALID_INPUT')
    expect(reply.error.message).toContain('id')
  })

  it('refuses an unknown channel', async () => {
    const reply = await createDispatch(createHandlers(services))('fs.readFile', { path: '/etc/passwd' })
    expect(reply).toMatchObject({ ok: false, error: { kind: 'validation', code: 'UNKNOWN_CHANNEL' } })
  })

  it('carries an AppError from a handler across as data (kind, hint), never a stack', async () => {
    const reply = await createDispatch(createHandlers(services))('connections.select', { id: 'no-such-profile' })
    expect(reply).toMatchObject({ ok: false, error: { kind: 'not-found' } })
    if (!reply.ok) {
      expect(reply.error.message).toBe('No connection with id no-such-profile.')
      expect(reply.error.hint).toBe('Reload the list of connections.')
      expect(JSON.stringify(reply.error)).not.toMatch(/at .*\.ts:\d+/)
    }
  })

  it('answers a valid call with a result that matches the output schema', async () => {
    const reply = await createDispatch(createHandlers(services))('pins.generate', undefined)
    expect(reply.ok).toBe(true)
    if (reply.ok) expect(channels['pins.generate'].output.parse(reply.result).pin).toMatch(/^\d{8}$/)
  })

  it('refuses a string with a lone surrogate on every channel with a validation error naming the field', async () => {
    const dispatch = createDispatch(createHandlers(services))
    // Against the demo console this id reached encodeURIComponent: "Unexpected error: URI malformed".
    const reply = await dispatch('visitors.get', { id: '\uD800' })
    expect(reply).toMatchObject({ ok: false, error: { kind: 'validation', code: 'INVALID_INPUT' } })
    if (!reply.ok) {
      expect(reply.error.message).toContain('id')
      expect(reply.error.message).not.toMatch(/URI malformed|Unexpected error/)
      expect(reply.error.hint).toMatch(/Type or paste that value again; .*save the file as UTF-8/)
    }
    for (const name of channelNames) {
      const answer = await dispatch(name, { id: 'a\uDC00b' })
      expect(answer, name).toMatchObject({
        ok: false,
        error: { kind: 'validation', details: { issues: [{ path: ['id'] }] } }
      })
    }
    const nested = await dispatch('cards.rename', { token: 'x', alias: ['ok', '\uD83D'] })
    expect(nested).toMatchObject({
      ok: false,
      error: { kind: 'validation', message: expect.stringContaining('alias.1') }
    })
    // A well-formed pair (an emoji) is not refused for being two code units.
    const pair = await dispatch('connections.select', { id: '\uD83D\uDE00' })
    expect(pair).toMatchObject({ ok: false, error: { kind: 'not-found' } })
  })
})
