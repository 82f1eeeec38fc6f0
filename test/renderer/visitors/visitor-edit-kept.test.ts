import '@testing-library/jest-dom/vitest'
import { beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'

const start = Math.floor(Date.now() / 1000) + 3600
const rosa: Visitor = {
  id: 'v1',
  first_name: 'Rosa',
  last_name: 'Jensen',
  status: 'UPCOMING',
  visit_reason: 'Business',
  visitor_company: 'Acme',
  mobile_phone: '',
  remarks: '',
  start_time: start + 17,
  end_time: start + 7200 + 17,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [{ id: 'g-lobby', name: 'Lobby', type: 'door_group' }],
  license_plates: []
}

/** Main as scripted: each visitors.update answered by the next answer. */
function main(answers: unknown[]) {
  const sent: unknown[] = []
  const { bridge } = scriptedBridge({
    'sites.topology': () => ({ ok: true, result: { groups: [] } }),
    'visitors.list': () => ({ ok: true, result: { items: [rosa], total: 1 } }),
    'visitors.get': () => ({ ok: true, result: rosa }),
    'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } }),
    'visitors.qrState': () => ({ ok: true, result: { assigned: true, pngBase64: null } }),
    'visitors.update': (input) => {
      sent.push(input)
      return { ok: true as const, result: answers.shift() }
    }
  })
  setApiForTests(bridge)
  return sent
}

describe('Visitors: an edit that sent nothing never says "Visitor saved"', () => {
  beforeEach(() => {
    visitors.reset()
    sites.reset()
    announcer.message = ''
    document.body.innerHTML = ''
  })

  it('keeping the console’s value of the only changed field says nothing was sent', async () => {
    const escorted = { ...rosa, remarks: 'Escort' }
    const sent = main([
      { outcome: 'conflicts', conflicts: [{ field: 'remarks', yours: 'Parking B', theirs: 'Escort' }] },
      { outcome: 'saved', record: escorted, sent: [] }
    ])
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
    await screen.findByTestId('visitor-details')
    await fireEvent.click(screen.getByRole('button', { name: 'Edit…' }))
    await fireEvent.input(screen.getByLabelText('Remarks'), { target: { value: 'Parking B' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    const dialog = await screen.findByRole('dialog')
    await fireEvent.click(within(dialog).getByRole('radio', { name: /Keep the console's/ }))
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save with these choices' }))
    await expect.poll(() => sent.length).toBe(2)
    await expect.poll(() => announcer.message).toMatch(/Nothing was sent/)
    expect(announcer.message).not.toMatch(/Visitor saved/)
    expect(await screen.findByTestId('visitor-saved')).toHaveTextContent(/Nothing was sent/)
    expect(document.activeElement).not.toBe(document.body)
    // The whole screen, a conflict and two answers: more than the default 5 s on a loaded machine.
  }, 30_000)
})
