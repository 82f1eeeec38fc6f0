import { BrowserWindow, app, session, shell, type WebContents } from 'electron'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Where the renderer comes from: the built file, or electron-vite's dev server. */
export function rendererUrl(): string {
  const dev = process.env['ELECTRON_RENDERER_URL']
  return dev && !app.isPackaged ? dev : pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href
}

/** The one origin our own frames load from; IPC from anything else is refused. */
export function isAppUrl(url: string): boolean {
  // Compare parsed URLs: Chromium normalises file URLs (spaces as %20, Windows drive letters).
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return false
  }
  const base = new URL(rendererUrl())
  if (base.protocol === 'file:') return target.protocol === 'file:' && target.pathname === base.pathname
  return target.origin === base.origin
}

export const webPreferences = {
  preload: join(import.meta.dirname, '../preload/index.cjs'),
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false
} as const

/** Navigation and new windows are denied for every web contents the app ever creates. */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    // Links to documentation open in the user's browser, never inside the app.
    if (/^https:\/\//.test(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
}

/** No camera, microphone, notifications, USB… for the renderer: the app asks for none. */
export function denyPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.defaultSession.setPermissionCheckHandler(() => false)
  session.defaultSession.setDevicePermissionHandler(() => false)
}

export function createMainWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Access Desk',
    backgroundColor: '#f6f7f9',
    webPreferences
  })
  win.once('ready-to-show', () => win.show())
  void win.loadURL(rendererUrl())
  return win
}
