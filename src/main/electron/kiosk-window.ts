import { BrowserWindow, type Input } from 'electron'
import { rendererUrl, webPreferences } from './window'

/**
 * Keys that would leave or look behind the kiosk: close (Ctrl/Cmd+W, Alt+F4, Cmd+Q, Ctrl+Q), reload
 * (F5, Ctrl/Cmd+R), devtools (F12, Ctrl+Shift+I/J/C, Cmd+Alt+I), full screen (F11, Ctrl+Cmd+F),
 * hide and minimise (Cmd+H, Cmd+M), zoom (Ctrl/Cmd + = - 0) and printing dialogs (Ctrl/Cmd+P).
 * Operating-system keys (Ctrl+Alt+Del, the Windows key) are the OS's: a kiosk PC locks those with
 * its own kiosk or assigned-access setting.
 */
export function leavesKiosk(input: Pick<Input, 'type' | 'key' | 'control' | 'meta' | 'alt' | 'shift'>): boolean {
  if (input.type !== 'keyDown') return false
  const key = input.key.toLowerCase()
  const mod = input.control || input.meta
  if (['f4', 'f5', 'f11', 'f12'].includes(key) && (key !== 'f4' || input.alt)) return true
  if (mod && ['w', 'q', 'r', 'p', 'n', 't', 'h', 'm', '=', '+', '-', '0', 'o', 's', 'l'].includes(key)) return true
  if (mod && input.shift && ['i', 'j', 'c'].includes(key)) return true
  if (input.meta && input.alt && key === 'i') return true
  if (input.control && input.meta && key === 'f') return true
  return false
}

export const kioskWindowOptions = {
  kiosk: true,
  fullscreen: true,
  autoHideMenuBar: true,
  frame: false,
  minimizable: false,
  closable: false,
  title: 'Access Desk — visitor check-in',
  backgroundColor: '#eef2f7',
  webPreferences: { ...webPreferences, devTools: false }
} as const

/** The kiosk page of the renderer: the same build, which shows the kiosk for `?kiosk`. */
export function kioskUrl(): string {
  const url = new URL(rendererUrl())
  url.searchParams.set('kiosk', '1')
  return url.href
}

/**
 * The badge station's window: kiosk mode (full screen, nothing of the desktop), no menu, no
 * devtools, and the keys that would leave it swallowed. It closes only through `close()`, which
 * the service calls once the operator's PIN is right.
 */
export function createKioskWindow(): { win: BrowserWindow; close(): void } {
  const win = new BrowserWindow(kioskWindowOptions)
  win.removeMenu()
  let allowClose = false
  win.on('close', (event) => {
    if (!allowClose) event.preventDefault()
  })
  win.webContents.on('before-input-event', (event, input) => {
    if (leavesKiosk(input)) event.preventDefault()
  })
  // Devtools opened by any other path close again at once.
  win.webContents.on('devtools-opened', () => win.webContents.closeDevTools())
  win.once('ready-to-show', () => win.show())
  void win.loadURL(kioskUrl())
  return {
    win,
    close() {
      allowClose = true
      win.setClosable(true)
      win.setKiosk(false)
      win.close()
    }
  }
}

/**
 * Kiosk mode over the app's windows: entering opens the kiosk window and closes the desk's (in that
 * order, so the app never has no window and quits); leaving opens the desk's and closes the kiosk.
 */
export function kioskSwitch(deps: {
  openDesk: () => void
  /** Events reach the kiosk window too (a check-in, the service banner); returns the unsubscribe. */
  attach: (win: BrowserWindow) => () => void
}): { enter(): void; leave(): void; readonly active: boolean } {
  let kiosk: ReturnType<typeof createKioskWindow> | undefined
  return {
    get active() {
      return kiosk !== undefined
    },
    enter() {
      if (kiosk) return
      const opened = createKioskWindow()
      kiosk = opened
      const detach = deps.attach(opened.win)
      opened.win.on('closed', detach)
      for (const win of BrowserWindow.getAllWindows()) if (win !== opened.win) win.close()
    },
    leave() {
      const closing = kiosk
      if (!closing) return
      kiosk = undefined
      deps.openDesk()
      closing.close()
    }
  }
}
