import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { sayNow, type Said } from '../../../src/renderer/src/lib/said'
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

/**
 * The one rule (lib/stale-said) over every list screen that says its list is not current (HeldListAsOf's
 * "as read at …, not read again now", Cards' count and its note of a write made elsewhere): once a read
 * works again, the list says once, in the app's one polite live region, that it is up to date again — and
 * not at a retry that failed too. Today holds the same sentence (test/renderer/today/today-screen.test.ts).
 */
const failed: Envelope = {
  ok: false,
  error: { kind: 'server', message: 'The console answered with an error (HTTP 500).', retryable: true }
}
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
let said: string[] = []

beforeEach(() => {
  said = []
  vi.spyOn(announcer, 'say').mockImplementation((text: Said) => void said.push(sayNow(text)))
})

afterEach(() => {
  emitReach?.('connections.reach', reach('reachable', 99) as never)
  stopListening?.()
  stopListening = undefined
  emitReach = undefined
  vi.restoreAllMocks()
  cleanup()
  cardsStore.reset()
  visitors.reset()
  touchPasses.reset()
})

async function listen(emit: Emit): Promise<void> {
  emitReach = emit
  stopListening = connection.listen()
  await connection.load()
}

const back = (): string[] => said.filter((s) => /The list is up to date again: read at \d{1,2}:\d{2}/.test(s))

/** Down, a read that fails, a retry that fails too (nothing said back), then up and a read that works. */
async function downThenBack(
  setUp: (up: boolean) => void,
  read: () => Promise<unknown>,
  staleShown: () => Promise<unknown>
): Promise<void> {
  setUp(false)
  emitReach!('connections.reach', reach('trouble', 2) as never)
  await read()
  await staleShown()
  await read()
  await new Promise((r) => setTimeout(r, 50))
  expect(back(), 'said back while still stale').toEqual([])
  setUp(true)
  emitReach!('connections.reach', reach('reachable', 3) as never)
  await read()
  await waitFor(() => expect(back()).toHaveLength(1))
  // Once: a further read that works says nothing more.
  await read()
  await new Promise((r) => setTimeout(r, 50))
  expect(back()).toHaveLength(1)
}

describe('every list that said it is not current says once that it is up to date again', () => {
  it('Visitors', async () => {
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
    await screen.findByTestId('visitors-table')
    await downThenBack(
      (u) => (up = u),
      () => visitors.load(),
      () => screen.findByTestId('list-as-of')
    )
  })

  it('Touch Passes', async () => {
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
    await screen.findByTestId('passes-table')
    await downThenBack(
      (u) => (up = u),
      () => touchPasses.load(),
      () => screen.findByTestId('list-as-of')
    )
  })

  it('Cards: a read that failed', async () => {
    const main = cardsMain(range(1, 3), { answerAtOnce: true })
    Object.assign(main.answers, connectionAnswers)
    await listen(main.emit as Emit)
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
    const answers = main.answers as Record<string, () => Envelope>
    const load = answers['cards.load']!
    await downThenBack(
      (u) => (answers['cards.load'] = u ? load : () => failed),
      () => cardsStore.load(true),
      () => waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent(/not read again now/))
    )
  })

  it('Cards: a write made elsewhere, then read again', async () => {
    const main = cardsMain(range(1, 3), { answerAtOnce: true })
    Object.assign(main.answers, connectionAnswers)
    await listen(main.emit as Emit)
    render(CardsScreen)
    await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('3 of 3 cards'))
    ;(main.emit as (event: string, payload: unknown) => void)('cards.stale', { what: 'importUpload', at: Date.now() })
    await screen.findByTestId('cards-stale')
    await new Promise((r) => setTimeout(r, 5))
    await cardsStore.load(true)
    await waitFor(() => expect(screen.queryByTestId('cards-stale')).toBeNull())
    await waitFor(() => expect(back()).toHaveLength(1))
  })
})
