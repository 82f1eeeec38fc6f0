import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startDemo, type Demo } from './support'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- messages are read loosely; the assertions check their shapes
type Loose = any

interface Listener {
  socket: WebSocket
  /** The next message whose event is `event` (messages before it are skipped). */
  next(event: string): Promise<Loose>
}

/** A socket on the notifications path, or the HTTP status the console refused the upgrade with. */
function listen(demo: Demo, token: string, path = '/api/v1/developer/devices/notifications') {
  return new Promise<Listener | { status: number; body: Loose }>((resolve, reject) => {
    const socket = new WebSocket(demo.console.url.replace('https:', 'wss:') + path, {
      ca: demo.console.certificatePem,
      headers: { Authorization: `Bearer ${token}` }
    })
    const queue: Loose[] = []
    const waiting: { event: string; resolve: (m: Loose) => void }[] = []
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw))
      const i = waiting.findIndex((w) => w.event === message.event)
      if (i >= 0) waiting.splice(i, 1)[0]!.resolve(message)
      else queue.push(message)
    })
    socket.on('unexpected-response', (_req, res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }))
    })
    socket.on('error', reject)
    socket.on('open', () =>
      resolve({
        socket,
        next: (event) => {
          const i = queue.findIndex((m) => m.event === event)
          if (i >= 0) return Promise.resolve(queue.splice(i, 1)[0])
          return new Promise((r) => waiting.push({ event, resolve: r }))
        }
      })
    )
  })
}

const opened = (l: Awaited<ReturnType<typeof listen>>): Listener => {
  if (!('socket' in l)) throw new Error(`refused with ${l.status}: ${JSON.stringify(l.body)}`)
  return l
}

describe('demo console: notifications WebSocket and visitor status events', () => {
  let demo: Demo
  let active: { id: string; first_name: string; last_name: string }
  beforeAll(async () => {
    demo = await startDemo()
    const visitors = (await demo.control('GET', '/state/visitors')).body.data as Loose[]
    active = visitors.find((v) => v.status === 'ACTIVE')
  })
  afterAll(() => demo.stop())

  it('refuses an unknown token (401), a token without view:device (403) and other paths (404) before upgrading', async () => {
    expect(await listen(demo, 'not-a-token')).toEqual({
      status: 401,
      body: { code: 'CODE_ACCESS_TOKEN_INVALID', msg: 'access token invalid' }
    })
    expect(await listen(demo, demo.console.tokens.none)).toEqual({
      status: 403,
      body: { code: 'CODE_UNAUTHORIZED', msg: 'permission view:device required' }
    })
    expect(await listen(demo, demo.console.tokens.full, '/api/v1/developer/devices/other')).toMatchObject({
      status: 404
    })
  })

  it('greets a socket of a token holding view:device (the view token too) with access.base.info', async () => {
    const l = opened(await listen(demo, demo.console.tokens.view))
    expect(await l.next('access.base.info')).toEqual({
      event: 'access.base.info',
      receiver_id: '',
      event_object_id: '',
      save_to_history: false,
      data: { top_log_count: 0 }
    })
    l.socket.close()
  })

  it('pushes access.visitor.status.changed when a visitor taps in, taps out and when a visit is cancelled', async () => {
    const l = opened(await listen(demo, demo.console.tokens.full))
    const tapIn = await demo.control('POST', '/visitor-taps', { visitor_id: active.id })
    expect(tapIn.body.data).toEqual({ id: active.id, status: 'VISITING', previous_status: 'ACTIVE' })
    expect(await l.next('access.visitor.status.changed')).toEqual({
      event: 'access.visitor.status.changed',
      receiver_id: '',
      event_object_id: active.id,
      save_to_history: false,
      data: {
        actor: { id: active.id, name: `${active.first_name} ${active.last_name}`, type: 'visitor' },
        object: { status: 'VISITING', previous_status: 'ACTIVE' }
      }
    })
    expect((await demo.api('GET', `/visitors/${active.id}`)).body.data.status).toBe('VISITING')

    await demo.control('POST', '/visitor-taps', { visitor_id: active.id, direction: 'out' })
    expect((await l.next('access.visitor.status.changed')).data.object).toEqual({
      status: 'VISITED',
      previous_status: 'VISITING'
    })

    const visitors = (await demo.control('GET', '/state/visitors')).body.data as Loose[]
    const other = visitors.find((v) => v.status === 'ACTIVE' && v.id !== active.id)
    expect((await demo.api('DELETE', `/visitors/${other.id}`)).status).toBe(200)
    const cancelled = await l.next('access.visitor.status.changed')
    expect(cancelled.event_object_id).toBe(other.id)
    expect(cancelled.data.object).toEqual({ status: 'CANCELLED', previous_status: 'ACTIVE' })
    l.socket.close()
  })

  it('refuses a tap the door would refuse: a visit that ended or was cancelled, and leaving without arriving', async () => {
    const visitors = (await demo.control('GET', '/state/visitors')).body.data as Loose[]
    const cancelled = visitors.find((v) => v.status === 'CANCELLED')
    const refused = await demo.control('POST', '/visitor-taps', { visitor_id: cancelled.id })
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('CODE_OPERATION_FORBIDDEN')
    expect(refused.body.msg).toContain('CANCELLED')
    const now = Math.floor(Date.now() / 1000)
    const created = await demo.api('POST', '/visitors', {
      body: {
        first_name: 'Ada',
        last_name: 'Quist',
        visit_reason: 'Business',
        start_time: now - 60,
        end_time: now + 3600
      }
    })
    const activeOne = created.body.data
    expect(activeOne.status).toBe('ACTIVE')
    expect((await demo.control('POST', '/visitor-taps', { visitor_id: activeOne.id, direction: 'out' })).status).toBe(
      400
    )
    expect((await demo.control('POST', '/visitor-taps', { visitor_id: 'nobody' })).status).toBe(404)
    expect((await demo.control('POST', '/visitor-taps', { visitor_id: activeOne.id }, 'view')).status).toBe(403)
  })

  it('closes the sockets of a token whose view:device is taken away, and refuses it afterwards', async () => {
    const l = opened(await listen(demo, demo.console.tokens.view))
    const closed = new Promise<number>((resolve) => l.socket.on('close', (code) => resolve(code)))
    const keys = ['view:credential', 'view:user', 'view:visitor', 'view:space']
    expect((await demo.control('PUT', '/scopes', { token: 'view', keys })).status).toBe(200)
    expect(await closed).toBe(1008)
    expect(await listen(demo, demo.console.tokens.view)).toMatchObject({ status: 403 })
    // The other keys still work.
    expect((await demo.api('GET', '/visitors', { token: 'view' })).status).toBe(200)
    expect((await demo.api('GET', '/devices', { token: 'view' })).status).toBe(403)
  })

  it('has no notifications socket on a console older than 1.20.11', async () => {
    const old = await startDemo({ version: '1.20.10' })
    try {
      expect(await listen(old, old.console.tokens.full)).toMatchObject({ status: 404 })
    } finally {
      await old.stop()
    }
  })
})
