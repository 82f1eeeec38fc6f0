import Conf from 'conf'

/**
 * The small surface of electron-store / conf the services use. In Electron it is electron-store
 * (kept in userData); in web mode, the CLI and tests it is conf with an explicit data dir.
 */
export interface KeyValueStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
  /**
   * Every key, from one read of the file: both stores read and parse the whole file on each `get`
   * (so an edit made outside the app is seen), and a caller that needs two keys pays that once.
   */
  all(): Record<string, unknown>
}

export function createConfStore(dataDir: string, name: string): KeyValueStore {
  const conf = new Conf<Record<string, unknown>>({ cwd: dataDir, configName: name, projectName: 'access-desk' })
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    all: () => conf.store
  }
}
