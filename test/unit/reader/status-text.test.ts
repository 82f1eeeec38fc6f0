import { describe, expect, it } from 'vitest'
import { installHint, runsPackaged } from '../../../src/main/services/reader/status-text'

describe('what to install when the PC/SC addon cannot be loaded', () => {
  it('tells an installed package on Linux to install the PC/SC service, never to run npm', () => {
    const hint = installHint('linux', true)
    expect(hint).toContain('sudo apt install pcscd libpcsclite1')
    expect(hint).not.toMatch(/npm/)
  })

  it('tells an installed package elsewhere to reinstall (the addon ships inside it)', () => {
    for (const platform of ['win32', 'darwin'] as const) {
      expect(installHint(platform, true)).toMatch(
        /^The reader part of this installation is missing or damaged: reinstall/
      )
    }
  })

  it('gives a development checkout the rebuild advice', () => {
    expect(installHint('linux')).toMatch(/libpcsclite-dev pcscd.*npm rebuild nfc-pcsc/)
    expect(installHint('win32')).toMatch(/^Run “npm rebuild nfc-pcsc”/)
  })

  it('knows an installed package by the app.asar in its path', () => {
    expect(runsPackaged('/opt/Access Desk/resources/app.asar/out/main/reader-host.js')).toBe(true)
    expect(runsPackaged('C:\\Program Files\\Access Desk\\resources\\app.asar\\out\\main\\reader-host.js')).toBe(true)
    expect(runsPackaged('/work/access-desk/out/main/reader-host.js')).toBe(false)
    expect(runsPackaged('/work/app.asar.unpacked/out/main/reader-host.js')).toBe(false)
  })
})
