import { beforeAll, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import BadgesScreen from '../../../src/renderer/src/screens/BadgesScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import type { BadgeSettings } from '../../../src/shared/badges/schemas'
import { scriptedBridge } from '../../support/fake-bridge'

const now = () => Math.floor(Date.now() / 1000)
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const rosa: Visitor = {
  id: 'v1',
  first_name: 'Rosa',
  last_name: 'Jensen',
  status: 'UPCOMING',
  visitor_company: 'Acme',
  start_time: now() - 3600,
  end_time: now() + 3600,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  // A visit that opens a door: one that opens none is asked about first (badges-no-doors.test.ts).
  resources: [{ id: 'd1', name: 'Lobby', type: 'door' }],
  license_plates: []
}

/** Main with the badge settings and history it keeps (saveSettings and record write them). */
function desk() {
  const state = {
    settings: { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false } as BadgeSettings,
    history: [] as object[]
  }
  const { bridge } = scriptedBridge({
    'visitors.qrState': () => ({ ok: true, result: { assigned: true, pngBase64: PNG } }),
    'visitors.list': () => ({ ok: true, result: { items: [rosa], total: 1 } }),
    'visitors.get': () => ({ ok: true, result: rosa }),
    'badges.settings': () => ({ ok: true, result: state.settings }),
    'badges.saveSettings': (input) => {
      state.settings = input as BadgeSettings
      return { ok: true, result: state.settings }
    },
    'badges.record': (input) => {
      const entry = {
        ...(input as { job: object }).job,
        id: `h${state.history.length + 1}`,
        printedAt: new Date().toISOString(),
        output: 'browser-print'
      }
      state.history.push(entry)
      return { ok: true, result: entry }
    },
    'badges.history': () => ({ ok: true, result: { items: state.history } }),
    'badges.printers': () => ({ ok: true, result: { available: false, items: [] } }),
    'app.info': () => ({ ok: true, result: { name: 'Access Desk', version: '0', transport: 'web' } })
  })
  setApiForTests(bridge)
  return state
}

async function said(words: string, where: () => HTMLElement) {
  await waitFor(() => expect(screen.getByTestId('action-announcer')).toHaveTextContent(words))
  expect(document.activeElement).not.toBe(document.body)
  expect(document.activeElement).toBe(where())
}

describe('every Badges action says what it did, once, in the app’s one live region', () => {
  beforeAll(() => {
    URL.createObjectURL ??= () => 'blob:qr'
    URL.revokeObjectURL ??= () => undefined
    window.print = () => undefined
  })

  it('visitors found, badge settings saved, badge printed; the focus stays on the button used', async () => {
    const main = desk()
    badgeDesk.visitorId = null
    render(ActionAnnouncer)
    render(BadgesScreen)

    await fireEvent.input(screen.getByLabelText('Visitor'), { target: { value: 'Rosa' } })
    const findButton = screen.getByRole('button', { name: 'Find visitor' })
    findButton.focus()
    await fireEvent.click(findButton)
    await said('1 visitor found', () => screen.getByRole('button', { name: 'Find visitor' }))

    await fireEvent.input(await screen.findByLabelText('Site name on the badge'), { target: { value: 'HQ Reception' } })
    const save = screen.getByRole('button', { name: 'Save settings' })
    save.focus()
    await fireEvent.click(save)
    await said('Badge settings saved', () => screen.getByRole('button', { name: 'Save settings' }))
    expect(main.settings.siteName).toBe('HQ Reception')
    expect(screen.getByTestId('badge-settings-saved')).not.toHaveAttribute('role')

    await fireEvent.click(screen.getByRole('button', { name: /Rosa Jensen/ }))
    await screen.findByTestId('badge-preview')
    const print = screen.getByRole('button', { name: 'Print badge' })
    await waitFor(() => expect(print).toBeEnabled())
    print.focus()
    await fireEvent.click(print)
    await said('Handed to the browser’s print dialog.', () => screen.getByRole('button', { name: 'Print badge' }))
    expect(main.history).toHaveLength(1)
    expect(screen.getByTestId('badge-done')).not.toHaveAttribute('role')
  })
})
