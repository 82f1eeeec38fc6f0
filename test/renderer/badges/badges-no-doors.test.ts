import '@testing-library/jest-dom/vitest'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import BadgesScreen from '../../../src/renderer/src/screens/BadgesScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import { router } from '../../../src/renderer/src/stores/router.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import type { BadgeSettings } from '../../../src/shared/badges/schemas'
import { scriptedBridge } from '../../support/fake-bridge'

const now = () => Math.floor(Date.now() / 1000)
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
/** A current visit with no door and no QR code yet: the kiosk refuses it ("opens nothing"). */
const nils: Visitor = {
  id: 'v9',
  first_name: 'Nils',
  last_name: 'Nodoor',
  status: 'UPCOMING',
  start_time: now() - 3600,
  end_time: now() + 3600,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
}

/** The channels that give the visitor a QR code or make a badge: none may be called before the choice. */
const WRITES = ['visitors.assignQr', 'badges.record', 'badges.pdf', 'badges.print']

function main(visitor: Visitor) {
  const { bridge, calls } = scriptedBridge({
    'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } }),
    'visitors.assignQr': () => ({ ok: true, result: { assigned: true } }),
    'visitors.qrCode': () => ({ ok: true, result: { pngBase64: PNG, bytes: 68 } }),
    'visitors.get': () => ({ ok: true, result: visitor }),
    'visitors.list': () => ({ ok: true, result: { items: [visitor], total: 1 } }),
    'today.capabilities': () => ({ ok: true, result: { missing: [] } }),
    'badges.settings': () => ({
      ok: true,
      result: { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false } as BadgeSettings
    }),
    'badges.record': (input) => ({
      ok: true,
      result: {
        ...(input as { job: object }).job,
        id: 'h1',
        printedAt: new Date().toISOString(),
        output: 'browser-print'
      }
    }),
    'badges.history': () => ({ ok: true, result: { items: [] } }),
    'badges.printers': () => ({ ok: true, result: { available: false, items: [] } }),
    'app.info': () => ({ ok: true, result: { name: 'Access Desk', version: '0', transport: 'web' } })
  })
  setApiForTests(bridge)
  return () => calls.map(([channel]) => channel).filter((c) => WRITES.includes(c))
}

const language = {
  en: {
    print: 'Print badge',
    question: 'This visit opens no door: the badge will open nothing.',
    open: 'Open on Visitors',
    cancel: 'Cancel',
    anyway: 'Print anyway'
  },
  de: {
    print: 'Ausweis drucken',
    question: 'Dieser Besuch öffnet keine Tür: Der Ausweis wird nichts öffnen.',
    open: 'Unter Besucher öffnen',
    cancel: 'Abbrechen',
    anyway: 'Trotzdem drucken'
  }
} as const

afterEach(async () => {
  cleanup()
  badgeDesk.visitorId = null
  await deskLanguage.choose(null)
})

/**
 * The kiosk refuses a visit that opens no door (shared/kiosk/check-in-rule.ts, `opensNothing`); Badges
 * holds to the same rule: it asks before it assigns a QR code or prints, and "Print anyway" is never the
 * default.
 */
describe('Badges asks before printing a badge that opens no door', () => {
  beforeAll(() => {
    URL.createObjectURL ??= () => 'blob:qr'
    URL.revokeObjectURL ??= () => undefined
    window.print = () => undefined
  })

  for (const lang of ['en', 'de'] as const) {
    const w = language[lang]
    it(`${lang}: the question, said once with the focus on the safe answer; nothing sent until Print anyway`, async () => {
      await deskLanguage.choose(lang)
      const writes = main(nils)
      badgeDesk.visitorId = nils.id
      render(ActionAnnouncer)
      render(BadgesScreen)
      const print = await screen.findByRole('button', { name: w.print }, { timeout: 10_000 })
      await screen.findByTestId('badge-preview', {}, { timeout: 10_000 })
      await waitFor(() => expect(print).toBeEnabled())

      print.focus()
      await fireEvent.click(print)
      const question = await screen.findByTestId('badge-no-doors')
      expect(question).toHaveTextContent(w.question)
      await waitFor(() => expect(screen.getByTestId('action-announcer')).toHaveTextContent(w.question))
      expect(document.activeElement).toBe(screen.getByRole('button', { name: w.open }))
      expect(writes()).toEqual([])

      // Cancel: the question closes, nothing was sent, the focus is back on Print badge.
      await fireEvent.click(screen.getByRole('button', { name: w.cancel }))
      await waitFor(() => expect(screen.queryByTestId('badge-no-doors')).toBeNull())
      expect(document.activeElement).toBe(print)
      expect(writes()).toEqual([])

      // Asked again; Print anyway assigns the QR code and prints.
      await fireEvent.click(print)
      await fireEvent.click(await screen.findByRole('button', { name: w.anyway }))
      await waitFor(() => expect(writes()).toEqual(['visitors.assignQr', 'badges.record']))
      expect(document.activeElement).not.toBe(document.body)
    })
  }

  it('Open on Visitors goes to the visit, to give it doors; nothing is sent', async () => {
    const writes = main(nils)
    badgeDesk.visitorId = nils.id
    render(BadgesScreen)
    const pdf = await screen.findByRole('button', { name: 'Save as PDF' }, { timeout: 10_000 })
    await screen.findByTestId('badge-preview', {}, { timeout: 10_000 })
    await waitFor(() => expect(pdf).toBeEnabled())
    await fireEvent.click(pdf)
    expect(await screen.findByRole('button', { name: 'Save PDF anyway' })).toBeInTheDocument()
    await fireEvent.click(screen.getByRole('button', { name: 'Open on Visitors' }))
    await waitFor(() => expect(router.current).toBe('visitors'))
    expect(writes()).toEqual([])
  })

  it('a visit with a door is printed without a question', async () => {
    const writes = main({ ...nils, resources: [{ id: 'g1', name: 'Lobby', type: 'door_group' }] })
    badgeDesk.visitorId = nils.id
    render(BadgesScreen)
    const print = await screen.findByRole('button', { name: 'Print badge' }, { timeout: 10_000 })
    await screen.findByTestId('badge-preview', {}, { timeout: 10_000 })
    await waitFor(() => expect(print).toBeEnabled())
    await fireEvent.click(print)
    await waitFor(() => expect(writes()).toEqual(['visitors.assignQr', 'badges.record']))
    expect(screen.queryByTestId('badge-no-doors')).toBeNull()
  })
})
