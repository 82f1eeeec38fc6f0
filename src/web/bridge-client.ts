import { buildApi } from '../preload/api'
import type { Envelope } from '../shared/ipc/define'
import type { EventName } from '../shared/ipc/contract'
import { BRIDGE_PATH, serverMessageSchema, type ClientMessage } from './protocol'

/**
 * Web mode's stand-in for the preload: installs `window.api` over the authenticated WebSocket.
 * The secret arrives in the URL fragment (never sent over HTTP), moves to sessionStorage so a
 * reload keeps working, and is removed from the address bar.
 */
const KEY = 'access-desk-bridge'
const fromHash = new URLSearchParams(location.hash.slice(1)).get('k')
if (fromHash) {
  sessionStorage.setItem(KEY, fromHash)
  history.replaceState(null, '', location.pathname)
}
const secret = sessionStorage.getItem(KEY) ?? ''

type Pending = { resolve: (e: Envelope) => void }
const pending = new Map<number, Pending>()
const listeners = new Map<string, Set<(payload: unknown) => void>>()
const queue: ClientMessage[] = []
let nextId = 1
let socket: WebSocket | undefined
let ready = false

function lost(message: string): Envelope {
  return {
    ok: false,
    error: { kind: 'network', message, hint: 'Restart `npm run web` and open the address it prints.', retryable: true }
  }
}

function connect() {
  const ws = new WebSocket(`ws://${location.host}${BRIDGE_PATH}`)
  socket = ws
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', secret } satisfies ClientMessage))
  ws.onmessage = (event) => {
    const parsed = serverMessageSchema.safeParse(JSON.parse(String(event.data)))
    if (!parsed.success) return
    const message = parsed.data
    if (message.type === 'ready') {
      ready = true
      for (const m of queue.splice(0)) ws.send(JSON.stringify(m))
    } else if (message.type === 'result') {
      pending.get(message.id)?.resolve(message.envelope as Envelope)
      pending.delete(message.id)
    } else {
      for (const fn of listeners.get(message.event) ?? []) fn(message.payload)
    }
  }
  ws.onclose = (event) => {
    ready = false
    // Calls answered "connection lost" below must not run later, after a reconnect.
    queue.length = 0
    for (const [id, p] of pending) {
      p.resolve(
        lost(
          event.code === 4401
            ? 'This page is not authorised to drive Access Desk.'
            : 'The connection to Access Desk was lost.'
        )
      )
      pending.delete(id)
    }
    // Reconnect unless refused: the server restarts with a new secret, so a refusal is final.
    if (event.code !== 4401) setTimeout(connect, 1000)
  }
}
connect()

window.api = buildApi(
  (channel, input) =>
    new Promise<Envelope>((resolve) => {
      const id = nextId++
      pending.set(id, { resolve })
      const message: ClientMessage = { type: 'call', id, channel, input }
      if (ready && socket) socket.send(JSON.stringify(message))
      else queue.push(message)
    }),
  (event: EventName, listener) => {
    const set = listeners.get(event) ?? new Set()
    listeners.set(event, set)
    const fn = listener as (payload: unknown) => void
    set.add(fn)
    return () => set.delete(fn)
  }
)
