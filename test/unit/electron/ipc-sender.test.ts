import { beforeEach, describe, expect, it, vi } from 'vitest'

// Electron cannot run here: mock only the surface ipc.ts and window.ts touch.
const handled = new Map<string, (event: unknown, input: unknown) => Promise<unknown>>()
vi.mock('electron', () => {
  const electron = {
    app: { isPackaged: true },
    ipcMain: {
      handle: (channel: string, fn: (event: unknown, input: unknown) => Promise<unknown>) => handled.set(channel, fn)
    },
    BrowserWindow: class {},
    session: {},
    shell: {}
  }
  return { ...electron, default: electron }
})

const { bindIpc, forwardEvents, isTrustedSender } = await import('../../../src/main/electron/ipc')
const { rendererUrl } = await import('../../../src/main/electron/window')
const { createEventHub } = await import('../../../src/main/services/events')
const { channelNames } = await import('../../../src/shared/ipc/contract')

const top = (url: string) => ({ senderFrame: { parent: null, url } }) as never
const refused = {
  ok: false,
  error: {
    kind: 'permission',
    code: 'UNTRUSTED_SENDER',
    message: 'Refused a call from an unknown frame.',
    retryable: false
  }
}

describe('IPC sender check', () => {
  it('trusts only the top frame showing our renderer', () => {
    const app = rendererUrl()
    expect(app).toMatch(/^file:\/\/.*\/renderer\/index\.html$/)
    expect(isTrustedSender(top(app))).toBe(true)
    expect(isTrustedSender(top(app + '#/cards'))).toBe(true)
    // Our renderer in a frame of some page (or of our own page): not the top frame.
    expect(isTrustedSender({ senderFrame: { parent: { url: app }, url: app } } as never)).toBe(false)
    // Another file, another scheme, something that is not a URL at all.
    expect(isTrustedSender(top(app.replace('index.html', 'other.html')))).toBe(false)
    expect(isTrustedSender(top('https://evil.example/renderer/index.html'))).toBe(false)
    expect(isTrustedSender(top('not a url'))).toBe(false)
    // A frame already gone (Electron gives null) or none at all.
    expect(isTrustedSender({ senderFrame: null } as never)).toBe(false)
    expect(isTrustedSender({} as never)).toBe(false)
  })

  describe('bound channels', () => {
    const calls: [string, unknown][] = []
    beforeEach(() => {
      handled.clear()
      calls.length = 0
      bindIpc(async (channel, input) => {
        calls.push([channel, input])
        return { ok: true, result: { channel } }
      })
    })

    it('every channel refuses a foreign sender with a permission error, before any handler runs', async () => {
      expect(handled.size).toBe(channelNames.length)
      for (const channel of channelNames) {
        expect(await handled.get(channel)!(top('https://evil.example/'), { any: 1 })).toEqual(refused)
        expect(await handled.get(channel)!({ senderFrame: { parent: {}, url: rendererUrl() } }, {})).toEqual(refused)
        expect(await handled.get(channel)!({ senderFrame: null }, {})).toEqual(refused)
      }
      expect(calls).toEqual([])
    })

    it('each channel passes its own name and the input to dispatch for our frame', async () => {
      for (const channel of channelNames) {
        expect(await handled.get(channel)!(top(rendererUrl()), { n: channel })).toEqual({
          ok: true,
          result: { channel }
        })
      }
      expect(calls).toEqual(channelNames.map((c) => [c, { n: c }]))
    })
  })
})

describe('events to a window', () => {
  it('forwards every service event to the renderer until unsubscribed, and never to a destroyed one', () => {
    const hub = createEventHub()
    const sent: [string, unknown][] = []
    let destroyed = false
    const contents = { isDestroyed: () => destroyed, send: (e: string, p: unknown) => sent.push([e, p]) }
    const unsubscribe = forwardEvents(hub.subscribe, contents as never)
    hub.emit('connections.changed', { activeId: 'a' })
    destroyed = true
    hub.emit('connections.changed', { activeId: 'b' })
    destroyed = false
    hub.emit('connections.changed', { activeId: 'c' })
    unsubscribe()
    hub.emit('connections.changed', { activeId: 'd' })
    expect(sent).toEqual([
      ['connections.changed', { activeId: 'a' }],
      ['connections.changed', { activeId: 'c' }]
    ])
  })
})
