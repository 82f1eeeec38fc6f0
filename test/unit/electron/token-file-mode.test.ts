import { afterAll, describe, expect, it, vi } from 'vitest'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// No keychain on this computer: the user agreed to keep the token unencrypted.
const userData = join(mkdtempSync(join(tmpdir(), 'access-desk-mode-')), 'user-data')

vi.mock('electron', () => {
  const electron = {
    app: { getPath: () => userData, getVersion: () => '0.0.0' },
    ipcMain: { on: vi.fn() },
    shell: {},
    safeStorage: {
      isEncryptionAvailable: () => false,
      getSelectedStorageBackend: () => 'basic_text',
      encryptString: () => {
        throw new Error('no encryption here')
      },
      decryptString: () => {
        throw new Error('no encryption here')
      }
    }
  }
  return { ...electron, default: electron }
})

const { createSafeStorageVault } = await import('../../../src/main/electron/vault')
const { createFileSecretStore } = await import('../../../src/main/services/connections/secret-store')

const mode = (path: string) => statSync(path).mode & 0o777

afterAll(() => rmSync(join(userData, '..'), { recursive: true, force: true }))

describe.skipIf(process.platform === 'win32')('a token kept unencrypted', () => {
  it('is in a file only the user can read, in a directory only the user can enter (desktop vault)', async () => {
    // As an earlier version left them: the user's directory and conf's default file mode.
    mkdirSync(userData, { recursive: true, mode: 0o755 })
    writeFileSync(join(userData, 'vault.json'), '{}', { mode: 0o644 })
    chmodSync(userData, 0o755)
    const vault = createSafeStorageVault()
    expect(await vault.set('c1', 'tok-plain', { allowPlaintext: true })).toBe('plaintext')
    expect(readFileSync(join(userData, 'vault.json'), 'utf8')).toContain('tok-plain')
    expect(mode(join(userData, 'vault.json'))).toBe(0o600)
    expect(mode(userData)).toBe(0o700)
    // Every later write keeps the mode (conf writes a new file and renames it).
    await vault.set('c2', 'tok-2', { allowPlaintext: true })
    expect(mode(join(userData, 'vault.json'))).toBe(0o600)
    expect(await vault.get('c1')).toBe('tok-plain')
  })

  it('is in a 0600 file in a 0700 directory (web mode and CLI)', async () => {
    const dataDir = join(userData, '..', 'node-data')
    mkdirSync(dataDir, { mode: 0o755 })
    chmodSync(dataDir, 0o755)
    const secrets = createFileSecretStore(dataDir)
    await secrets.set('c1', 'tok-file')
    expect(mode(join(dataDir, 'secrets.json'))).toBe(0o600)
    expect(mode(dataDir)).toBe(0o700)
    await secrets.delete('c1')
    expect(mode(join(dataDir, 'secrets.json'))).toBe(0o600)
  })
})
