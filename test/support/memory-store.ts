import type { KeyValueStore } from '../../src/main/services/storage/key-value-store'

/** A settings store held in memory, for services under test; `data` is what it holds. */
export function memoryStore(data = new Map<string, unknown>()): KeyValueStore & { data: Map<string, unknown> } {
  return {
    data,
    get: (key) => data.get(key),
    set: (key, value) => void data.set(key, value),
    all: () => Object.fromEntries(data)
  }
}
