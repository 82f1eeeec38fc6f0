import { mkdir } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { createAppServices, type Transport } from './app-services'
import { createConfStore } from './storage/key-value-store'
import type { StartDemoConsole } from './connections/demo-starter'
import { createFileSecretStore } from './connections/secret-store'

/** Default data dir outside Electron (web mode, CLI): kept apart from the desktop app's userData. */
export function defaultDataDir(): string {
  const base = process.env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config')
  return process.env['ACCESS_DESK_DATA'] ?? join(base, 'access-desk-node')
}

/** The services without Electron: conf for profiles and settings, a 0600 file for tokens. */
export async function createNodeServices(options: {
  dataDir: string
  transport: Transport
  version?: string
  startDemoConsole: StartDemoConsole
}) {
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 })
  return createAppServices({
    dataDir: options.dataDir,
    transport: options.transport,
    version: options.version ?? process.env['npm_package_version'] ?? '0.1.0',
    store: createConfStore(options.dataDir, 'profiles'),
    secrets: createFileSecretStore(options.dataDir),
    startDemoConsole: options.startDemoConsole
  })
}
