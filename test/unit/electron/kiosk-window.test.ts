import { beforeEach, describe, expect, it, vi } from 'vitest'

// Electron cannot run here: a stand-in BrowserWindow records what the kiosk window asks of it.
type Listener = (...args: unknown[]) => void
interface FakeWindow {
  options: Record<string, unknown>
  url?: string
  on: Map<string, Listener>
  contentsOn: Map<string, Listener>
  calls: string[]
}
const windows: FakeWindow[] = []
const open: unknown[] = []

vi.mock('electron', () => {
  class BrowserWindow {
    record: FakeWindow
    webContents: unknown
    constructor(options: Record<string, unknown>) {
      this.record = { options, on: new Map(), contentsOn: new Map(), calls: [] }
      windows.push(this.record)
      open.push(this)
      const record = this.record
      this.webContents = {
        on: (event: string, fn: Listener) => record.contentsOn.set(event, fn),
        closeDevTools: () => record.calls.push('closeDevTools')
      }
    }
    on(event: string, fn: Listener) {
      this.record.on.set(event, fn)
    }
    once() {}
    removeMenu() {
      this.record.calls.push('removeMenu')
    }
    setClosable(v: boolean) {
      this.record.calls.push(`setClosable(${v})`)
    }
    setKiosk(v: boolean) {
      this.record.calls.push(`setKiosk(${v})`)
    }
    close() {
      this.record.calls.push('close')
      const event = { defaultPrevented: false, preventDefault: () => (event.defaultPrevented = true) }
      this.record.on.get('close')?.(event)
      if (event.defaultPrevented) return
      this.record.calls.push('closed')
      open.splice(open.indexOf(this), 1)
      this.record.on.get('closed')?.()
    }
    static getAllWindows() {
      return [...open]
    }
    loadURL(url: string) {
      this.record.url = url
      return Promise.resolve()
    }
  }
  const electron = { app: { isPackaged: true, on: vi.fn() }, BrowserWindow, session: {}, shell: {} }
  return { ...electron, default: electron }
})

const { createKioskWindow, kioskSwitch, leavesKiosk, kioskUrl } =
  await import('../../../src/main/electron/kiosk-window')
const { rendererUrl } = await import('../../../src/main/electron/window')

const key = (k: string, mods: Partial<Record<'control' | 'meta' | 'alt' | 'shift', boolean>> = {}) => ({
  type: 'keyDown',
  key: k,
  control: false,
  meta: false,
  alt: false,
  shift: false,
  ...mods
})

describe('the kiosk window', () => {
  beforeEach(() => {
    windows.length = 0
    open.length = 0
  })

  it('is a kiosk window without menu or devtools, hardened like the main window, on the kiosk page', () => {
    createKioskWindow()
    const w = windows[0]!
    expect(w.options).toMatchObject({ kiosk: true, fullscreen: true, closable: false, minimizable: false })
    expect(w.options.webPreferences).toMatchObject({
      devTools: false,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false
    })
    expect(w.calls).toContain('removeMenu')
    expect(w.url).toBe(kioskUrl())
    const url = new URL(w.url!)
    expect(url.searchParams.get('kiosk')).toBe('1')
    expect(url.pathname).toBe(new URL(rendererUrl()).pathname)
  })

  it('swallows the keys that leave it or look behind it, and lets typing through', () => {
    createKioskWindow()
    const onKey = windows[0]!.contentsOn.get('before-input-event')!
    const pressed = (input: ReturnType<typeof key>) => {
      const event = { prevented: false, preventDefault: () => (event.prevented = true) }
      onKey(event, input)
      return event.prevented
    }
    for (const input of [
      key('w', { control: true }),
      key('q', { meta: true }),
      key('F4', { alt: true }),
      key('F5'),
      key('r', { control: true }),
      key('F11'),
      key('F12'),
      key('I', { control: true, shift: true }),
      key('i', { meta: true, alt: true }),
      key('f', { control: true, meta: true }),
      key('p', { control: true }),
      key('=', { control: true })
    ])
      expect(pressed(input), JSON.stringify(input)).toBe(true)
    for (const input of [key('a'), key('5'), key('Enter'), key('Backspace'), key('Tab'), key('Escape'), key('F4')])
      expect(pressed(input), JSON.stringify(input)).toBe(false)
    expect(leavesKiosk({ ...key('w', { control: true }), type: 'keyUp' })).toBe(false)
  })

  it('refuses to close until the PIN check closes it, and closes devtools opened by any other path', () => {
    const kiosk = createKioskWindow()
    const w = windows[0]!
    ;(kiosk.win as unknown as { close(): void }).close()
    expect(w.calls).not.toContain('closed')
    w.contentsOn.get('devtools-opened')!()
    expect(w.calls).toContain('closeDevTools')
    kiosk.close()
    expect(w.calls.slice(-4)).toEqual(['setClosable(true)', 'setKiosk(false)', 'close', 'closed'])
  })

  it('switches the desk window for the kiosk and back, never leaving the app without a window', async () => {
    const { BrowserWindow } = await import('electron')
    const openDesk = vi.fn(() => void new BrowserWindow({ title: 'Access Desk' }))
    const detach = vi.fn()
    const attach = vi.fn(() => detach)
    openDesk()
    const desk = windows[0]!
    const modes = kioskSwitch({ openDesk, attach })

    modes.enter()
    expect(modes.active).toBe(true)
    const kiosk = windows[1]!
    expect(kiosk.options.kiosk).toBe(true)
    expect(attach).toHaveBeenCalledTimes(1)
    expect(desk.calls).toContain('closed')
    expect(BrowserWindow.getAllWindows()).toHaveLength(1)
    // A second start is the same kiosk, not another window.
    modes.enter()
    expect(windows).toHaveLength(2)

    modes.leave()
    expect(modes.active).toBe(false)
    expect(openDesk).toHaveBeenCalledTimes(2)
    expect(kiosk.calls).toContain('closed')
    expect(detach).toHaveBeenCalledTimes(1)
    expect(BrowserWindow.getAllWindows()).toHaveLength(1)
    expect(windows[2]!.options.title).toBe('Access Desk')
    // Leaving when not in kiosk mode opens nothing more.
    modes.leave()
    expect(openDesk).toHaveBeenCalledTimes(2)
  })
})
