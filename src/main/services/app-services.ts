import { createEventHub, type EventHub } from './events'
import { Connections } from './connections/connections'
import type { KeyValueStore } from './storage/key-value-store'
import type { SecretStore } from './connections/secret-store'

export type Transport = 'electron' | 'web' | 'cli' | 'test'

export interface AppServicesOptions {
  dataDir: string
  transport: Transport
  version: string
  /** Where profiles and settings live (electron-store in the app, conf elsewhere). */
  store: KeyValueStore
  secrets: SecretStore
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
  return {
    ...options,
    events,
    connections,
    async close() {
      await connections.close()
    }
  }
}

export type AppServices = Awaited<ReturnType<typeof createAppServices>>
