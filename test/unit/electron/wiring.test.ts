import { beforeEach, describe, expect, it, vi } from 'vitest'

// Electron itself cannot run here: mock just the module surface our electron room touches.
const handled = new Map<string, (event: unknown, input: unknown) => Promise<unknown>>()
const sessionHandlers: Record<string, unknown> = {}
let encryptionAvailable = true
let backend = 'gnome_libsecret'
const windows: { options: Record<string, unknown>; url?: string }[] = []

const userData = await import('node:fs').then((fs) =>
  fs.mkdtempSync((process.env['TMPDIR'] ?? '/tmp') + '/access-desk-wiring-')
)

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = { on: vi.fn(), setWindowOpenHandler: vi.fn(), isDestroyed: () => false, send: vi.fn() }
    constructor(options: Record<string, unknown>) {
      windows.push({ options })
    }
    once() {}
    on() {}
    show() {}
    loadURL(url: string) {
      windows[windows.length - 1]!.url = url
      return Promise.resolve()
    }
    static getAllWindows() {
      return []
    }
  }
  const electron = {
    app: { isPackaged: true, getPath: () => userData, getVersion: () => '0.0.0', on: vi.fn() },
    BrowserWindow,
    ipcMain: {
      handle: (channel: string, fn: (event: unknown, input: unknown) => Promise<unknown>) => handled.set(channel, fn),
      on: vi.fn()
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: unknown) => (sessionHandlers.request = fn),
        setPermissionCheckHandler: (fn: unknown) => (sessionHandlers.check = fn),
        setDevicePermissionHandler: (fn: unknown) => (sessionHandlers.device = fn)
      }
    },
    shell: { openExternal: vi.fn() },
    safeStorage: {
      isEncryptionAvailable: () => encryptionAvailable,
      getSelectedStorageBackend: () => backend,
      encryptString: (s: string) => Buffer.from('enc:' + s),
      decryptString: (b: Buffer) => b.toString().replace(/^enc:/, '')
    }
  }
  return { ...electron, default: electron }
})

const { allowConsoleLinks, createMainWindow, hardenWebContents, denyPermissions, rendererUrl, webPreferences } =
  await import('../../../src/main/electron/window')
const { bindIpc, isTrustedSender } = await import('../../../src/main/electron/ipc')
const { channelNames } = await import('../../../src/shared/ipc/contract')

const hardeningOff = [
  'nodeIntegration',
  'nodeIntegrationInWorker',
  'nodeIntegrationInSubFrames',
  'allowRunningInsecureContent',
  'webviewTag'
]

describe('window hardening', () => {
  it('creates the window sandboxed, isolated, without Node, with the CommonJS preload', () => {
    createMainWindow()
    const prefs = windows.at(-1)!.options.webPreferences as Record<string, unknown>
    // The rule, stated once: every isolation switch on, every way for page code to reach Node off.
    for (const on of ['sandbox', 'contextIsolation', 'webSecurity']) expect(prefs[on], on).toBe(true)
    for (const off of hardeningOff) expect(prefs[off], off).toBe(false)
    expect(String(prefs.preload)).toMatch(/preload[/\\]index\.cjs$/)
    expect(windows.at(-1)!.url).toBe(rendererUrl())
    expect(webPreferences.sandbox).toBe(true)
  })

  it('denies navigation away from the app, redirects, webviews and window.open', async () => {
    const listeners: Record<string, (event: { preventDefault(): void }, url?: string) => void> = {}
    let openHandler: ((d: { url: string }) => { action: string }) | undefined
    hardenWebContents({
      on: (name: string, fn: never) => (listeners[name] = fn),
      setWindowOpenHandler: (fn: never) => (openHandler = fn)
    } as never)
    const nav = { preventDefault: vi.fn() }
    listeners['will-navigate']!(nav, 'https://evil.example/')
    expect(nav.preventDefault).toHaveBeenCalled()
    const own = { preventDefault: vi.fn() }
    listeners['will-navigate']!(own, rendererUrl())
    expect(own.preventDefault).not.toHaveBeenCalled()
    const hashed = { preventDefault: vi.fn() }
    listeners['will-navigate']!(hashed, rendererUrl() + '#/cards')
    expect(hashed.preventDefault).not.toHaveBeenCalled()
    const otherFile = { preventDefault: vi.fn() }
    listeners['will-navigate']!(otherFile, 'file:///etc/passwd')
    expect(otherFile.preventDefault).toHaveBeenCalled()
    const redirect = { preventDefault: vi.fn() }
    listeners['will-redirect']!(redirect)
    expect(redirect.preventDefault).toHaveBeenCalled()
    const webview = { preventDefault: vi.fn() }
    listeners['will-attach-webview']!(webview)
    expect(webview.preventDefault).toHaveBeenCalled()
    // window.open never opens inside the app; only a configured console's page goes to the user's browser.
    const { shell } = await import('electron')
    const openExternal = vi.mocked(shell.openExternal)
    openExternal.mockClear()
    allowConsoleLinks(async () => ['https://192.168.1.10:12445'])
    for (const url of ['file:///etc/passwd', 'http://docs.example/', 'javascript:alert(1)', 'https://docs.example/'])
      expect(openHandler!({ url })).toEqual({ action: 'deny' })
    expect(openHandler!({ url: 'https://192.168.1.10:12445/access' })).toEqual({ action: 'deny' })
    await vi.waitFor(() => expect(openExternal).toHaveBeenCalled())
    expect(openExternal).toHaveBeenCalledExactlyOnceWith('https://192.168.1.10:12445/access')
  })

  it('denies every permission request', () => {
    denyPermissions()
    const callback = vi.fn()
    ;(sessionHandlers.request as (c: unknown, p: string, cb: (ok: boolean) => void) => void)({}, 'media', callback)
    expect(callback).toHaveBeenCalledWith(false)
    expect((sessionHandlers.check as () => boolean)()).toBe(false)
    expect((sessionHandlers.device as () => boolean)()).toBe(false)
  })
})

describe('IPC binding', () => {
  beforeEach(() => handled.clear())

  it('registers every channel of the contract', () => {
    bindIpc(async () => ({ ok: true, result: null }))
    expect([...handled.keys()].sort()).toEqual([...channelNames].sort())
  })

  it('refuses senders that are not the top frame showing the app', async () => {
    const dispatch = vi.fn(async () => ({ ok: true as const, result: 'ran' }))
    bindIpc(dispatch)
    const handler = handled.get('pins.generate')!
    const foreign = await handler({ senderFrame: { parent: null, url: 'https://evil.example/' } }, undefined)
    expect(foreign).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } })
    const subframe = await handler({ senderFrame: { parent: {}, url: rendererUrl() } }, undefined)
    expect(subframe).toMatchObject({ ok: false })
    expect(dispatch).not.toHaveBeenCalled()
    const own = await handler({ senderFrame: { parent: null, url: rendererUrl() + '#/pins' } }, undefined)
    expect(own).toEqual({ ok: true, result: 'ran' })
    expect(dispatch).toHaveBeenCalledWith('pins.generate', undefined)
    expect(isTrustedSender({ senderFrame: null } as never)).toBe(false)
  })
})

describe('token vault (safeStorage)', () => {
  it('encrypts tokens, and refuses plain text unless the user agreed', async () => {
    const { createSafeStorageVault } = await import('../../../src/main/electron/vault')
    const vault = createSafeStorageVault()
    encryptionAvailable = true
    backend = 'gnome_libsecret'
    expect(await vault.set('a', 'secret-token')).toBe('encrypted')
    expect(await vault.get('a')).toBe('secret-token')
    // What reached the disk is the ciphertext, never the token.
    const { readFileSync } = await import('node:fs')
    expect(readFileSync(`${userData}/vault.json`, 'utf8')).not.toContain('secret-token')

    encryptionAvailable = false
    await expect(vault.set('b', 'secret-token')).rejects.toMatchObject({
      kind: 'storage',
      code: 'ENCRYPTION_UNAVAILABLE'
    })
    expect(await vault.set('b', 'secret-token', { allowPlaintext: true })).toBe('plaintext')

    // Linux's basic_text backend is a fixed key: treated as no encryption.
    encryptionAvailable = true
    backend = 'basic_text'
    await expect(vault.set('c', 'secret-token')).rejects.toMatchObject({ code: 'ENCRYPTION_UNAVAILABLE' })
    await vault.delete('a')
    expect(await vault.get('a')).toBeUndefined()
  })
})
