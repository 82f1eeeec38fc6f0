import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import EnrollScreen from '../../../src/renderer/src/screens/EnrollScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { enrollStore } from '../../../src/renderer/src/stores/enroll.svelte'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import type { EnrollProgress } from '../../../src/shared/enroll/schemas'
import { frontReader } from './reader-fixture'
import { eventBridge, ok } from './event-bridge'

afterEach(() => {
  cleanup()
  enrollStore.forOwner = null
  enrollStore.reset()
})

const progress = (p: Partial<EnrollProgress>): EnrollProgress => ({
  enrollmentId: 'e1',
  deviceId: 'd1',
  state: 'waiting',
  secondsLeft: 60,
  ...p
})

const card = (over: Partial<NfcCard>): NfcCard => ({
  token: 't1',
  display_id: '100001',
  status: 'pending',
  alias: '',
  card_type: 'ua_card',
  user_id: '',
  user_type: '',
  user: null,
  ...over
})
const heldByRosa = card({
  status: 'assigned',
  user_id: 'u-rosa',
  user_type: 'USER',
  user: { id: 'u-rosa', first_name: 'Rosa', last_name: 'Ng' }
})

async function tap(held: NfcCard, assign?: (input: unknown) => ReturnType<typeof ok>) {
  const main = eventBridge({
    ...(assign ? { 'enroll.assign': assign } : {}),
    'sites.devices': () => ok({ items: [frontReader()] }),
    'sites.doors': () => ok({ items: [] }),
    'enroll.capabilities': () => ok({ canEnroll: true }),
    'enroll.start': () => ok({ enrollmentId: 'e1' }),
    'users.search': () => ok({ items: [], total: 0 }),
    'visitors.list': () => ok({ items: [], total: 0 }),
    'cards.get': () => ok(held)
  })
  setApiForTests(main.bridge)
  forgetConsoleData()
  enrollStore.enrollFor({ type: 'user', id: 'u-nora', name: 'Nora Ng' })
  render(ActionAnnouncer)
  render(EnrollScreen)
  await screen.findAllByRole('radio')
  await fireEvent.click(screen.getByRole('button', { name: /^Start/ }))
  await waitFor(() => expect(enrollStore.phase).toBe('running'))
  // As main's event (the store listens once per app, to the first bridge: handed over as it is).
  enrollStore.onProgress(progress({ state: 'done', secondsLeft: 40, card: { token: 't1', cardId: '100001' } }))
  await screen.findByRole('button', { name: 'Give it to Nora Ng (user)' })
  return main
}

/**
 * Enroll: the card tapped already belongs to someone (another person's card held on the reader). Who
 * holds it is said as soon as the tap is read, as Cards says it, before anyone is chosen — and nothing
 * is sent until the person gives it.
 */
describe('Enroll: a tapped card someone holds names its holder at once', () => {
  it('says "belongs to Rosa Ng" with the tap, once, and sends nothing', async () => {
    const main = await tap(heldByRosa)
    const said =
      'Card 100001 belongs to Rosa Ng (user). Giving it to someone else takes it from Rosa Ng, who stops opening doors with it.'
    await waitFor(() => expect(screen.getByTestId('card-held-now')).toHaveTextContent(said))
    await waitFor(() => expect(announcer.message).toContain(said))
    expect(announcer.message).toMatch(/^Card 100001 enrolled\./)
    expect(main.calls.filter(([c]) => c === 'cards.get')).toEqual([['cards.get', { token: 't1' }]])
    expect(main.calls.filter(([c]) => c === 'enroll.assign')).toEqual([])
  })

  it('a card nobody holds says nothing of a holder', async () => {
    await tap(card({}))
    await waitFor(() => expect(announcer.message).toMatch(/^Card 100001 enrolled\./))
    expect(screen.queryByTestId('card-held-now')).toBeNull()
    expect(announcer.message).not.toMatch(/belongs to/)
  })

  it('Give asks first, sending nothing: the take-over question names Rosa Ng, with the focus on it', async () => {
    const main = await tap(heldByRosa, () => ok({ assigned: true }))
    await waitFor(() => expect(screen.getByTestId('card-held-now')).toBeInTheDocument())
    await fireEvent.click(screen.getByRole('button', { name: 'Give it to Nora Ng (user)' }))
    const question = await screen.findByTestId('card-held')
    expect(question).toHaveTextContent(
      'Card 100001 belongs to Rosa Ng (user). Taking it over for Nora Ng removes it from Rosa Ng, who stops opening doors with it.'
    )
    await waitFor(() => expect(document.activeElement).toBe(question))
    expect(main.calls.filter(([c]) => c === 'enroll.assign')).toEqual([])

    await fireEvent.click(screen.getByRole('button', { name: 'Take it over for Nora Ng' }))
    await screen.findByTestId('assigned-to')
    expect(main.calls.filter(([c]) => c === 'enroll.assign').map(([, input]) => input)).toEqual([
      {
        token: 't1',
        owner: { type: 'user', id: 'u-nora', name: 'Nora Ng' },
        cardId: '100001',
        force: true,
        seen: { ownerId: 'u-rosa' }
      }
    ])
  })

  it('a take-over that fails while the console is down keeps "belongs to Rosa Ng"', async () => {
    await tap(heldByRosa, () => ({
      ok: false,
      error: { kind: 'network', code: 'ECONNREFUSED', message: 'The console is not answering.', retryable: true }
    }))
    await waitFor(() => expect(screen.getByTestId('card-held-now')).toBeInTheDocument())
    await fireEvent.click(screen.getByRole('button', { name: 'Give it to Nora Ng (user)' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Take it over for Nora Ng' }))
    const reason = await screen.findByRole('alert')
    // The focus on the reason beside the button, not back at the screen's heading.
    await waitFor(() => expect(document.activeElement).toBe(reason))
    expect(screen.getByTestId('card-held-now')).toHaveTextContent('Card 100001 belongs to Rosa Ng (user).')
  })
})
