import Store from 'electron-store'
import type { KeyValueStore } from '../services/storage/key-value-store'

/** Profiles and settings in the app's userData, through electron-store. */
export function createElectronStore(name: string): KeyValueStore {
  const store = new Store<Record<string, unknown>>({ name })
  return { get: (key) => store.get(key), set: (key, value) => store.set(key, value), all: () => store.store }
}
