import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({ app: { isPackaged: false }, BrowserWindow: class {}, session: {}, shell: {} }))

const { documentationLinks, isExternalLinkAllowed } = await import('../../../src/main/electron/window')

const consoles = ['https://192.168.1.10:12445', 'https://127.0.0.1:40123', 'built-in']

describe("links that may leave the app for the user's browser", () => {
  it("opens a configured console's own pages", () => {
    expect(isExternalLinkAllowed('https://192.168.1.10:12445/', consoles)).toBe(true)
    expect(isExternalLinkAllowed('https://192.168.1.10:12445/access/visitors?id=1', consoles)).toBe(true)
    expect(isExternalLinkAllowed('https://127.0.0.1:40123/', consoles)).toBe(true)
  })

  it('refuses another port, host or scheme of the same console', () => {
    expect(isExternalLinkAllowed('https://192.168.1.10/', consoles)).toBe(false)
    expect(isExternalLinkAllowed('https://192.168.1.10:443/', consoles)).toBe(false)
    expect(isExternalLinkAllowed('http://192.168.1.10:12445/', consoles)).toBe(false)
    expect(isExternalLinkAllowed('https://192.168.1.11:12445/', consoles)).toBe(false)
    expect(isExternalLinkAllowed('https://192.168.1.10.evil.example:12445/', consoles)).toBe(false)
  })

  it('refuses credentials in the address, even on a console', () => {
    expect(isExternalLinkAllowed('https://admin:secret@192.168.1.10:12445/', consoles)).toBe(false)
    expect(isExternalLinkAllowed('https://admin@192.168.1.10:12445/', consoles)).toBe(false)
  })

  it('refuses any other site and every scheme that could start a program', () => {
    for (const url of [
      'https://docs.example/',
      'https://evil.example/192.168.1.10:12445',
      'file:///etc/passwd',
      'smb://host/share',
      'javascript:alert(1)',
      'ms-msdt:/id',
      'not a url',
      ''
    ])
      expect(isExternalLinkAllowed(url, consoles), url).toBe(false)
  })

  it('opens nothing when no console is configured and no documentation is linked', () => {
    expect(documentationLinks).toEqual([])
    expect(isExternalLinkAllowed('https://192.168.1.10:12445/', [])).toBe(false)
    // An unparseable or non-HTTPS console address allows nothing.
    expect(isExternalLinkAllowed('https://built-in/', ['built-in', 'http://192.168.1.10:12445'])).toBe(false)
    expect(isExternalLinkAllowed('http://192.168.1.10:12445/', ['http://192.168.1.10:12445'])).toBe(false)
  })
})
