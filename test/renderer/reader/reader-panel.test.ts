import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import ReaderPanel from '../../../src/renderer/src/components/import/ReaderPanel.svelte'
import type { ReaderCard, ReaderStatus } from '../../../src/shared/reader/schemas'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { ReaderSupervisor } from '../../../src/main/services/reader/supervisor'
import { scripted, type ScriptedHost } from '../../support/scripted-host'
import { sleep } from '../../pcsc/harness'

const props = (status: ReaderStatus | null) => ({
  status,
  error: null,
  taps: [],
  present: null,
  onselect: () => {},
  onretry: () => {}
})

describe('Reader panel status', () => {
  it('announces the state and what to do in a live region, and follows it as it changes', async () => {
    const view = render(ReaderPanel, props({ state: 'ready', message: 'Ready: hold a card on R.', readers: ['R'] }))
    const live = screen.getByRole('status')
    expect(live.textContent).toContain('Ready: hold a card on R.')
    expect(screen.getByText(/Tap a card on the reader/)).toBeVisible()

    await view.rerender(
      props({
        state: 'restarting',
        message: 'Reader service restarting…',
        hint: 'Leave a card on the reader: it is picked up as soon as the service is back.',
        readers: []
      })
    )
    // The same live region (assistive technology announces changes of a region it already knows).
    expect(screen.getByRole('status')).toBe(live)
    expect(live.textContent).toContain('Reader service restarting…')
    expect(live.textContent).toContain('Leave a card on the reader')
    expect(screen.getByTestId('reader-state').dataset['state']).toBe('restarting')
    expect(screen.getByText('Taps appear here once a reader is ready.')).toBeVisible()

    await view.rerender(
      props({ state: 'no-service', message: 'PC/SC service stopped: …', hint: 'Start it with …', readers: [] })
    )
    expect(live.textContent).toContain('PC/SC service stopped')
    expect(live.textContent).toContain('Start it with')
  })
})

/**
 * The state line and what to do are worded in the desk's language from main's facts (state, readers,
 * selected, `os`): main's English `message` and `hint` are for the CLI and the logs.
 */
describe('Reader panel status in the desk’s language', () => {
  afterEach(() => deskLanguage.choose(null))

  it('says each state and what to do in German, never main’s English', async () => {
    deskLanguage.choose('de')
    const status = (s: ReaderStatus) => render(ReaderPanel, props(s))
    const english = /Ready|hold a card|restarting|service stopped|Start it|No reader|Plug the USB/

    const ready = status({
      state: 'ready',
      message: 'Ready: hold a card on ACR122U.',
      readers: ['ACR122U'],
      os: 'linux'
    })
    // The German catalogue loads as the app loads it (a chunk): on a loaded machine, slowly.
    expect(await screen.findByRole('heading', { name: 'USB-Leser' }, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByTestId('reader-state')).toHaveTextContent('Bereit: Halten Sie eine Karte an ACR122U.')
    ready.unmount()

    const down = status({
      state: 'no-service',
      message: 'PC/SC service stopped: the smart-card service that talks to USB readers is not answering.',
      hint: 'Start it with “sudo systemctl enable --now pcscd.socket” (package pcscd).',
      readers: [],
      os: 'linux'
    })
    const live = screen.getByRole('status')
    expect(live).toHaveTextContent('PC/SC-Dienst angehalten')
    expect(live).toHaveTextContent('sudo systemctl enable --now pcscd.socket')
    expect(live.textContent).not.toMatch(english)
    down.unmount()

    status({
      state: 'no-reader',
      message: 'No reader connected.',
      hint: 'Plug the USB reader in.',
      readers: [],
      os: 'windows'
    })
    expect(screen.getByRole('status')).toHaveTextContent('Kein Leser angeschlossen.')
    expect(screen.getByRole('status').textContent).not.toMatch(english)
  })

  it('says in German why the reader module (nfc-pcsc) did not load and what to do, from the facts main sends', async () => {
    deskLanguage.choose('de')
    const missing = render(
      ReaderPanel,
      props({
        state: 'unavailable',
        message: 'The NFC reader module (nfc-pcsc) is not installed, so USB readers cannot be used.',
        hint: 'Install the PC/SC library and service (…), then run “npm rebuild nfc-pcsc” and restart Access Desk.',
        readers: [],
        os: 'linux',
        addon: { cause: 'missing', packaged: false }
      })
    )
    expect(await screen.findByRole('heading', { name: 'USB-Leser' }, { timeout: 5000 })).toBeInTheDocument()
    const live = screen.getByRole('status')
    expect(live).toHaveTextContent('Das NFC-Lesermodul (nfc-pcsc) ist nicht installiert')
    expect(live).toHaveTextContent('sudo apt install libpcsclite-dev pcscd')
    expect(live).toHaveTextContent('starten Sie Access Desk neu')
    expect(live.textContent).not.toMatch(/is not installed|Install the|restart Access Desk/)
    missing.unmount()

    render(
      ReaderPanel,
      props({
        state: 'unavailable',
        message: 'The NFC reader module could not be loaded: NODE_MODULE_VERSION 115',
        hint: 'The native PC/SC addon was built for a different Node.js/Electron version.',
        readers: [],
        os: 'linux',
        addon: { cause: 'abi', packaged: false, detail: 'NODE_MODULE_VERSION 115' }
      })
    )
    const abi = screen.getByRole('status')
    expect(abi).toHaveTextContent('Das NFC-Lesermodul konnte nicht geladen werden: NODE_MODULE_VERSION 115')
    expect(abi).toHaveTextContent('für eine andere Node.js-/Electron-Version gebaut')
    expect(abi.textContent).not.toMatch(/could not be loaded|was built for/)
  })

  it('says in German that the reader process could not be started, with the system’s own text as the system’s', async () => {
    deskLanguage.choose('de')
    render(
      ReaderPanel,
      props({
        state: 'unavailable',
        message: 'The reader process could not be started: spawn /opt/access-desk/reader-host ENOENT',
        readers: [],
        os: 'linux',
        spawn: { code: 'ENOENT', detail: 'spawn /opt/access-desk/reader-host ENOENT' }
      })
    )
    expect(await screen.findByRole('heading', { name: 'USB-Leser' }, { timeout: 5000 })).toBeInTheDocument()
    const live = screen.getByRole('status')
    expect(live).toHaveTextContent(
      'Der Leserprozess konnte nicht gestartet werden. Das System meldete: „spawn /opt/access-desk/reader-host ENOENT“'
    )
    expect(live).toHaveTextContent('Ein Teil von Access Desk fehlt')
    expect(live.textContent).not.toMatch(/could not be started/)
  })

  it("a tap's Copy buttons say Kopieren, and Kopiert once copied (said once)", async () => {
    deskLanguage.choose('de')
    const copied: string[] = []
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) }
    })
    const card: ReaderCard = {
      reader: 'ACR122U',
      uid: '04A23B1C',
      atr: '3B00',
      standard: 'TAG_ISO_14443_3',
      formats: { hex: '04A23B1C', reversed: '1C3BA204', decimal: '77740828' },
      randomUid: false,
      at: 1
    }
    render(ReaderPanel, {
      ...props({ state: 'ready', message: 'Ready', readers: ['ACR122U'], os: 'linux' }),
      taps: [{ key: 'k1', card }]
    })
    expect(await screen.findByRole('heading', { name: 'USB-Leser' }, { timeout: 5000 })).toBeInTheDocument()
    // The shared words (common area) load as their own chunk.
    const copy = await screen.findAllByRole('button', { name: 'Kopieren' }, { timeout: 5000 })
    expect(copy).toHaveLength(3)
    expect(screen.queryByRole('button', { name: /Copy/ })).toBeNull()
    await fireEvent.click(copy[1]!)
    expect(copied).toEqual(['1C3BA204'])
    expect(await screen.findByRole('button', { name: 'Kopiert' })).toBeInTheDocument()
    await waitFor(() => expect(announcer.message).toBe('Kopiert'))
  })
})

/**
 * The causes only main knows — a card it could not read, a reader process that never said hello — are
 * sent as facts beside main's English (the CLI's words): the panel says them in the desk's language.
 */
describe('Reader panel: main’s own causes in the desk’s language', () => {
  afterEach(() => deskLanguage.choose(null))

  /** A supervisor on a scripted host; `silentMs`: how long a host may stay silent before it counts as stuck. */
  async function supervised(script: (host: ScriptedHost) => void, silentMs = 10_000): Promise<ReaderStatus> {
    const { hosts, forkHost } = scripted()
    const sup = new ReaderSupervisor({
      forkHost,
      emit: () => {},
      platform: 'linux',
      startTimeoutMs: silentMs,
      stallMs: silentMs,
      serviceUp: () => Promise.resolve(false),
      backoffMs: { first: 10_000, max: 10_000 }
    })
    sup.status()
    while (hosts.length === 0) await sleep(5)
    script(hosts[0]!)
    await sleep(silentMs < 1000 ? 400 : 20)
    const status = sup.status()
    await sup.stop()
    return status
  }

  it('says in German that a card could not be read, and what to do', async () => {
    deskLanguage.choose('de')
    const status = await supervised((host) => {
      host.say({ type: 'hello', pid: 1 })
      host.say({ type: 'readers', readers: ['ACR122U'] })
      host.say({ type: 'card-error', reader: 'ACR122U', message: 'Transaction failed' })
    })
    render(ReaderPanel, props(status))
    expect(await screen.findByRole('heading', { name: 'USB-Leser' }, { timeout: 5000 })).toBeInTheDocument()
    const live = screen.getByRole('status')
    expect(live).toHaveTextContent('ACR122U')
    expect(live).toHaveTextContent('Transaction failed')
    expect(live).toHaveTextContent('Karte')
    expect(live.textContent).not.toMatch(/Could not read|Hold the card/)
  })

  it('says in German that the reader process did not start', async () => {
    deskLanguage.choose('de')
    const status = await supervised(() => {}, 50)
    expect(status.state).toBe('no-service')
    render(ReaderPanel, props(status))
    expect(await screen.findByRole('heading', { name: 'USB-Leser' }, { timeout: 5000 })).toBeInTheDocument()
    const live = screen.getByRole('status')
    expect(live).toHaveTextContent('Leserprozess')
    expect(live.textContent).not.toMatch(/did not start/)
  })
})
