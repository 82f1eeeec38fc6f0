import { BrowserWindow, app, session, shell, type WebContents } from 'electron'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { hardenedWebPreferences } from './web-preferences'

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
  ...hardenedWebPreferences
} as const

/**
 * Documentation pages a screen links to, opened in the user's browser (an address here is a prefix).
 * No screen links to documentation today: add each link here when one does.
 */
export const documentationLinks: readonly string[] = []

/** The addresses of the configured consoles, whose pages may be opened in the user's browser. */
let consoleUrls: () => Promise<string[]> = async () => []

export function allowConsoleLinks(urls: () => Promise<string[]>): void {
  consoleUrls = urls
}

const parse = (url: string): URL | undefined => {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

/**
 * Whether a link may leave the app for the user's browser: HTTPS only, no credentials in it, and on a
 * configured console's own address or under one of the documentation links. Anything else a page could
 * ask to open (file:, custom protocols that start programs, any other site) is dropped.
 */
export function isExternalLinkAllowed(url: string, consoles: readonly string[]): boolean {
  const target = parse(url)
  if (!target || target.protocol !== 'https:' || target.username || target.password) return false
  if (consoles.some((c) => parse(c)?.protocol === 'https:' && parse(c)?.origin === target.origin)) return true
  return documentationLinks.some((link) => {
    const doc = parse(link)
    return doc !== undefined && doc.origin === target.origin && target.pathname.startsWith(doc.pathname)
  })
}

async function openExternalIfAllowed(url: string): Promise<void> {
  const consoles = await consoleUrls().catch(() => [])
  if (isExternalLinkAllowed(url, consoles)) await shell.openExternal(url)
}

/** Navigation and new windows are denied for every web contents the app ever creates. */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault()
  })
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    // Allowed links (a console's pages, documentation) open in the user's browser, never inside the app.
    void openExternalIfAllowed(url)
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
