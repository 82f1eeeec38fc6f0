import Conf from 'conf'

/**
 * The small surface of electron-store / conf the services use. In Electron it is electron-store
 * (kept in userData); in web mode, the CLI and tests it is conf with an explicit data dir.
 */
export interface KeyValueStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
}

export function createConfStore(dataDir: string, name: string): KeyValueStore {
  const conf = new Conf<Record<string, unknown>>({ cwd: dataDir, configName: name, projectName: 'access-desk' })
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value)
  }
}
