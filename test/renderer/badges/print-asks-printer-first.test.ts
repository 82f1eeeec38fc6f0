import '@testing-library/jest-dom/vitest'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import BadgesScreen from '../../../src/renderer/src/screens/BadgesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import type { BadgeHistoryEntry, BadgeSettings } from '../../../src/shared/badges/schemas'
import { scriptedBridge } from '../../support/fake-bridge'

const now = () => Math.floor(Date.now() / 1000)
const OFFICE = 'ipp://localhost:8631/ipp/print'
/** A current visit with a door and no QR code yet: Print would assign one. */
const ana: Visitor = {
  id: 'v1',
  first_name: 'Ana',
  last_name: 'Ruiz',
  status: 'UPCOMING',
  start_time: now() - 3600,
  end_time: now() + 3600,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [{ id: 'd1', type: 'door', name: 'Lobby' }],
  license_plates: []
} as Visitor

function main() {
  const history: BadgeHistoryEntry[] = []
  const refusal = 'The printer “Office” does not take 62 × 100 mm labels. No badge was printed.'
  const { bridge, calls } = scriptedBridge({
    'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } }),
    'visitors.assignQr': () => ({ ok: true, result: { assigned: true } }),
    'visitors.get': () => ({ ok: true, result: ana }),
    'visitors.list': () => ({ ok: true, result: { items: [ana], total: 1 } }),
    'today.capabilities': () => ({ ok: true, result: { missing: [] } }),
    'badges.settings': () => ({
      ok: true,
      result: { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: OFFICE, silent: true } as BadgeSettings
    }),
    'badges.printers': () => ({
      ok: true,
      result: { available: true, items: [{ name: OFFICE, displayName: 'Office', isDefault: true, kind: 'ipp' }] }
    }),
    // Main records the refused attempt in its history as it refuses.
    'badges.checkPrinter': (input) => {
      const { job } = input as { job: BadgeHistoryEntry }
      history.unshift({
        ...job,
        id: 'h1',
        printedAt: new Date().toISOString(),
        output: 'printer',
        printer: 'Office',
        failed: { reason: refusal, message: refusal }
      })
      return {
        ok: false,
        error: { kind: 'validation', code: 'PRINTER_MEDIA_UNSUPPORTED', message: refusal, retryable: false }
      }
    },
    'badges.history': () => ({ ok: true, result: { items: [...history] } }),
    'app.info': () => ({ ok: true, result: { name: 'Access Desk', version: '0', transport: 'web' } })
  })
  setApiForTests(bridge)
  return () => calls.map(([channel]) => channel)
}

afterEach(() => {
  cleanup()
  badgeDesk.visitorId = null
})

/**
 * Print with one of main's printers asks it first whether it can print this badge: a refusal leaves the
 * console without a QR code for the visitor, and the refused attempt is in the print history at once.
 */
describe('Badges asks the printer before any console write', () => {
  beforeAll(() => {
    URL.createObjectURL ??= () => 'blob:qr'
    URL.revokeObjectURL ??= () => undefined
  })

  it('an office printer refuses the label: no QR code assigned, the attempt shown in the history now', async () => {
    const channels = main()
    badgeDesk.visitorId = ana.id
    render(BadgesScreen)
    const print = await screen.findByRole('button', { name: 'Print badge' }, { timeout: 10_000 })
    await screen.findByTestId('badge-preview', {}, { timeout: 10_000 })
    await waitFor(() => expect(print).toBeEnabled())
    await fireEvent.click(print)
    await screen.findByText(/does not take 62 × 100 mm labels/, {}, { timeout: 10_000 })
    expect(channels()).toContain('badges.checkPrinter')
    expect(channels()).not.toContain('visitors.assignQr')
    expect(channels()).not.toContain('badges.print')
    const row = await screen.findByTestId('history-failed', {}, { timeout: 10_000 })
    expect(row).toHaveTextContent(/Not printed/)
  })
})
