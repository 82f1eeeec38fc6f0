import '@testing-library/jest-dom/vitest'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import BadgesScreen from '../../../src/renderer/src/screens/BadgesScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import { formatLocal } from '../../../src/renderer/src/lib/local-time'
import type { Visitor } from '../../../src/shared/access/visitors'
import { visitEndedAt } from '../../../src/shared/visitors/visit-stage'
import { scriptedBridge } from '../../support/fake-bridge'

/**
 * A reprint of a visitor whose visit is over: the screen says when it ended only when that is known (the
 * end of its window, passed — End visit sets it to the moment), never its planned end still ahead (a
 * visitor who tapped out is Left before it); and what is said in the live region agrees with Print badge,
 * off: why, and what to do, the focus on that next step.
 */
const now = () => Math.floor(Date.now() / 1000)
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='
const visitorOf = (id: string, first: string, last: string, extra: Partial<Visitor>): Visitor => ({
  id,
  first_name: first,
  last_name: last,
  status: 'VISITED',
  visitor_company: '',
  start_time: now() - 3600,
  end_time: now() + 8 * 3600,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [{ id: 'd1', name: 'Lobby', type: 'door' }],
  license_plates: [],
  ...extra
})
// Tapped out: Left, its planned end still hours ahead.
const lea = visitorOf('v1', 'Léa', 'Dubois', {})
// Ended at the desk (End visit): its end set to that moment.
const endedAt = now() - 600
const ivo = visitorOf('v2', 'Ivo', 'Brandt', { end_time: endedAt })

const entryOf = (v: Visitor, id: string) => ({
  id,
  visitorId: v.id,
  name: `${v.first_name} ${v.last_name}`,
  company: '',
  host: '',
  validFrom: v.start_time,
  validTo: v.end_time,
  stock: 'dk-11202',
  printedAt: new Date().toISOString(),
  output: 'printer',
  printer: 'Lobby'
})

function main() {
  const { bridge } = scriptedBridge({
    'visitors.qrState': () => ({ ok: true, result: { assigned: true, pngBase64: PNG } }),
    'visitors.get': (input) => ({ ok: true, result: (input as { id: string }).id === ivo.id ? ivo : lea }),
    'badges.settings': () => ({
      ok: true,
      result: { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false }
    }),
    'badges.history': () => ({ ok: true, result: { items: [entryOf(ivo, 'h2'), entryOf(lea, 'h1')] } }),
    'badges.printers': () => ({ ok: true, result: { available: false, items: [] } }),
    'app.info': () => ({ ok: true, result: { name: 'Access Desk', version: '0', transport: 'web' } })
  })
  setApiForTests(bridge)
}

const announced = () => screen.getByTestId('action-announcer')

describe('Badges: a reprint of a visit that is over', () => {
  beforeAll(() => {
    URL.createObjectURL ??= () => 'blob:qr'
    URL.revokeObjectURL ??= () => undefined
  })
  afterEach(() => cleanup())

  it('the rule: the end is said only once it has passed', () => {
    expect(visitEndedAt(lea, now())).toBeNull()
    expect(visitEndedAt(ivo, now())).toBe(endedAt)
    expect(visitEndedAt({ ...lea, status: 'ACTIVE' }, now())).toBeNull()
  })

  it('tapped out: "has ended", no future time; said with what to do, the focus on it, Print off', async () => {
    main()
    badgeDesk.visitorId = null
    badgeDesk.reprintOf = null
    render(ActionAnnouncer)
    render(BadgesScreen)
    const history = await screen.findByTestId('badge-history')
    const reprint = within(history).getByRole('button', { name: 'Reprint Léa Dubois’s badge…' })
    reprint.focus()
    await fireEvent.click(reprint)
    const ended = await screen.findByTestId('badge-ended')
    expect(ended).toHaveTextContent('The visit of Léa Dubois has ended.')
    expect(ended).not.toHaveTextContent(formatLocal(lea.end_time))
    expect(screen.getByRole('button', { name: 'Print badge' })).toBeDisabled()
    await waitFor(() => expect(announced()).toHaveTextContent('The visit of Léa Dubois has ended.'))
    expect(announced()).toHaveTextContent(
      'Change the visit’s dates on Visitors, or make the badge only for the records.'
    )
    expect(announced()).not.toHaveTextContent('to reprint')
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /Make the badge anyway/ }))
    )
  })

  it('ended at the desk: when it ended, which has passed', async () => {
    main()
    badgeDesk.visitorId = null
    badgeDesk.reprintOf = null
    render(ActionAnnouncer)
    render(BadgesScreen)
    const history = await screen.findByTestId('badge-history')
    await fireEvent.click(within(history).getByRole('button', { name: 'Reprint Ivo Brandt’s badge…' }))
    const ended = await screen.findByTestId('badge-ended')
    expect(ended).toHaveTextContent(`The visit of Ivo Brandt has ended (${formatLocal(endedAt)}).`)
  })
})
