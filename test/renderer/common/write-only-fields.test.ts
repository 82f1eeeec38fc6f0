import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte'
import CardDetails from '../../../src/renderer/src/components/cards/CardDetails.svelte'
import TouchPassDetails from '../../../src/renderer/src/components/touch-passes/TouchPassDetails.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { card, cardsMain, range } from '../cards/cards-main'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { ok } from '../enroll/event-bridge'
import { passOf } from '../touch-passes/pass-fixture'
import VisitorForm from '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import { anyTimeWeek, type Visitor } from '../../../src/shared/access/visitors'

let stopListening: (() => void) | undefined
afterEach(() => {
  stopListening?.()
  stopListening = undefined
  cleanup()
  touchPasses.reset()
  cardsStore.reset()
})

/**
 * An input whose only use is a write the token cannot make (a card's alias, a Touch Pass's name, a visitor's fields) takes
 * no typing that could never be saved: it is read-only — not disabled, so it keeps its place in the Tab
 * order and its value is read — and read with the same reason as its Save (lib/write-only-field).
 */
function expectReadOnlyWithReason(field: HTMLElement, reason: RegExp): void {
  expect(field).toHaveAttribute('readonly')
  expect(field).toBeEnabled()
  expect(field).toHaveAccessibleDescription(reason)
}

describe('a field whose only use is a write the token cannot make', () => {
  it("Cards: the card's Alias, without edit:credential", () => {
    render(CardDetails, {
      card: card(1, 'Lobby 1'),
      canEdit: false,
      missingPermission: 'edit:credential',
      onrename: async () => ({ outcome: 'saved' as const, record: card(1), sent: [] }),
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    })
    expectReadOnlyWithReason(screen.getByLabelText('Alias'), /edit:credential/)
  })

  it('Cards: the Alias takes typing for a token that may edit', () => {
    render(CardDetails, {
      card: card(1, 'Lobby 1'),
      canEdit: true,
      onrename: async () => ({ outcome: 'saved' as const, record: card(1), sent: [] }),
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    })
    expect(screen.getByLabelText('Alias')).not.toHaveAttribute('readonly')
  })

  it("Touch Passes: the pass's Name on the pass, without edit:credential", () => {
    setApiForTests(scriptedBridge({}).bridge)
    touchPasses.editBlocked = 'edit:credential'
    render(TouchPassDetails, { pass: passOf('7', 'ACTIVE', 'Spare 1') })
    expectReadOnlyWithReason(screen.getByLabelText('Name on the pass'), /edit:credential/)
  })

  it("Cards: the Alias, when the sidebar's state names edit:credential missing before the screen's probe does", async () => {
    const main = cardsMain(range(1, 2), { answerAtOnce: true })
    const reach = { profileId: 'site', state: 'permissions', checkedAt: 1, missing: ['edit:credential'] }
    Object.assign(main.answers, {
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok(reach)
    })
    stopListening = connection.listen()
    await connection.load()
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 of 2 cards'))
    cardsStore.selectAt(0)
    const details = await screen.findByRole('complementary', { name: 'Card details' })
    expectReadOnlyWithReason(within(details).getByLabelText('Alias'), /edit:credential/)
  })
})

/**
 * Every field of an edit form, found in the form as drawn (not a list kept by hand, so a field added
 * later is held too): each one a person types into is read-only and enabled, read with Save's reason;
 * each choice (a select, a checkbox: HTML has no read-only for them) takes no change.
 */
function expectEveryFieldOff(form: HTMLElement, reason: RegExp): void {
  const typed = [...form.querySelectorAll<HTMLElement>('input, textarea')].filter(
    (f) => !['checkbox', 'radio', 'hidden', 'button', 'submit'].includes((f as HTMLInputElement).type)
  )
  const choices = [...form.querySelectorAll<HTMLElement>('select, input[type="checkbox"], input[type="radio"]')]
  expect(typed.length).toBeGreaterThan(0)
  for (const field of typed) expectReadOnlyWithReason(field, reason)
  for (const choice of choices) expect(choice).toBeDisabled()
}

function expectEveryFieldOpen(form: HTMLElement): void {
  for (const field of form.querySelectorAll<HTMLElement>('input, textarea, select')) {
    expect(field).not.toHaveAttribute('readonly')
    expect(field).toBeEnabled()
  }
}

describe('every field of the visitor form whose save the token cannot make', () => {
  const visitorBridge = () =>
    setApiForTests(scriptedBridge({ 'sites.topology': () => ({ ok: true, result: { groups: [] } }) }).bridge)
  const recurring: Visitor = {
    id: 'v1',
    first_name: 'Rosa',
    last_name: 'Jensen',
    status: 'ACTIVE',
    visit_reason: 'Business',
    start_time: Math.floor(Date.now() / 1000) - 3600,
    end_time: Math.floor(Date.now() / 1000) + 8 * 3600,
    nfc_cards: [],
    pin_code: null,
    schedule: { week_schedule: { ...anyTimeWeek(), monday: [{ start_time: '09:00:00', end_time: '17:00:00' }] } },
    resources: [],
    license_plates: []
  } as unknown as Visitor

  it('Visitors: New visitor…, without edit:visitor', async () => {
    visitorBridge()
    render(VisitorForm, { lacking: 'edit:visitor', onsaved: () => undefined, oncancel: () => undefined })
    expectEveryFieldOff(await screen.findByTestId('visitor-form'), /edit:visitor/)
  })

  it("Visitors: Edit… of a recurring visit (its weekly schedule's times too), without edit:visitor", async () => {
    visitorBridge()
    render(VisitorForm, {
      visitor: recurring,
      lacking: 'edit:visitor',
      onsaved: () => undefined,
      oncancel: () => undefined
    })
    const form = await screen.findByTestId('visitor-form')
    expect(within(form).getByTestId('schedule-editor')).toBeInTheDocument()
    expectEveryFieldOff(form, /edit:visitor/)
  })

  it('Visitors: every field takes typing for a token that may edit', async () => {
    visitorBridge()
    render(VisitorForm, { visitor: recurring, onsaved: () => undefined, oncancel: () => undefined })
    expectEveryFieldOpen(await screen.findByTestId('visitor-form'))
  })
})
