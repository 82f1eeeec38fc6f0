import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import type { ChannelName } from '../../../src/shared/ipc/contract'
import type { Envelope } from '../../../src/shared/ipc/define'
import { visitorFixture } from '../../support/visitor-fixture'
import { eventBridge, ok } from '../enroll/event-bridge'
import { cardsMain, range } from '../cards/cards-main'
import { passOf } from '../touch-passes/pass-fixture'

/** Every call failing: the console answers with errors (the demo console's 500 to everything). */
const failed: Envelope = {
  ok: false,
  error: { kind: 'server', message: 'The console answered with an error (HTTP 500).', retryable: true }
}

/** The active console's connection state as main pushes it (the sidebar's one state). */
const reach = (state: string, checkedAt: number) => ({
  profileId: 'site',
  state,
  checkedAt,
  message: 'The console answered with an error (HTTP 500).'
})

const connectionAnswers = {
  'connections.list': () => ok({ profiles: [], activeId: 'site' }),
  'connections.reach': () => ok(reach('reachable', 1))
}

type Emit = (event: 'connections.reach', payload: never) => void
let stopListening: (() => void) | undefined
let emitReach: Emit | undefined

afterEach(() => {
  // Connected again, so the next test starts from a console that answers.
  emitReach?.('connections.reach', reach('reachable', 99) as never)
  stopListening?.()
  stopListening = undefined
  emitReach = undefined
  cleanup()
  cardsStore.reset()
  visitors.reset()
  touchPasses.reset()
})

/** The connection store listens to the bridge the screen uses, as the desk's shell does. */
async function listen(emit: Emit): Promise<void> {
  emitReach = emit
  stopListening = connection.listen()
  await connection.load()
}

/** The console goes down as the sidebar says it: "Answering with errors". */
const consoleDown = () => emitReach!('connections.reach', reach('trouble', 2) as never)

/** What every list says and does while the console cannot be used (the one rule: lib/console-off). */
async function expectHeldAndOff(table: HTMLElement, rowText: string, actions: HTMLElement[]): Promise<void> {
  // The rows last read stay…
  expect(table).toHaveTextContent(rowText)
  // …said as of when they were read, and why they are not newer: the connection's own words.
  const asOf = await screen.findByTestId('list-as-of')
  expect(asOf).toHaveTextContent(/as read at \d{1,2}:\d{2}( [AP]M)?, not read again now\./)
  expect(asOf).toHaveTextContent('The console: Answering with errors.')
  // The actions that need the console are off, with the reason read with each.
  for (const action of actions) {
    expect(action).toBeDisabled()
    expect(action).toHaveAccessibleDescription(/console cannot be used.*Answering with errors/)
  }
}

/**
 * One rule for every list read from the console (Visitors, Touch Passes, Cards): when the console fails
 * every call, the list keeps the rows it last read, says them as of when and why (the sidebar's state),
 * and its actions that need the console are off with that reason until the console answers again.
 */
describe('every list keeps its last read, says why, and turns its console actions off while the console is down', () => {
  it("Visitors: the New visitor form's Save", async () => {
    let up = true
    const answers: Partial<Record<ChannelName, () => Envelope>> = {
      ...connectionAnswers,
      'visitors.list': () => (up ? ok({ items: [visitorFixture('v1', 'Rosa', 'Jensen')], total: 1 }) : failed),
      'visitors.capabilities': () => ok({ canEdit: true })
    }
    const { bridge, emit } = eventBridge(answers)
    setApiForTests(bridge)
    await listen(emit as Emit)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    const newVisitor = screen.getByRole('button', { name: 'New visitor…' })
    expect(newVisitor).toBeEnabled()

    up = false
    consoleDown()
    await visitors.load()
    await expectHeldAndOff(table, 'Rosa', [])
    // New visitor… answers as Today's Add walk-in does: the form opens for typing, its Save is off, saying why.
    expect(newVisitor).toBeEnabled()
    await fireEvent.click(newVisitor)
    const save = within(await screen.findByTestId('visitor-form')).getByRole('button', { name: 'Create visitor' })
    expect(save).toHaveAttribute('aria-disabled', 'true')
    expect(save).toHaveAccessibleDescription(/console cannot be used/)

    // Connected again: the form's Save is on again.
    up = true
    emit('connections.reach', reach('reachable', 3) as never)
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'false'))
  })

  it('Touch Passes: "Buy passes…" and "Give passes to users…"', async () => {
    let up = true
    const answers: Partial<Record<ChannelName, () => Envelope>> = {
      ...connectionAnswers,
      'touchPasses.list': () => (up ? ok({ items: [passOf('1', 'ACTIVE', 'Ada phone')], total: 1 }) : failed),
      'touchPasses.capabilities': () => ok({ canEdit: true, canAssign: true })
    }
    const { bridge, emit } = eventBridge(answers)
    setApiForTests(bridge)
    await listen(emit as Emit)
    touchPasses.status = ''
    render(TouchPassesScreen)
    const table = await screen.findByTestId('passes-table')
    const buy = screen.getByRole('button', { name: 'Buy passes…' })
    const give = screen.getByRole('button', { name: 'Give passes to users…' })
    expect(buy).toBeEnabled()

    up = false
    consoleDown()
    await touchPasses.load()
    await expectHeldAndOff(table, 'Ada phone', [buy, give])
  })

  it("Cards: the card's writes (alias, delete, assign)", async () => {
    const main = cardsMain(range(1, 3), { answerAtOnce: true })
    Object.assign(main.answers, connectionAnswers)
    await listen(main.emit as Emit)
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
    cardsStore.selectAt(0)
    const details = await screen.findByRole('complementary', { name: 'Card details' })
    expect(within(details).getByRole('button', { name: 'Delete card…' })).toBeEnabled()

    ;(main.answers as Record<string, () => Envelope>)['cards.load'] = () => failed
    consoleDown()
    await fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent(/not read again now/))
    const count = screen.getByTestId('card-count')
    expect(count).toHaveTextContent('The console: Answering with errors.')
    // The cards last read stay (the virtual table draws no rows without layout: its window is asked).
    expect(count).toHaveTextContent('3 of 3 cards')
    expect(cardsStore.rowAt(0)?.display_id).toBe('0001')
    for (const name of ['Save alias', 'Delete card…', 'Assign to a person…']) {
      const action = within(details).getByRole('button', { name })
      expect(action, name).toBeDisabled()
      expect(action, name).toHaveAccessibleDescription(/console cannot be used.*Answering with errors/)
    }
  })

  /**
   * The console down before any list read failed (a list opened during the outage over main's held
   * cards, or the sidebar's state changed while the list sat on screen): the rows are still not read
   * now, and every list says so — Cards in its count line, the others in their held-list line.
   */
  it('Cards: the count line says the held list as read at … as soon as the console is down', async () => {
    const main = cardsMain(range(1, 3), { answerAtOnce: true })
    Object.assign(main.answers, connectionAnswers)
    await listen(main.emit as Emit)
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
    expect(screen.getByTestId('card-count')).not.toHaveTextContent('as read at')

    consoleDown()
    const count = screen.getByTestId('card-count')
    await waitFor(() => expect(count).toHaveTextContent(/3 of 3 cards — as read at .*, not read again now\./))
    expect(count).toHaveTextContent('The console: Answering with errors.')
  })

  it('Touch Passes: the held-list line is there as soon as the console is down', async () => {
    const answers: Partial<Record<ChannelName, () => Envelope>> = {
      ...connectionAnswers,
      'touchPasses.list': () => ok({ items: [passOf('1', 'ACTIVE', 'Ada phone')], total: 1 }),
      'touchPasses.capabilities': () => ok({ canEdit: true, canAssign: true })
    }
    const { bridge, emit } = eventBridge(answers)
    setApiForTests(bridge)
    await listen(emit as Emit)
    touchPasses.status = ''
    render(TouchPassesScreen)
    await screen.findByTestId('passes-table')
    expect(screen.queryByTestId('list-as-of')).toBeNull()
    consoleDown()
    const asOf = await screen.findByTestId('list-as-of')
    expect(asOf).toHaveTextContent(/as read at .*, not read again now\./)
    expect(asOf).toHaveTextContent('The console: Answering with errors.')
  })
})
