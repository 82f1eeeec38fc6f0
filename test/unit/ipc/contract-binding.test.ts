import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelNames, channels } from '../../../src/shared/ipc/contract'
import { createHandlers } from '../../../src/main/handlers'
import { createDispatch } from '../../../src/main/services/ipc/dispatch'
import { createNodeServices } from '../../../src/main/services/node-app'
import type { AppServices } from '../../../src/main/services/app-services'
import { tempDir } from '../../support/temp'

describe('contract binding', () => {
  let services: AppServices
  let data: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    data = await tempDir()
    services = await createNodeServices({ dataDir: data.path, transport: 'test' })
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
      expect(reply.error.hint).toBeTruthy()
      expect(JSON.stringify(reply.error)).not.toMatch(/at .*\.ts:\d+/)
    }
  })

  it('answers a valid call with a result that matches the output schema', async () => {
    const reply = await createDispatch(createHandlers(services))('pins.generate', undefined)
    expect(reply.ok).toBe(true)
    if (reply.ok) expect(channels['pins.generate'].output.parse(reply.result).pin).toMatch(/^\d{8}$/)
  })
})
