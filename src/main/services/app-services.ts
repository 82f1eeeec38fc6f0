import { createEventHub, type EventHub } from './events'
import { Connections } from './connections/connections'
import type { KeyValueStore } from './storage/key-value-store'
import type { SecretStore } from './connections/secret-store'
import type { BadgePrinter } from './badges/printer'

export type Transport = 'electron' | 'web' | 'cli' | 'test'

/** A child process as the services see it: Electron's utilityProcess or Node's fork. */
export interface HostProcess {
  send(message: unknown): void
  onMessage(listener: (message: unknown) => void): void
  onExit(listener: (code: number | null) => void): void
  kill(): void
  readonly pid: number | undefined
}

/** Starts a host module (e.g. the reader host) in its own process. */
export type ForkHost = (name: 'reader-host', args?: string[]) => HostProcess

export interface AppServicesOptions {
  dataDir: string
  transport: Transport
  version: string
  /** Where profiles and settings live (electron-store in the app, conf elsewhere). */
  store: KeyValueStore
  secrets: SecretStore
  /** How to start helper processes; set by the Electron entry (utilityProcess) or Node (fork). */
  forkHost?: ForkHost
  /** Badge printing through the app window (Electron only; web mode prints from the browser). */
  printer?: BadgePrinter
}

/**
 * Every long-lived service of the main process, built once per process. Plain Node: the Electron
 * entry, web mode, the CLI and tests all build the same graph, differing only in store and secrets.
 */
export async function createAppServices(options: AppServicesOptions) {
  const events: EventHub = createEventHub()
  const connections = new Connections({
    store: options.store,
    secrets: options.secrets,
    dataDir: options.dataDir,
    onChange: (activeId) => events.emit('connections.changed', { activeId })
  })
  await connections.ensureFirstStart()
  const closers: (() => Promise<void> | void)[] = []
  return {
    ...options,
    events,
    connections,
    /** Services created by handler factories register their shutdown here. */
    onClose(fn: () => Promise<void> | void) {
      closers.push(fn)
    },
    async close() {
      await Promise.allSettled(closers.map((fn) => fn()))
      await connections.close()
    }
  }
}

export type AppServices = Awaited<ReturnType<typeof createAppServices>>
