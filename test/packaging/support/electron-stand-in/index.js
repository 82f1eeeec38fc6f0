// A stand-in for the `electron` module, for starting the built main bundle under plain Node (the
// Electron binary cannot be downloaded here). It does what main relies on and reports what main did to
// the test over the fork IPC channel: channels handled, windows created, links opened, the quit.
import { fork } from 'node:child_process'
import { EventEmitter } from 'node:events'

const report = (message) => process.send?.(message)

class App extends EventEmitter {
  isPackaged = true
  #quitting = false
  requestSingleInstanceLock() {
    return true
  }
  whenReady() {
    return Promise.resolve()
  }
  getPath(name) {
    if (name !== 'userData') throw new Error(`stand-in: app.getPath(${name}) is not expected`)
    return process.env.ACCESS_DESK_STAND_IN_USER_DATA
  }
  getVersion() {
    return '0.0.0-stand-in'
  }
  getName() {
    return 'Access Desk'
  }
  getLocale() {
    return process.env.ACCESS_DESK_STAND_IN_LOCALE ?? 'en-US'
  }
  quit() {
    if (this.#quitting) return
    this.#quitting = true
    // Electron's order; then nothing of the stand-in keeps the process alive: main's own handles must close.
    this.emit('before-quit', { preventDefault() {} })
    this.emit('will-quit', { preventDefault() {} })
    this.emit('quit', {}, 0)
    report({ type: 'quit' })
    process.disconnect?.()
  }
  exit(code = 0) {
    report({ type: 'exit', code })
    process.exit(code)
  }
}
export const app = new App()

let nextId = 1
class WebContents extends EventEmitter {
  id = nextId++
  openHandler = undefined
  destroyed = false
  setWindowOpenHandler(handler) {
    this.openHandler = handler
  }
  send() {}
  isDestroyed() {
    return this.destroyed
  }
}

const windows = []
export class BrowserWindow extends EventEmitter {
  static getAllWindows() {
    return [...windows]
  }
  static getFocusedWindow() {
    return windows[0] ?? null
  }
  constructor(options) {
    super()
    this.options = options
    this.webContents = new WebContents()
    windows.push(this)
    app.emit('web-contents-created', {}, this.webContents)
  }
  loadURL(url) {
    this.url = url
    report({ type: 'window', options: this.options, url })
    setImmediate(() => this.emit('ready-to-show'))
    return Promise.resolve()
  }
  show() {}
  close() {
    windows.splice(windows.indexOf(this), 1)
    this.webContents.destroyed = true
    this.emit('closed')
    if (windows.length === 0) app.emit('window-all-closed')
  }
}

const handlers = {}
export const session = {
  defaultSession: {
    setPermissionRequestHandler: (fn) => (handlers.request = fn),
    setPermissionCheckHandler: (fn) => (handlers.check = fn),
    setDevicePermissionHandler: (fn) => (handlers.device = fn)
  }
}

// Main's last word when it cannot start: the test reads the box's title and text.
export const dialog = {
  showErrorBox: (title, content) => report({ type: 'errorBox', title, content })
}

export const shell = {
  openExternal: async (url) => report({ type: 'openExternal', url }),
  openPath: async () => ''
}

const invokeHandlers = new Map()
export const ipcMain = {
  handle: (channel, fn) => {
    invokeHandlers.set(channel, fn)
    report({ type: 'handle', channel })
  },
  on: () => {},
  removeHandler: () => {}
}

export const safeStorage = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString: (text) => Buffer.from(`stand-in:${text}`),
  decryptString: (buffer) => buffer.toString().replace(/^stand-in:/, '')
}

// A Node child in place of Electron's utility process (the reader host speaks to either).
export const utilityProcess = {
  fork: (entry, args) => {
    report({ type: 'fork', entry, args })
    const child = fork(entry, args, { execArgv: process.execArgv, stdio: ['ignore', 'ignore', 'ignore', 'ipc'] })
    child.postMessage = (message) => {
      if (child.connected) child.send(message)
    }
    return child
  }
}

// The test drives the window: a link the page asks to open, then closing the window (which quits on Linux).
process.on('message', async (message) => {
  const win = windows[0]
  if (message.type === 'open') {
    const result = win.webContents.openHandler({ url: message.url })
    report({ type: 'opened', url: message.url, action: result.action })
  } else if (message.type === 'permissions') {
    const asked = await new Promise((resolve) => handlers.request({}, 'media', resolve))
    report({ type: 'permissions', request: asked, check: handlers.check(), device: handlers.device() })
  } else if (message.type === 'invoke') {
    // As Electron's ipcMain would call it for a frame of this window (the top frame unless said otherwise).
    const senderFrame = { url: message.frameUrl ?? win.url, parent: message.subframe ? {} : null }
    const envelope = await invokeHandlers.get(message.channel)({ senderFrame }, message.input)
    report({ type: 'invoked', channel: message.channel, envelope })
  } else if (message.type === 'close') win.close()
})

export default { app, BrowserWindow, dialog, session, shell, ipcMain, safeStorage, utilityProcess }
