/**
 * The reader host: a child process that owns nfc-pcsc (Electron utilityProcess, or
 * child_process.fork in web mode and tests). It never imports anything of the app's but the
 * message schemas and pure helpers, so a crash or a native hang here cannot touch main.
 * Args: --nfc-module=<name> (tests: a module that does not exist), --no-probe (tests: skip the
 * pcscd socket check so `new NFC()` blocks, as it does where there is no socket to probe).
 */
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import type { NFC as NfcClass, Reader } from 'nfc-pcsc'
import { bytesToHex } from '../../../shared/nfc/uid'
import { RESCAN_EXIT_CODE, supervisorMessageSchema, type HostMessage, type SupervisorMessage } from './messages'
import { feedbackApdu, feedbackPlayed } from './feedback-apdu'
import { pcscdSocketPath, probePcscd } from './service-probe'
import { abiHint, installHint, runsPackaged } from './status-text'
import { endWithParent } from './parent-watch'

const HEARTBEAT_MS = 250
const SERVICE_POLL_MS = 500
/** A vanished reader is looked for again by a fresh NFC() (nfc-pcsc does not always see it return). */
const RESCAN_AFTER_LOSS_MS = 3000
/**
 * pcscd stopping removes its readers (each reader ends) a moment before its socket goes: "no
 * reader" is concluded only when the service still answers this long after the last one ended.
 */
const LOSS_SETTLE_MS = 600
const GET_UID = Buffer.from([0xff, 0xca, 0x00, 0x00, 0x00])

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`))
const nfcModule = arg('nfc-module=')?.split('=')[1] ?? 'nfc-pcsc'
const probe = !arg('no-probe')

interface ParentPort {
  postMessage(message: unknown): void
  on(event: 'message', listener: (event: { data: unknown }) => void): void
}
const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort

function send(message: HostMessage): void {
  if (parentPort) parentPort.postMessage(message)
  else if (process.send && process.connected) process.send(message)
}

const now = () => performance.timeOrigin + performance.now()
const describe = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** Let the last message flush through the IPC channel before the process goes. */
function exitSoon(code: number): void {
  setTimeout(() => process.exit(code), 50)
}

let nfc: NfcClass | undefined
const readers = new Map<string, Reader>()
const lastUid = new Map<string, string>()

let reportTimer: NodeJS.Timeout | undefined
/** Set once the host is ending: nothing it still sees (readers ending with the service) is news. */
let ending = false
/** Readers arrive one event each: report them together. */
function reportReaders(): void {
  clearTimeout(reportTimer)
  reportTimer = setTimeout(() => {
    if (!ending) send({ type: 'readers', readers: [...readers.keys()].sort() })
  }, 20)
}

/** Whether the PC/SC service answers (undefined: no socket to ask, or probing is off). */
async function serviceUp(): Promise<{ up: boolean; detail: string } | undefined> {
  const path = pcscdSocketPath()
  if (!probe || !path) return undefined
  const result = await probePcscd(path)
  return result.up ? { up: true, detail: '' } : result
}

/**
 * The last reader ended. A service that stopped ends its readers first: say "no reader" only if
 * the service still answers once things settled, else say the service is gone and start afresh.
 */
async function readersLost(): Promise<void> {
  await new Promise((r) => setTimeout(r, LOSS_SETTLE_MS))
  if (ending || readers.size > 0) return
  const service = await serviceUp()
  if (ending || readers.size > 0) return
  if (service && !service.up) {
    send({ type: 'no-service', detail: service.detail })
    ending = true
    exitSoon(RESCAN_EXIT_CODE)
    return
  }
  reportReaders()
  setTimeout(() => {
    if (readers.size === 0) exitSoon(RESCAN_EXIT_CODE)
  }, RESCAN_AFTER_LOSS_MS)
}

function fatal(message: string): void {
  if (ending) return
  ending = true
  send({ type: 'error', message, fatal: true })
  try {
    nfc?.close()
  } catch {
    // Closing a context whose service died can throw; the process ends anyway.
  }
  // The usual fatal error is the service going away: say so before going (the supervisor keeps
  // "service stopped" rather than "restarting"). A killed service's socket refuses at once; a
  // stopping one may answer a moment longer.
  void (async () => {
    let service = await serviceUp().catch(() => undefined)
    if (service?.up) {
      await new Promise((r) => setTimeout(r, LOSS_SETTLE_MS))
      service = await serviceUp().catch(() => undefined)
    }
    if (service && !service.up) send({ type: 'no-service', detail: service.detail })
    exitSoon(1)
  })()
}

async function readUid(reader: Reader, atr: Buffer | undefined, standard: string, detectedAt: number) {
  try {
    const response = await reader.transmit(GET_UID, 40)
    const sw = response.subarray(-2)
    if (response.length < 2 || sw[0] !== 0x90 || sw[1] !== 0x00) {
      send({ type: 'card-error', reader: reader.name, message: `the card refused GET UID (status ${bytesToHex(sw)})` })
      return
    }
    const uid = bytesToHex(response.subarray(0, -2))
    lastUid.set(reader.name, uid)
    send({ type: 'card', reader: reader.name, uid, atr: bytesToHex(atr ?? []), standard, detectedAt, uidAt: now() })
  } catch (err) {
    send({ type: 'card-error', reader: reader.name, message: describe(err) })
  }
}

function attach(reader: Reader): void {
  const name = reader.name
  // Read the UID ourselves: nfc-pcsc's auto-processing wants an AID for ISO 14443-4 cards and phones.
  reader.autoProcessing = false
  // nfc-pcsc emits some failures as emit(err) (the Error as event name): report those too.
  const emit = reader.emit.bind(reader)
  reader.emit = ((event: unknown, ...rest: unknown[]) => {
    if (event instanceof Error) {
      send({ type: 'error', message: `${name}: ${event.message}`, fatal: false })
      return true
    }
    return emit(event as string | symbol, ...rest)
  }) as Reader['emit']
  reader.on('error', (err) => send({ type: 'error', message: `${name}: ${describe(err)}`, fatal: false }))
  reader.on('card', (card) => {
    const detectedAt = now()
    void readUid(reader, card.atr, card.standard ?? 'unknown', detectedAt)
  })
  reader.on('card.off', () => {
    send({ type: 'removed', reader: name, uid: lastUid.get(name), at: Date.now() })
    lastUid.delete(name)
  })
  reader.on('end', () => {
    readers.delete(name)
    lastUid.delete(name)
    if (readers.size > 0) reportReaders()
    else void readersLost()
  })
  readers.set(name, reader)
  reportReaders()
}

async function feedback(message: Extract<SupervisorMessage, { type: 'feedback' }>): Promise<void> {
  const reader = readers.get(message.reader)
  let played = false
  // The pseudo-APDU goes through the card connection: with no card on the reader there is none.
  if (reader?.card && reader.connection) {
    try {
      played = feedbackPlayed(await reader.transmit(feedbackApdu(message.kind), 2))
    } catch {
      // Readers without LED/buzzer control fail it; feedback is a courtesy, never an error.
    }
  }
  send({ type: 'feedback-result', id: message.id, played })
}

function onMessage(raw: unknown): void {
  const parsed = supervisorMessageSchema.safeParse(raw)
  if (!parsed.success) {
    send({
      type: 'error',
      message: `ignored an invalid message from main: ${parsed.error.issues[0]?.message}`,
      fatal: false
    })
    return
  }
  if (parsed.data.type === 'stop') {
    try {
      nfc?.close()
    } finally {
      process.exit(0)
    }
  }
  if (parsed.data.type === 'feedback') void feedback(parsed.data)
}

function loadNfc(): typeof NfcClass | undefined {
  try {
    const mod = createRequire(import.meta.url)(nfcModule) as { NFC: typeof NfcClass }
    return mod.NFC
  } catch (err) {
    const missing =
      (err as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && describe(err).includes(`'${nfcModule}'`)
    const abi = /NODE_MODULE_VERSION|was compiled against a different/.test(describe(err))
    const packaged = runsPackaged(fileURLToPath(import.meta.url))
    send({
      type: 'unavailable',
      message: missing
        ? 'The NFC reader module (nfc-pcsc) is not installed, so USB readers cannot be used.'
        : `The NFC reader module could not be loaded: ${describe(err)}`,
      hint: abi ? abiHint() : installHint(process.platform, packaged),
      // The same as facts: the desk says them in its language (renderer lib/i18n/reader-words.ts).
      addon: missing
        ? { cause: 'missing', packaged }
        : { cause: abi ? 'abi' : 'load', packaged, detail: describe(err).slice(0, 2000) }
    })
    return undefined
  }
}

async function waitForService(): Promise<void> {
  const path = pcscdSocketPath()
  if (!probe || !path) return
  for (;;) {
    const result = await probePcscd(path)
    if (result.up) return
    send({ type: 'no-service', detail: result.detail })
    await new Promise((r) => setTimeout(r, SERVICE_POLL_MS))
  }
}

async function main(): Promise<void> {
  if (parentPort) parentPort.on('message', (e) => onMessage(e.data))
  else if (process.send) {
    process.on('message', onMessage)
    // Main went away: nothing left to report to.
    process.on('disconnect', () => process.exit(0))
  } else {
    console.error('The reader host runs as a child of Access Desk (no IPC channel).')
    process.exit(2)
  }
  // Main killed while this thread is stuck in `new NFC()` below: the host still ends (parent-watch.ts).
  endWithParent()
  process.on('uncaughtException', (err) => fatal(`reader host crashed: ${describe(err)}`))
  process.on('unhandledRejection', (err) => fatal(`reader host crashed: ${describe(err)}`))
  setInterval(() => send({ type: 'heartbeat', at: Date.now() }), HEARTBEAT_MS)
  send({ type: 'hello', pid: process.pid })

  const NFC = loadNfc()
  if (!NFC) return // Stay up with heartbeats: the supervisor shows what to install.
  await waitForService()
  // Blocks this thread (native retry loop) while the service is absent: the heartbeat stops, and
  // the supervisor reports it and restarts us.
  nfc = new NFC()
  nfc.on('reader', attach)
  nfc.on('error', (err) => fatal(`PC/SC: ${describe(err)}`))
  // Readers present now arrive within a few ms; report "none" only if none came.
  setTimeout(() => {
    if (readers.size === 0) reportReaders()
  }, 300)
}

void main()
