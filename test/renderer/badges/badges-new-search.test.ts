import '@testing-library/jest-dom/vitest'
import { beforeAll, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import BadgesScreen from '../../../src/renderer/src/screens/BadgesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'

const now = () => Math.floor(Date.now() / 1000)
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const person = (id: string, first_name: string, last_name: string, status: Visitor['status']): Visitor => ({
  id,
  first_name,
  last_name,
  status,
  visitor_company: 'Beta',
  start_time: now() - 3600,
  end_time: now() + 3600,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
})
const sam = person('v1', 'Sam', 'Lee', 'UPCOMING')
const omar = person('v2', 'Omar', 'Aziz', 'VISITED')

/** A new search is for someone else: the badge of the visitor shown before is not printed by mistake. */
describe('Badges: a new search', () => {
  beforeAll(() => {
    URL.createObjectURL ??= () => 'blob:qr'
    URL.revokeObjectURL ??= () => undefined
  })

  it('leaves Print and Save off until a visitor is chosen, and the results say each visit’s state', async () => {
    const { bridge } = scriptedBridge({
      'visitors.qrState': () => ({ ok: true, result: { assigned: true, pngBase64: PNG } }),
      'visitors.list': (input) => ({
        ok: true,
        result: { items: (input as { keyword?: string }).keyword === 'Omar' ? [omar] : [sam], total: 1 }
      }),
      'visitors.get': (input) => ({ ok: true, result: (input as { id: string }).id === 'v1' ? sam : omar }),
      'badges.settings': () => ({
        ok: true,
        result: { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false }
      }),
      'badges.history': () => ({ ok: true, result: { items: [] } }),
      'badges.printers': () => ({ ok: true, result: { available: false, items: [] } }),
      'app.info': () => ({ ok: true, result: { name: 'Access Desk', version: '0', transport: 'web' } })
    })
    setApiForTests(bridge)
    badgeDesk.visitorId = null
    render(BadgesScreen)
    const field = screen.getByLabelText('Visitor')
    await fireEvent.input(field, { target: { value: 'Sam' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Find visitor' }))
    await fireEvent.click(await screen.findByRole('button', { name: /^Sam Lee · Beta · Expected · / }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Print badge' })).toBeEnabled())

    await fireEvent.input(field, { target: { value: 'Omar' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Find visitor' }))
    const found = await screen.findByRole('list', { name: 'Visitors found' })
    expect(within(found).getByRole('button')).toHaveAccessibleName(/^Omar Aziz · Beta · Left · /)
    expect(screen.getByRole('button', { name: 'Print badge' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Save as PDF' })).toBeDisabled()
  })
})

/** One arrival rule (shared/today/groups.ts shownStatus): a visitor checked in at the kiosk is "Here" on Badges too. */
describe('Badges: the search says a kiosk arrival is here', () => {
  it('calls a visitor the console holds ACTIVE but who checked in at this desk’s kiosk "Here", not "Expected"', async () => {
    const arrived = {
      ...person('v3', 'Kim', 'Park', 'ACTIVE'),
      deskArrival: { at: new Date().toISOString(), where: 'kiosk' }
    }
    const waiting = { ...person('v4', 'Kim', 'Ng', 'ACTIVE'), deskArrival: null }
    const { bridge } = scriptedBridge({
      'visitors.list': () => ({ ok: true, result: { items: [arrived, waiting], total: 2 } }),
      'badges.settings': () => ({
        ok: true,
        result: { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false }
      }),
      'badges.history': () => ({ ok: true, result: { items: [] } }),
      'badges.printers': () => ({ ok: true, result: { available: false, items: [] } }),
      'app.info': () => ({ ok: true, result: { name: 'Access Desk', version: '0', transport: 'web' } })
    })
    setApiForTests(bridge)
    badgeDesk.visitorId = null
    render(BadgesScreen)
    await fireEvent.input(screen.getByLabelText('Visitor'), { target: { value: 'Kim' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Find visitor' }))
    const found = await screen.findByRole('list', { name: 'Visitors found' })
    const names = within(found)
      .getAllByRole('button')
      .map((b) => b.textContent)
    expect(names[0]).toMatch(/^Kim Park · Beta · Here · /)
    expect(names[1]).toMatch(/^Kim Ng · Beta · Expected · /)
  })
})
