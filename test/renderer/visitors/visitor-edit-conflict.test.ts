import '@testing-library/jest-dom/vitest'
import { beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import VisitorForm from '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
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
  mobile_phone: '',
  remarks: '',
  // Not on a whole minute: the form shows minutes, the console keeps seconds.
  start_time: start + 17,
  end_time: start + 7200 + 17,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [{ id: 'g-lobby', name: 'Lobby', type: 'door_group' }],
  license_plates: []
}
type Sent = { id: string; edit: { base: Record<string, unknown>; changes: Record<string, unknown> } }

/** Main as scripted: each visitors.update answered by the next answer in `answers`. */
function main(answers: unknown[]) {
  const sent: Sent[] = []
  const { bridge } = scriptedBridge({
    'sites.topology': () => ({ ok: true, result: { groups: [] } }),
    'visitors.update': (input) => {
      sent.push(input as Sent)
      return { ok: true as const, result: answers.shift() }
    }
  })
  setApiForTests(bridge)
  return sent
}

describe('visitor edit: only what changed is sent; a conflict is chosen before anything is written', () => {
  beforeEach(() => sites.reset())

  it('a Remarks edit sends the remarks alone (not the phone, not the times shown to the minute)', async () => {
    const sent = main([{ outcome: 'saved', record: { ...rosa, remarks: 'Parking B' }, sent: ['remarks'] }])
    const saved: Visitor[] = []
    render(VisitorForm, { visitor: rosa, onsaved: (v: Visitor) => saved.push(v), oncancel: () => undefined })
    await fireEvent.input(screen.getByLabelText('Remarks'), { target: { value: 'Parking B' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await expect.poll(() => saved.length).toBe(1)
    expect(sent).toEqual([{ id: 'v1', edit: { base: { remarks: '' }, changes: { remarks: 'Parking B' } } }])
  })

  it('shows both values of a field changed on the console too, sends nothing until each is chosen', async () => {
    const sent = main([
      { outcome: 'conflicts', conflicts: [{ field: 'remarks', yours: 'Parking B', theirs: 'Escort to floor 3' }] },
      { outcome: 'saved', record: { ...rosa, remarks: 'Parking B' }, sent: ['remarks'] }
    ])
    const saved: Visitor[] = []
    render(VisitorForm, { visitor: rosa, onsaved: (v: Visitor) => saved.push(v), oncancel: () => undefined })
    await fireEvent.input(screen.getByLabelText('Remarks'), { target: { value: 'Parking B' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))

    const dialog = await screen.findByRole('dialog', { name: 'Changed on the console while you were editing' })
    const field = within(dialog).getByRole('group', { name: 'Remarks' })
    const theirs = within(field).getByRole('radio', { name: /Keep the console's: Escort to floor 3/ })
    expect(within(field).getByRole('radio', { name: /Use yours: Parking B/ })).toBeInTheDocument()
    // The keyboard starts on the first choice.
    expect(theirs).toHaveFocus()
    expect(saved).toEqual([])

    // Saving without a choice sends nothing and says what to do.
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save with these choices' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a value for each field')
    expect(sent).toHaveLength(1)

    await fireEvent.click(within(field).getByRole('radio', { name: /Use yours/ }))
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save with these choices' }))
    await expect.poll(() => saved.length).toBe(1)
    // Mine over theirs: the base is now the console's value, so main writes it unless it moved again.
    expect(sent[1]!.edit).toEqual({ base: { remarks: 'Escort to floor 3' }, changes: { remarks: 'Parking B' } })
  })

  it('keeping the console’s value writes nothing of that field (sent as kept, held to the value read); the rest is written', async () => {
    const sent = main([
      { outcome: 'conflicts', conflicts: [{ field: 'remarks', yours: 'Parking B', theirs: 'Escort' }] },
      { outcome: 'saved', record: rosa, sent: ['visitor_company'] }
    ])
    render(VisitorForm, { visitor: rosa, onsaved: () => undefined, oncancel: () => undefined })
    await fireEvent.input(screen.getByLabelText('Remarks'), { target: { value: 'Parking B' } })
    await fireEvent.input(screen.getByLabelText('Company'), { target: { value: 'Acme' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    const dialog = await screen.findByRole('dialog')
    await fireEvent.click(within(dialog).getByRole('radio', { name: /Keep the console's/ }))
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save with these choices' }))
    await expect.poll(() => sent.length).toBe(2)
    expect(sent[1]!.edit).toEqual({
      base: { visitor_company: '', remarks: 'Escort' },
      changes: { visitor_company: 'Acme', remarks: 'Parking B' },
      keep: ['remarks']
    })
  })
})
