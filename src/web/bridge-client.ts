import { buildApiOf } from '../preload/api-of'
import type { Envelope } from '../shared/ipc/define'
import type { EventName } from '../shared/ipc/contract'
import {
  BRIDGE_PATH,
  BRIDGE_PROTOCOL,
  CLOSE_TOO_LARGE,
  readServerMessage,
  secretProtocol,
  type ClientMessage
} from './bridge-wire'
import { BRIDGE_STATUS_EVENT, serviceLinkError, type BridgeStatus } from './bridge-status'

/**
 * The contract's channel names, written in by the build (electron.vite.config.ts `define`): the
 * contract itself holds every channel's zod schema, which the tab need not load to call them.
 */
declare const __ACCESS_DESK_CHANNELS__: readonly string[]

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

const MB = 1024 * 1024

type Pending = { resolve: (e: Envelope) => void }
const pending = new Map<number, Pending>()
/** Calls made while the socket (re)connects: sent on ready, failed if it closes instead. */
const queue: string[] = []
const listeners = new Map<string, Set<(payload: unknown) => void>>()
let nextId = 1
let socket: WebSocket | undefined
let ready = false
let status: BridgeStatus | undefined
/** What the server said it reads at most; until it says so, the default of web mode. */
let maxMessageBytes = 64 * MB

/** The shell shows a banner from this (see BRIDGE_STATUS_EVENT). */
function announce(next: BridgeStatus) {
  if (status === next) return
  status = next
  document.documentElement.dataset['bridgeStatus'] = next
  window.dispatchEvent(new CustomEvent(BRIDGE_STATUS_EVENT, { detail: next }))
}

function failure(message: string, hint: string, kind: 'network' | 'validation' = 'network'): Envelope {
  return { ok: false, error: { kind, message, hint, retryable: kind === 'network' } }
}

function lostEnvelope(): Envelope {
  // Marked as the link's error, not the call's: the screens stop showing it once the link is back, and
  // say it in the desk's language (lib/i18n/error-words).
  return { ok: false, error: serviceLinkError(status) }
}

/** UTF-8 size of a message; cheap for the usual small calls. */
function byteLength(text: string): number {
  return text.length * 3 <= maxMessageBytes ? text.length : new Blob([text]).size
}

/** A call the server would refuse for its size; `bytes` unknown when the server measured it. */
function tooLarge(bytes?: number): Envelope {
  const mb = (n: number) => (n / MB).toFixed(n < 10 * MB ? 1 : 0)
  const size = bytes === undefined ? `more than ${mb(maxMessageBytes)} MB` : `${mb(bytes)} MB`
  return failure(
    `This is too large to send: ${size}; at most ${mb(maxMessageBytes)} MB.`,
    'Split it into smaller parts (for a CSV file, several files of fewer rows) and try again.',
    'validation'
  )
}

function settleAll(envelope: Envelope) {
  for (const [id, p] of pending) {
    p.resolve(envelope)
    pending.delete(id)
  }
}

/**
 * The server is reachable but refused the socket: it was restarted with a new secret, so this tab
 * cannot reconnect by itself. Told apart from "down" by loading the page itself.
 */
async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch('/', { cache: 'no-store' })).ok
  } catch {
    return false
  }
}

function connect() {
  let opened = false
  const ws = new WebSocket(`ws://${location.host}${BRIDGE_PATH}`, [BRIDGE_PROTOCOL, secretProtocol(secret)])
  socket = ws
  ws.onopen = () => (opened = true)
  ws.onmessage = (event) => {
    let data: unknown
    try {
      data = JSON.parse(String(event.data))
    } catch {
      return
    }
    const message = readServerMessage(data)
    if (!message) return
    if (message.type === 'ready') {
      maxMessageBytes = message.maxMessageBytes
      // Noted before the status is announced: the banner names it once this service is down.
      if (message.restart) document.documentElement.dataset['restartCommand'] = message.restart
      ready = true
      announce('connected')
      for (const text of queue.splice(0)) ws.send(text)
    } else if (message.type === 'result') {
      pending.get(message.id)?.resolve(message.envelope)
      pending.delete(message.id)
    } else {
      for (const fn of listeners.get(message.event) ?? []) fn(message.payload)
    }
  }
  ws.onclose = async (event) => {
    ready = false
    socket = undefined
    if (event.code === CLOSE_TOO_LARGE) {
      // The server read no further than the size: the calls in flight are lost, the bridge is not.
      queue.length = 0
      settleAll(tooLarge())
      connect()
      return
    }
    if (!opened && (await serverAnswers())) announce('refused')
    else announce('lost')
    // Calls answered "connection lost" here never run later, after a reconnect.
    queue.length = 0
    settleAll(lostEnvelope())
    // Keep trying: the service may come back (with the same secret when it was given one).
    setTimeout(connect, status === 'refused' ? 5000 : 1000)
  }
}
// Without a key (the address typed or bookmarked without its #k=… part) every socket would be
// refused and read as "the service was restarted": say what is missing instead, and stay put.
if (secret) connect()
else announce('no-key')

window.api = buildApiOf(
  __ACCESS_DESK_CHANNELS__,
  (channel, input) =>
    new Promise<Envelope>((resolve) => {
      // Once the tab knows the service is gone, a call fails at once instead of hanging.
      if (status === 'lost' || status === 'refused' || status === 'no-key') {
        resolve(lostEnvelope())
        return
      }
      const id = nextId++
      const text = JSON.stringify({ type: 'call', id, channel, input } satisfies ClientMessage)
      const bytes = byteLength(text)
      if (bytes > maxMessageBytes) {
        resolve(tooLarge(bytes))
        return
      }
      pending.set(id, { resolve })
      if (ready && socket) socket.send(text)
      else queue.push(text)
    }),
  (event: EventName, listener) => {
    const set = listeners.get(event) ?? new Set()
    listeners.set(event, set)
    const fn = listener as (payload: unknown) => void
    set.add(fn)
    return () => set.delete(fn)
  }
)
