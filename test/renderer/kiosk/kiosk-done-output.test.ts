import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import KioskApp from '../../../src/renderer/src/screens/kiosk/KioskApp.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { KioskBadge, KioskCheckin } from '../../../src/shared/kiosk/schemas'
import { badgeStockIds } from '../../../src/shared/badges/label-stocks'
import { scriptedBridge } from '../../support/fake-bridge'

const source = { online: true, loadedAt: new Date().toISOString(), visitors: 1, canCheckInOffline: 1 }
const settings = { pinSet: true, idleSeconds: 60, directions: '', deskName: 'the front desk' }
const visit = { visitorId: 'v1', name: 'Manaia Rewiti', company: '', host: '', validFrom: 0, validTo: 0 }

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/**
 * The kiosk's closing words follow where the badge went (issue 31: "Take your badge from the printer"
 * was said when the badge had gone to the browser's print dialog, web mode with no printer): the app's
 * printer, the print dialog, or none (the visitor is sent to the desk). One mapping,
 * shared/badges/kiosk-output-words.ts.
 */
async function checkInWith(mainPrints: boolean, checkin: Pick<KioskCheckin, 'printed' | 'output' | 'printReason'>) {
  const badge: KioskBadge = {
    job: {
      visitorId: 'v1',
      name: visit.name,
      company: '',
      host: '',
      validFrom: 0,
      validTo: 0,
      stock: badgeStockIds[0]
    },
    qrPngBase64: 'iVBORw0KGgo=',
    qrAssigned: false,
    doors: [],
    source,
    mainPrints
  }
  const { bridge, calls } = scriptedBridge({
    'app.info': () => ({ ok: true, result: { transport: 'web' } }),
    'kiosk.refresh': () => ({ ok: true, result: { source, settings } }),
    'kiosk.find': () => ({ ok: true, result: { found: { kind: 'one', visit }, source } }),
    'kiosk.badge': () => ({ ok: true, result: badge }),
    'kiosk.checkIn': () => ({
      ok: true,
      result: { id: 'c1', at: '', visitorId: 'v1', name: visit.name, company: '', host: '', offline: false, ...checkin }
    })
  })
  setApiForTests(bridge)
  URL.createObjectURL ??= () => 'blob:qr'
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:qr')
  const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
  render(KioskApp)
  await fireEvent.click(await screen.findByRole('button', { name: 'Check in' }, { timeout: 10_000 }))
  await fireEvent.input(screen.getByRole('textbox', { name: 'Your first and last name' }), {
    target: { value: visit.name }
  })
  await fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
  await fireEvent.click(await screen.findByRole('button', { name: 'Yes, print my badge' }, { timeout: 5_000 }))
  return { print, calls }
}

describe('the kiosk’s closing words follow the badge’s output', () => {
  it('printer: "Take your badge from the printer."', async () => {
    const { print } = await checkInWith(true, { printed: true, output: 'printer' })
    const done = await screen.findByTestId('kiosk-done', {}, { timeout: 5_000 })
    expect(done).toHaveTextContent('Take your badge from the printer.')
    expect(done).toHaveAttribute('data-output', 'printer')
    expect(print).not.toHaveBeenCalled()
  })

  it('print dialog (web mode, no printer): recorded not printed, and the visitor told to see the desk if none came out', async () => {
    // What main records for a badge handed to the dialog: not printed (it cannot know), no failure.
    const { print, calls } = await checkInWith(false, { printed: false, output: 'browser-print' })
    const done = await screen.findByTestId('kiosk-done', {}, { timeout: 5_000 })
    expect(print).toHaveBeenCalledOnce()
    // What the page knows: it handed the badge to the dialog, never that it was printed.
    const sent = calls.find(([channel]) => channel === 'kiosk.checkIn')?.[1] as { browser?: object }
    expect(sent.browser).toEqual({ handedToDialog: true })
    expect(done).toHaveAttribute('data-output', 'print-dialog')
    // The dialog has closed by now (print() returned): nothing to choose there; honest about what may not have come out.
    expect(done).toHaveTextContent(
      'Take your badge from the printer. If none came out, please see the front desk: they will print it for you.'
    )
    expect(screen.queryByTestId('kiosk-print-failed')).toBeNull()
  })

  it('none: no badge came out, the visitor is sent to the desk with the reason', async () => {
    await checkInWith(true, { printed: false, output: 'printer', printReason: 'The printer is out of labels.' })
    expect(await screen.findByTestId('kiosk-print-failed')).toBeInTheDocument()
    expect(screen.getByTestId('kiosk-print-reason')).toHaveTextContent('The printer is out of labels.')
    expect(screen.queryByTestId('kiosk-done')).toBeNull()
  })
})
