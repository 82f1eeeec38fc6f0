import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConsoleReachCheck } from '../../../src/main/services/connections/console-reach'
import {
  openNotifications,
  SocketRefused,
  type SocketTarget
} from '../../../src/main/services/today/notifications-socket'
import type { ConsoleReach } from '../../../src/shared/connections'
import { startDemo, type Demo } from '../access/support'
import { useAppServices } from '../../support/app-services'

/**
 * Today's notifications socket is a call to the console like any other: what it meets (the token
 * refused, another certificate, no answer, the key missing, or an open socket) is classified by
 * call-verdict and said by the same connection state as every read and write.
 */
describe('the notifications socket feeds the one connection state', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo?.stop())

  function attempt(change: Partial<SocketTarget> = {}) {
    const said: ConsoleReach[] = []
    const reach = new ConsoleReachCheck({ active: async () => null, emit: (r) => said.push(r) })
    const target: SocketTarget = {
      baseUrl: demo.console.url,
      token: demo.console.tokens.full,
      pin: { fingerprint256: demo.console.fingerprint256, pems: [demo.console.certificatePem] },
      onOutcome: reach.outcomes('site'),
      ...change
    }
    const opened = openNotifications(target, { onMessage: () => undefined, onClose: () => undefined }, 5_000)
    return { said, opened }
  }

  it('a refused token (401): Token refused, as any call would say', async () => {
    const { said, opened } = attempt({ token: 'not-a-token' })
    await expect(opened).rejects.toBeInstanceOf(SocketRefused)
    expect(said.at(-1)).toMatchObject({ profileId: 'site', state: 'refused', message: expect.any(String) })
  })

  it('another certificate than the one trusted: Certificate changed', async () => {
    const { said, opened } = attempt({
      pin: { fingerprint256: 'AA:'.repeat(31) + 'AA', pems: [demo.console.certificatePem] }
    })
    await expect(opened).rejects.toBeInstanceOf(SocketRefused)
    expect(said.at(-1)).toMatchObject({ state: 'certificate' })
    expect(said.at(-1)?.message).toMatch(/not the one you trusted/)
  })

  it('no answer at the address: Not answering', async () => {
    const { said, opened } = attempt({ baseUrl: 'https://127.0.0.1:9' })
    await expect(opened).rejects.toBeInstanceOf(SocketRefused)
    expect(said.at(-1)).toMatchObject({ state: 'unreachable' })
  })

  it('a token without view:device (403): live updates off, not Missing permissions (the console answered)', async () => {
    const { said, opened } = attempt({ token: demo.console.tokens.none })
    await expect(opened).rejects.toMatchObject({ kind: 'permission', message: expect.stringMatching(/view:device/) })
    expect(said.at(-1)).toMatchObject({ state: 'reachable' })
  })

  it('an open socket is an answer: Connected', async () => {
    const { said, opened } = attempt()
    const socket = await opened
    socket.close()
    expect(said.at(-1)).toMatchObject({ state: 'reachable' })
  })
})

describe('the app wires Today’s socket to the active console’s connection state', () => {
  const app = useAppServices()

  it('the socket opened for Today reports to the state the sidebar shows', async () => {
    const target = await app.services.connections.activeTarget()
    expect(target.onOutcome).toBeTypeOf('function')
    // The same target with a token the console refuses: the sidebar's state says so.
    await expect(
      openNotifications({ ...target, token: 'not-a-token' }, { onMessage: () => undefined, onClose: () => undefined })
    ).rejects.toBeInstanceOf(SocketRefused)
    const reach = app.events.filter((e) => e.event === 'connections.reach').map((e) => e.payload as ConsoleReach)
    expect(reach.at(-1)).toMatchObject({ profileId: target.id, state: 'refused' })
  })
})
