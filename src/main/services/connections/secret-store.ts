import { chmod } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { readFileIfExists, writeFileAtomic } from '../../../node/atomic-file'

export type TokenStorage = 'encrypted' | 'file' | 'plaintext'

/** Where API tokens live. Electron: encrypted with safeStorage. Web mode and tests: a 0600 file. */
export interface SecretStore {
  get(id: string): Promise<string | undefined>
  /** Returns how the token was stored; throws an AppError (storage) if it cannot be kept safely. */
  set(id: string, token: string, options?: { allowPlaintext?: boolean }): Promise<TokenStorage>
  delete(id: string): Promise<void>
}

const fileSchema = z.record(z.string(), z.string())

/**
 * A file of the data folder that holds a key (the console tokens, web mode's secret): written
 * atomically, readable by the user only (mode 0600), in a folder that is the user's alone (0700).
 */
export async function writeKeyFile(dataDir: string, name: string, text: string): Promise<void> {
  await writeFileAtomic(join(dataDir, name), text, { mode: 0o600 })
  // The file is the key's only protection: its directory is the user's alone too.
  // Stryker disable next-line ConditionalExpression: equivalent on the Linux that runs the tests; on Windows chmod cannot express 0700 and is skipped
  if (process.platform !== 'win32') await chmod(dataDir, 0o700)
}

/** Tokens in one JSON file readable by the user only (mode 0600), written atomically. */
export function createFileSecretStore(dataDir: string): SecretStore {
  const file = 'secrets.json'
  const path = join(dataDir, file)
  const read = async () => fileSchema.parse(JSON.parse((await readFileIfExists(path)) ?? '{}'))
  const write = (all: Record<string, string>) => writeKeyFile(dataDir, file, JSON.stringify(all))
  return {
    async get(id) {
      return (await read())[id]
    },
    async set(id, token) {
      const all = await read()
      all[id] = token
      await write(all)
      return 'file'
    },
    async delete(id) {
      const all = await read()
      delete all[id]
      await write(all)
    }
  }
}
