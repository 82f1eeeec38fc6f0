import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { visitActions, visitStage } from '../../../src/shared/visitors/visit-stage'
import { scriptedBridge } from '../../support/fake-bridge'
import { row, todayBridge, viewOf } from '../today/today-bridge'

const now = Math.floor(Date.now() / 1000)

afterEach(() => {
  cleanup()
  today.reset()
  visitors.reset()
})

/**
 * Which actions a visit's stage allows is one rule (shared/visitors/visit-stage.ts), read by Today's rows
 * and Visitors' details alike: a visit under way can be ended now; one not begun cannot (it is cancelled);
 * one over offers no badge and no End or Cancel, and its QR code is not said as access.
 */
describe('one rule of what a visit allows, on Today and on Visitors', () => {
  it('the rule: stages from the console’s status and the window', () => {
    expect(visitStage({ status: 'ACTIVE', start_time: now - 60, end_time: now + 60 }, now)).toBe('under-way')
    expect(visitStage({ status: 'VISITING', start_time: now - 60, end_time: now + 60 }, now)).toBe('under-way')
    expect(visitStage({ status: 'UPCOMING', start_time: now + 60, end_time: now + 120 }, now)).toBe('upcoming')
    expect(visitStage({ status: 'VISITING', start_time: now - 120, end_time: now - 60 }, now)).toBe('ended')
    expect(visitStage({ status: 'VISITED', start_time: now - 60, end_time: now + 60 }, now)).toBe('ended')
    expect(visitStage({ status: 'CANCELLED', start_time: now - 60, end_time: now + 60 }, now)).toBe('cancelled')
    expect(visitActions('under-way')).toMatchObject({ endVisit: true, badge: true })
    expect(visitActions('upcoming')).toMatchObject({ endVisit: false, cancel: true })
    expect(visitActions('ended')).toEqual({
      endVisit: false,
      cancel: false,
      edit: true,
      badge: false,
      credentialsOpenDoors: false
    })
  })

  it('Today: End visit on a visit under way only; a visit that left offers no reprint and says its QR code opens no door', async () => {
    const { bridge } = todayBridge({
      'today.list': () =>
        viewOf([
          row({ id: 'a', name: 'Ann Berg', status: 'VISITING', group: 'here', start: now - 600, end: now + 3600 }),
          row({ id: 'b', name: 'Bo Ek', status: 'UPCOMING', start: now + 3600, end: now + 7200 }),
          row({
            id: 'c',
            name: 'Cy Lund',
            status: 'VISITED',
            group: 'left',
            start: now - 7200,
            end: now - 600,
            badgePrinted: true,
            credentials: { pin: false, cards: 0, qr: true }
          })
        ])
    })
    setApiForTests(bridge)
    render(TodayScreen)
    await screen.findByRole('button', { name: 'Ann Berg' })
    expect(screen.getByRole('button', { name: 'End visit of Ann Berg' })).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'End visit of Bo Ek' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'End visit of Cy Lund' })).toBeNull()
    const left = screen.getByRole('button', { name: 'Cy Lund' }).closest('tr')!
    const reprint = within(left).getByRole('button', { name: 'Reprint badge for Cy Lund' })
    expect(reprint).toBeDisabled()
    expect(reprint).toHaveAccessibleDescription(/A visit that is over gets no badge/)
    expect(left).toHaveTextContent('QR code (opens no door now)')
  })

  it('Visitors: a visit under way offers End visit now; one over offers neither End nor Cancel, and no badge', async () => {
    const base: Visitor = {
      id: 'v1',
      first_name: 'Rosa',
      last_name: 'Jensen',
      status: 'VISITING',
      visit_reason: 'Business',
      start_time: now - 7200,
      end_time: now + 3600,
      nfc_cards: [],
      pin_code: null,
      schedule: null,
      resources: [],
      license_plates: []
    }
    async function open(visitor: Visitor) {
      const ok = (result: unknown) => ({ ok: true as const, result })
      const { bridge } = scriptedBridge({
        'visitors.list': () => ok({ items: [visitor], total: 1 }),
        'visitors.get': () => ok(visitor),
        'visitors.capabilities': () => ok({ canEdit: true }),
        'visitors.qrState': () => ok({ assigned: true, pngBase64: 'iVBORw0KGgo=' }),
        'sites.topology': () => ok({ groups: [] })
      })
      setApiForTests(bridge)
      render(VisitorsScreen)
      const table = await screen.findByTestId('visitors-table')
      await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
      return screen.findByTestId('visitor-details')
    }
    const underWay = await open(base)
    expect(within(underWay).getByRole('button', { name: 'End visit now…' })).toBeEnabled()
    cleanup()
    visitors.reset()

    const over = await open({ ...base, end_time: now - 60 })
    expect(within(over).queryByRole('button', { name: 'End visit now…' })).toBeNull()
    const reason = within(over).getByTestId('ended-reason')
    const cancel = within(over).getByRole('button', { name: 'Cancel visit…' })
    expect(cancel).toBeDisabled()
    expect(cancel).toHaveAccessibleDescription(reason.textContent!)
    expect(within(over).getByRole('button', { name: 'Edit…' })).toBeEnabled()
    const credentials = await screen.findByTestId('visitor-credentials')
    expect(await within(credentials).findByTestId('qr-state')).toHaveTextContent('opens no door')
    expect(within(credentials).getByRole('button', { name: 'Make a badge…' })).toBeDisabled()
  })
})
