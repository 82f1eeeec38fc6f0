import { safeStorage } from 'electron'
import Store from 'electron-store'
import { chmodSync, existsSync } from 'node:fs'
import { dirname } from 'node:path'
import { AppError } from '../../shared/errors'
import type { SecretStore, TokenStorage } from '../services/connections/secret-store'

interface VaultEntry {
  storage: 'encrypted' | 'plaintext'
  value: string
}

/**
 * API tokens encrypted with the OS (safeStorage: Keychain, DPAPI, libsecret/kwallet). Where no
 * encryption is available the token is never stored in plain text silently: the renderer is asked,
 * and only an explicit "keep it unencrypted" stores it as is.
 */
export function createSafeStorageVault(): SecretStore {
  // A token kept unencrypted is protected by file permissions alone: readable by the user only (conf
  // writes 0644 by default), in a directory only the user can enter. A file of an older version is tightened.
  const store = new Store<Record<string, VaultEntry>>({ name: 'vault', configFileMode: 0o600 })
  if (process.platform !== 'win32') {
    chmodSync(dirname(store.path), 0o700)
    if (existsSync(store.path)) chmodSync(store.path, 0o600)
  }
  const encryptionUsable = () =>
    safeStorage.isEncryptionAvailable() &&
    // On Linux "basic_text" means a hard-coded key: not protection worth the name.
    (process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text')
  return {
    async get(id) {
      const entry = store.get(id)
      if (!entry) return undefined
      if (entry.storage === 'plaintext') return entry.value
      return safeStorage.decryptString(Buffer.from(entry.value, 'base64'))
    },
    async set(id, token, options = {}): Promise<TokenStorage> {
      if (encryptionUsable()) {
        store.set(id, { storage: 'encrypted', value: safeStorage.encryptString(token).toString('base64') })
        return 'encrypted'
      }
      if (!options.allowPlaintext) {
        throw new AppError({
          kind: 'storage',
          code: 'ENCRYPTION_UNAVAILABLE',
          message: 'This computer offers no keychain to encrypt the API token.',
          hint: 'Install or unlock a keyring (GNOME Keyring, KWallet), or choose to keep the token unencrypted on this computer.'
        })
      }
      store.set(id, { storage: 'plaintext', value: token })
      return 'plaintext'
    },
    async delete(id) {
      store.delete(id)
    }
  }
}
