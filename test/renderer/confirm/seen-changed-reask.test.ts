import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { cardsMain, range } from '../cards/cards-main'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'
import { AppError } from '../../../src/shared/errors'
import { checkSeen, seenActions, type Seen, type SeenAction } from '../../../src/shared/seen/seen'
import { pinDigest } from '../../../src/shared/seen/pin-digest'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { visitorFixture } from '../../support/visitor-fixture'
import { visitorDisplayName, type Visitor } from '../../../src/shared/access/visitors'
import { shownStatus } from '../../../src/shared/today/groups'
import { formatLocal } from '../../../src/renderer/src/lib/local-time'
import type { Envelope } from '../../../src/shared/ipc/define'
import TouchPassDetails from '../../../src/renderer/src/components/touch-passes/TouchPassDetails.svelte'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { passOf } from '../touch-passes/pass-fixture'
import type { TouchPass } from '../../../src/shared/access/touch-passes'

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true
  }
})
afterEach(() => {
  cleanup()
  cardsStore.reset()
  visitors.reset()
  touchPasses.reset()
})

const heldBy = (card: NfcCard, id: string, name: string): NfcCard => ({
  ...card,
  status: 'assigned',
  user_id: id,
  user_type: 'USER',
  user: { id, name }
})
const announcement = () => screen.getByTestId('action-announcer')
/** A press as a browser makes it: the button takes the focus, then the click (fireEvent.click alone leaves it). */
async function press(button: HTMLElement) {
  button.focus()
  await fireEvent.click(button)
}

/** The Cards screen, card 0002 selected as `shown`; `main.state.held` is what the console holds. */
async function cardsShowing(shown: NfcCard) {
  const cards = range(1, 3)
  cards[1] = shown
  const main = cardsMain(cards)
  main.state.people = [{ id: 'u-ben', first_name: 'Ben', last_name: 'Ode', full_name: 'Ben Ode' }]
  render(ActionAnnouncer)
  render(CardsScreen)
  await waitFor(() => expect(main.loads).toHaveLength(1))
  main.done(main.state.held)
  await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
  cardsStore.selectAt(1)
  const details = await screen.findByRole('complementary', { name: 'Card details' })
  /** Another desk gives the card to Uma Ng. */
  const otherDeskGivesUma = () =>
    (main.state.held = main.state.held.map((c) => (c.token === 'tok-2' ? heldBy(c, 'u-uma', 'Uma Ng') : c)))
  const sent = (channel: string) => main.calls.filter(([c]) => c === channel).map(([, input]) => input)
  return { main, details, otherDeskGivesUma, sent }
}

/**
 * Touch Pass 0007's details showing `shown`; `console.pass` is what the console holds, and its give and
 * take back hold what was sent to main's own rule (checkSeen), as main does.
 */
async function passShowing(shown: TouchPass) {
  const console = { pass: shown }
  const ben = { id: 'u-ben', first_name: 'Ben', last_name: 'Ode', name: 'Ben Ode', email: '' }
  const facts = () => ({
    holderId: console.pass.user_id || null,
    holderName: console.pass.user_name,
    pass: console.pass.card_id
  })
  const refusedOrDone = (action: SeenAction, input: unknown, then: () => TouchPass) => {
    try {
      checkSeen(action, (input as { seen?: Seen }).seen, facts())
    } catch (err) {
      return { ok: false as const, error: AppError.from(err).toData() }
    }
    console.pass = then()
    return { ok: true as const, result: console.pass }
  }
  const { bridge, calls } = scriptedBridge({
    'touchPasses.get': () => ({ ok: true, result: console.pass }),
    'users.search': () => ({ ok: true, result: { items: [ben], total: 1 } }),
    'users.list': () => ({ ok: true, result: { items: [ben], total: 1 } }),
    'touchPasses.assign': (input) =>
      refusedOrDone('touchPasses.assign', input, () => ({
        ...console.pass,
        user_id: (input as { userId: string }).userId,
        user_name: 'Ben Ode',
        status: 'PENDING'
      })),
    'touchPasses.unassign': (input) =>
      refusedOrDone('touchPasses.unassign', input, () => ({
        ...console.pass,
        user_id: '',
        user_name: '',
        status: 'INACTIVE'
      }))
  })
  setApiForTests(bridge)
  touchPasses.selected = shown
  render(ActionAnnouncer)
  const view = render(TouchPassDetails, { pass: shown })
  /** Another desk gives the pass to Uma Ng (taking it from whoever held it). */
  const otherDeskGivesUma = () =>
    (console.pass = { ...console.pass, user_id: 'u-uma', user_name: 'Uma Ng', status: 'PENDING' })
  const sent = (channel: string) => calls.filter(([c]) => c === channel).map(([, input]) => input)
  /** The details as the screen shows them: with the pass the store holds now. */
  const shownAgain = () => view.rerender({ pass: touchPasses.selected! })
  return { console, otherDeskGivesUma, sent, shownAgain }
}

/** The question asked again: the change said above it (once), the focus on its safe answer. */
async function askedAgain(dialog: HTMLElement, words: RegExp, safe = 'Cancel') {
  expect(await within(dialog).findByTestId('changed-since-shown')).toHaveTextContent(words)
  await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: safe })))
  await waitFor(() => expect(announcement()).toHaveTextContent(words))
}

/**
 * Every action of shared/seen's table, confirmed on what the screen showed while another desk changed
 * the record: main (its own rule, checkSeen) sends nothing, and the screen asks again with the facts now.
 */
const cardAndPinCases = {
  'cards.unassign': async () => {
    const { main, details, otherDeskGivesUma, sent } = await cardsShowing(heldBy(range(2, 2)[0]!, 'u-gus', 'Gus Ng'))
    await fireEvent.click(within(details).getByRole('button', { name: 'Take back from Gus Ng…' }))
    otherDeskGivesUma()
    let dialog = screen.getByRole('dialog', { name: 'Take card 0002 back from Gus Ng?' })
    await press(within(dialog).getByRole('button', { name: 'Take the card back' }))
    dialog = await screen.findByRole('dialog', { name: 'Take card 0002 back from Uma Ng?' })
    await askedAgain(dialog, /Card 0002 belongs to Uma Ng now .*nothing was sent/)
    expect(main.state.held[1]).toMatchObject({ user_id: 'u-uma' })
    expect(within(details).getByTestId('card-owner')).toHaveTextContent('Uma Ng')
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Take the card back' }))
    await waitFor(() => expect(main.state.held[1]).toMatchObject({ user_id: '', status: 'pending' }))
    expect(sent('cards.unassign')).toEqual([
      { token: 'tok-2', seen: { ownerId: 'u-gus' } },
      { token: 'tok-2', seen: { ownerId: 'u-uma' } }
    ])
  },
  'cards.delete': async () => {
    const { main, details, otherDeskGivesUma, sent } = await cardsShowing(range(2, 2)[0]!)
    await fireEvent.click(within(details).getByRole('button', { name: 'Delete card…' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete card 0002?' })
    expect(dialog).toHaveTextContent('It is a spare card')
    otherDeskGivesUma()
    await press(within(dialog).getByRole('button', { name: 'Delete card' }))
    await askedAgain(dialog, /Card 0002 belongs to Uma Ng now .*nothing was sent/)
    // Its words now say who loses access.
    expect(within(dialog).getByTestId('delete-card-effect')).toHaveTextContent('It belongs to Uma Ng (user)')
    expect(main.state.held.map((c) => c.token)).toContain('tok-2')
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Delete card' }))
    await waitFor(() => expect(main.state.held.map((c) => c.token)).not.toContain('tok-2'))
    // Said and shown above the list, the keyboard on the filter.
    expect(await screen.findByTestId('cards-notice')).toHaveTextContent('Card 0002 deleted')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Filter cards')))
    expect(sent('cards.delete')).toEqual([
      { token: 'tok-2', seen: { ownerId: null } },
      { token: 'tok-2', seen: { ownerId: 'u-uma' } }
    ])
  },
  'cards.assign': async () => {
    const { main, details, otherDeskGivesUma, sent } = await cardsShowing(range(2, 2)[0]!)
    await fireEvent.click(within(details).getByRole('button', { name: 'Assign to a person…' }))
    await fireEvent.input(within(details).getByLabelText('Give this card to'), { target: { value: 'ben' } })
    await fireEvent.click(await within(details).findByRole('option', { name: /Ben Ode/ }))
    otherDeskGivesUma()
    await press(within(details).getByRole('button', { name: 'Give the card' }))
    // Asked again as every re-ask: who gets the card, and who holds it now.
    const dialog = await screen.findByRole('dialog', { name: 'Give card 0002 to Ben Ode instead of Uma Ng?' })
    await askedAgain(dialog, /Card 0002 belongs to Uma Ng now .*nothing was sent/)
    expect(within(details).getByTestId('card-owner')).toHaveTextContent('Uma Ng')
    expect(main.state.held[1]).toMatchObject({ user_id: 'u-uma' })
    await press(within(dialog).getByRole('button', { name: 'Give it to Ben Ode' }))
    await waitFor(() => expect(main.state.held[1]).toMatchObject({ user_id: 'u-ben' }))
    expect(sent('cards.assign')).toEqual([
      expect.objectContaining({ force: false, seen: { ownerId: null } }),
      expect.objectContaining({ force: true, seen: { ownerId: 'u-uma' } })
    ])
  },
  'touchPasses.assign': async () => {
    const { console, otherDeskGivesUma, sent, shownAgain } = await passShowing(passOf('7', 'INACTIVE'))
    await fireEvent.click(screen.getByRole('button', { name: 'Assign to a user…' }))
    const dialog = screen.getByRole('dialog')
    await fireEvent.input(within(dialog).getByLabelText('Find a user'), { target: { value: 'Ben' } })
    await fireEvent.click(await within(dialog).findByText(/Ben Ode/))
    otherDeskGivesUma()
    await fireEvent.click(await within(dialog).findByRole('button', { name: 'Give the pass' }))
    // Nothing given over Uma: asked again in the same dialog, naming who holds it now, the focus on Close.
    await askedAgain(dialog, /Touch Pass AAAA-BBBB-CCCC-0007 is held by Uma Ng now .*nothing was sent/, 'Close')
    // The details as the screen shows them once the store read the pass again.
    await shownAgain()
    expect(screen.getByRole('dialog')).toBe(dialog)
    expect(dialog).toHaveTextContent(
      'Uma Ng holds this pass now, so it cannot be given to Ben Ode. Take it back from Uma Ng first if it should go to Ben Ode.'
    )
    expect(within(dialog).getByTestId('changed-since-shown')).not.toHaveTextContent('Read the question again')
    expect(within(dialog).queryByRole('button', { name: 'Give the pass' })).toBeNull()
    expect(console.pass).toMatchObject({ user_id: 'u-uma' })
    expect(sent('touchPasses.assign')).toEqual([{ id: '7', userId: 'u-ben', seen: { holderId: null } }])
    // Closed: the details say who holds the pass, the focus on that line.
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByTestId('pass-holder')).toHaveTextContent('Uma Ng')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('pass-holder')))
    expect(sent('touchPasses.assign')).toHaveLength(1)
  },
  'touchPasses.unassign': async () => {
    const kofis = { ...passOf('7', 'ACTIVE', "Kofi's phone"), user_id: 'u-kofi', user_name: 'Kofi Mensah' }
    const { console, otherDeskGivesUma, sent } = await passShowing(kofis)
    await fireEvent.click(screen.getByRole('button', { name: 'Take back from user…' }))
    let dialog = screen.getByRole('dialog', { name: 'Take this pass back from Kofi Mensah?' })
    otherDeskGivesUma()
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Take back the pass' }))
    dialog = await screen.findByRole('dialog', { name: 'Take this pass back from Uma Ng?' })
    await askedAgain(dialog, /Touch Pass AAAA-BBBB-CCCC-0007 is held by Uma Ng now .*nothing was sent/)
    expect(console.pass).toMatchObject({ user_id: 'u-uma' })
    // "Kofi's phone" does not name Uma: asked about her, clearing the name is no longer ticked.
    expect(within(dialog).getByRole('checkbox', { name: "Also clear the name “Kofi's phone”" })).not.toBeChecked()
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Take back the pass' }))
    await waitFor(() => expect(console.pass).toMatchObject({ user_id: '', status: 'INACTIVE' }))
    expect(sent('touchPasses.unassign')).toEqual([
      { id: '7', userId: 'u-kofi', seen: { holderId: 'u-kofi' }, clearName: "Kofi's phone" },
      { id: '7', userId: 'u-uma', seen: { holderId: 'u-uma' } }
    ])
  },
  'pins.assign': async () => {
    const diego = { id: 'u-diego', first_name: 'Diego', last_name: 'Paz', full_name: 'Diego Paz' }
    let holds = false
    let giveAfterRead = false
    const { bridge, calls } = scriptedBridge({
      'pins.generate': () => ({ ok: true, result: { pin: '48152637' } }),
      'users.search': () => ({ ok: true, result: { items: [diego], total: 1 } }),
      'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
      'pins.held': () => {
        const held = holds
        // Another desk gives Diego a PIN right after Assign read him again (no question: he had none).
        if (giveAfterRead) holds = true
        return { ok: true, result: { held } }
      },
      'pins.assign': (input) => {
        try {
          checkSeen('pins.assign', (input as { seen?: Seen }).seen, { hasPin: holds, name: 'Diego Paz' })
        } catch (err) {
          return { ok: false, error: AppError.from(err).toData() }
        }
        holds = true
        return { ok: true, result: { assigned: true } }
      }
    })
    setApiForTests(bridge)
    render(ActionAnnouncer)
    render(PinsScreen)
    await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
    await screen.findByTestId('generated-pin')
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Find a user or visitor' }), {
      target: { value: 'Diego' }
    })
    await fireEvent.click(await screen.findByRole('option', { name: /Diego Paz/ }, { timeout: 2000 }))
    await screen.findByText('Diego Paz has no PIN yet.')
    giveAfterRead = true
    await press(screen.getByRole('button', { name: 'Assign PIN' }))
    const dialog = await screen.findByRole('dialog', { name: 'Replace Diego Paz’s PIN?' })
    await askedAgain(dialog, /Diego Paz holds a PIN now .*nothing was sent/)
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Replace the PIN' }))
    expect(await screen.findByText(/PIN 48152637 assigned to Diego Paz/)).toBeInTheDocument()
    expect(calls.filter(([c]) => c === 'pins.assign').map(([, input]) => (input as { seen: Seen }).seen)).toEqual([
      { hasPin: false },
      { hasPin: true }
    ])
  }
}

/**
 * The Visitors screen with `first` opened; `main.held` is the visitor the console holds (another desk
 * changes it), and main's cancel and PIN check what the screen sent against it (checkSeen, main's rule).
 */
async function visitorShowing(first: Visitor) {
  const main = { held: first, deleted: false }
  const refusedOr = (action: () => Envelope, check: () => void): Envelope => {
    try {
      check()
    } catch (err) {
      return { ok: false, error: AppError.from(err).toData() }
    }
    return action()
  }
  const name = visitorDisplayName(first)
  const { bridge, calls } = scriptedBridge({
    'sites.topology': () => ({ ok: true, result: { groups: [] } }),
    'visitors.list': () => ({ ok: true, result: { items: [main.held], total: 1 } }),
    'visitors.get': () => ({ ok: true, result: main.held }),
    'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } }),
    'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } }),
    'visitors.cancel': (input) =>
      refusedOr(
        () => ((main.held = { ...main.held, status: 'CANCELLED' }), { ok: true, result: { cancelled: true } }),
        () =>
          checkSeen('visitors.cancel', (input as { seen?: Seen }).seen, {
            status: shownStatus(main.held) ?? null,
            startTime: main.held.start_time ?? null,
            endTime: main.held.end_time ?? null,
            name
          })
      ),
    'visitors.delete': (input) =>
      refusedOr(
        () => ((main.deleted = true), { ok: true, result: { deleted: true } }),
        () =>
          checkSeen('visitors.delete', (input as { seen?: Seen }).seen, {
            status: shownStatus(main.held) ?? null,
            startTime: main.held.start_time ?? null,
            endTime: main.held.end_time ?? null,
            name
          })
      ),
    'visitors.endVisit': (input) =>
      refusedOr(
        () => (
          (main.held = { ...main.held, end_time: Math.floor(Date.now() / 1000) }),
          { ok: true, result: { visitor: main.held } }
        ),
        () =>
          checkSeen('visitors.endVisit', (input as { seen?: Seen }).seen, {
            status: shownStatus(main.held) ?? null,
            startTime: main.held.start_time ?? null,
            endTime: main.held.end_time ?? null,
            name
          })
      ),
    'visitors.assignNewPin': (input) =>
      refusedOr(
        () => (
          (main.held = { ...main.held, pin_code: { token: 'y'.repeat(64) } }),
          { ok: true, result: { pin: '123456' } }
        ),
        () =>
          checkSeen('visitors.assignNewPin', (input as { seen?: Seen }).seen, {
            hasPin: main.held.pin_code != null,
            pinDigest: pinDigest(main.held.pin_code),
            name
          })
      )
  })
  setApiForTests(bridge)
  render(ActionAnnouncer)
  render(VisitorsScreen)
  const table = await screen.findByTestId('visitors-table')
  await fireEvent.click(within(table).getByRole('button', { name }))
  const details = await screen.findByTestId('visitor-details')
  const sent = (channel: string) =>
    calls.filter(([c]) => c === channel).map(([, input]) => (input as { seen: Seen }).seen)
  return { main, details, sent }
}

const visitCases = {
  'visitors.cancel': async () => {
    const rosa = visitorFixture('v1', 'Rosa', 'Jensen')
    const { main, details, sent } = await visitorShowing(rosa)
    await fireEvent.click(within(details).getByRole('button', { name: 'Cancel visit…' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel this visit?' })
    const facts = within(dialog).getByTestId('cancel-visit-facts')
    expect(facts).toHaveTextContent(`Expected, ${formatLocal(rosa.start_time)}`)
    // Another desk moves the visit an hour later while the question is open.
    const later = { start_time: rosa.start_time! + 3600, end_time: rosa.end_time! + 3600 }
    main.held = { ...main.held, ...later }
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel visit' }))
    await askedAgain(dialog, /Rosa Jensen's visit changed meanwhile .*nothing was sent/, 'Keep the visit')
    // The question now says the window the console holds.
    await waitFor(() =>
      expect(facts).toHaveTextContent(`${formatLocal(later.start_time)} – ${formatLocal(later.end_time)}`)
    )
    expect(main.held.status).toBe('UPCOMING')
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel visit' }))
    await waitFor(() => expect(main.held.status).toBe('CANCELLED'))
    expect(sent('visitors.cancel')).toEqual([
      { status: 'UPCOMING', startTime: rosa.start_time, endTime: rosa.end_time },
      { status: 'UPCOMING', startTime: later.start_time, endTime: later.end_time }
    ])
  },
  'visitors.delete': async () => {
    const tomas = visitorFixture('v3', 'Tomas', 'Berg')
    const { main, details, sent } = await visitorShowing(tomas)
    await fireEvent.click(within(details).getByRole('button', { name: 'Delete visitor…' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this visitor?' })
    // Another desk moves the visit an hour later while the question is open.
    const later = { start_time: tomas.start_time! + 3600, end_time: tomas.end_time! + 3600 }
    main.held = { ...main.held, ...later }
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Delete visitor' }))
    await askedAgain(dialog, /Tomas Berg's visit changed meanwhile .*nothing was sent/)
    await waitFor(() =>
      expect(within(dialog).getByTestId('delete-visitor-facts')).toHaveTextContent(
        `${formatLocal(later.start_time)} – ${formatLocal(later.end_time)}`
      )
    )
    expect(main.deleted).toBe(false)
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Delete visitor' }))
    await waitFor(() => expect(main.deleted).toBe(true))
    expect(sent('visitors.delete')).toEqual([
      { status: 'UPCOMING', startTime: tomas.start_time, endTime: tomas.end_time },
      { status: 'UPCOMING', startTime: later.start_time, endTime: later.end_time }
    ])
  },
  'visitors.endVisit': async () => {
    // Under way: begun ten minutes ago, held ACTIVE by the console.
    const begun = Math.floor(Date.now() / 1000) - 600
    const ines = visitorFixture('v4', 'Ines', 'Moreau', { status: 'ACTIVE', start_time: begun, end_time: begun + 7200 })
    const { main, details, sent } = await visitorShowing(ines)
    await fireEvent.click(within(details).getByRole('button', { name: 'End visit now…' }))
    const dialog = screen.getByRole('dialog', { name: 'End this visit now?' })
    // The destructive answer is never the default: the focus is on Keep the visit.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep the visit' }))
    )
    // Another desk gives the visit an hour more while the question is open.
    const later = { end_time: ines.end_time! + 3600 }
    main.held = { ...main.held, ...later }
    await fireEvent.click(within(dialog).getByRole('button', { name: 'End visit now' }))
    await askedAgain(dialog, /Ines Moreau's visit changed meanwhile .*nothing was sent/, 'Keep the visit')
    await waitFor(() =>
      expect(within(dialog).getByTestId('end-visit-facts')).toHaveTextContent(formatLocal(later.end_time))
    )
    await fireEvent.click(within(dialog).getByRole('button', { name: 'End visit now' }))
    await waitFor(() => expect(main.held.end_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000)))
    // Said once; the focus on the visitor's details (the dialog is gone).
    await waitFor(() =>
      expect(announcement()).toHaveTextContent('Visit of Ines Moreau ended: their doors no longer open.')
    )
    await waitFor(() => expect(document.activeElement?.id).toBe('visitor-title'))
    expect(sent('visitors.endVisit')).toEqual([
      { status: 'ACTIVE', startTime: begun, endTime: ines.end_time },
      { status: 'ACTIVE', startTime: begun, endTime: later.end_time }
    ])
  },
  'visitors.assignNewPin': async () => {
    const { main, sent } = await visitorShowing(visitorFixture('v2', 'Kai', 'Nguyen'))
    // Another desk gives Kai a PIN after the panel showed none.
    main.held = { ...main.held, pin_code: { token: 'x'.repeat(64) } }
    await fireEvent.click(await screen.findByRole('button', { name: 'Generate and assign PIN' }))
    const dialog = await screen.findByRole('dialog', { name: 'Replace Kai Nguyen’s PIN?' })
    await askedAgain(dialog, /Kai Nguyen holds a PIN now .*nothing was sent/)
    expect(main.held.pin_code).toEqual({ token: 'x'.repeat(64) })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Replace the PIN' }))
    expect(await screen.findByTestId('visitor-pin')).toHaveTextContent('123456')
    // Shown with none, then asked again about the PIN main found (its digest, shared/seen/pin-digest.ts).
    expect(sent('visitors.assignNewPin')).toEqual([
      { hasPin: false, pinDigest: null },
      { hasPin: true, pinDigest: pinDigest({ token: 'x'.repeat(64) }) }
    ])
  }
}
const cases: Record<SeenAction, () => Promise<void>> = { ...cardAndPinCases, ...visitCases }

describe('an action on what the screen showed: changed meanwhile, it is asked again with the facts now', () => {
  for (const action of Object.keys(seenActions) as SeenAction[]) {
    it(action, async () => {
      await cases[action]()
    })
  }
})
