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

/** The card as the console holds it once another desk gave it to Rosa Ng while it waited here. */
const heldByRosa: NfcCard = {
  token: 't1',
  display_id: '100042',
  status: 'assigned',
  alias: '',
  card_type: 'ua_card',
  user_id: 'u-rosa',
  user_type: 'USER',
  user: { id: 'u-rosa', first_name: 'Rosa', last_name: 'Ng' }
}

/**
 * Enroll: a card enrolled and about to be given to Nora Ng, given to Rosa Ng meanwhile through the API.
 * The console refuses it as held; the question names Rosa Ng (read afresh, as Cards does), not the raw
 * "Unassign it first…", is said once, and holds the focus; taking it over sends with force.
 */
describe('Enroll: a card someone else holds by the time it is given', () => {
  it('names the holder read from the console, puts the focus on the question, and takes it over on request', async () => {
    let refused = true
    let reads = 0
    const { bridge, emit, calls } = eventBridge({
      'sites.devices': () => ok({ items: [frontReader()] }),
      'sites.doors': () => ok({ items: [] }),
      'enroll.capabilities': () => ok({ canEnroll: true }),
      'enroll.start': () => ok({ enrollmentId: 'e1' }),
      'users.search': () => ok({ items: [], total: 0 }),
      'visitors.list': () => ok({ items: [], total: 0 }),
      // Free when tapped (read then: stores/enroll readHolder), Rosa's by the time it is given.
      'cards.get': () =>
        ok(reads++ === 0 ? { ...heldByRosa, status: 'pending', user_id: '', user_type: '', user: null } : heldByRosa),
      'enroll.assign': (input) => {
        if (refused && !(input as { force?: boolean }).force)
          return {
            ok: false,
            error: {
              kind: 'conflict',
              code: 'CODE_CREDS_NFC_HAS_BIND_USER',
              message: 'This card already belongs to someone else.',
              hint: 'Unassign it first, or assign again with "take over" to move it.',
              retryable: false
            }
          }
        refused = false
        return ok({ assigned: true })
      }
    })
    setApiForTests(bridge)
    forgetConsoleData()
    enrollStore.enrollFor({ type: 'user', id: 'u-nora', name: 'Nora Ng' })
    render(ActionAnnouncer)
    render(EnrollScreen)
    await screen.findAllByRole('radio')
    await fireEvent.click(screen.getByRole('button', { name: /^Start/ }))
    await waitFor(() => expect(enrollStore.phase).toBe('running'))
    emit('enroll.progress', progress({ state: 'done', secondsLeft: 40, card: { token: 't1', cardId: '100042' } }))
    const give = await screen.findByRole('button', { name: 'Give it to Nora Ng (user)' })
    give.focus()
    await fireEvent.click(give)

    const question = await screen.findByTestId('card-held')
    const said =
      'Card 100042 belongs to Rosa Ng (user). Taking it over for Nora Ng removes it from Rosa Ng, who stops opening doors with it.'
    expect(question).toHaveTextContent(said)
    expect(screen.getByTestId('assign-card')).not.toHaveTextContent(/Unassign it first/)
    await waitFor(() => expect(document.activeElement).toBe(question))
    await waitFor(() => expect(announcer.message).toBe(said))
    // Read when tapped (held by nobody then), and again when refused.
    expect(calls.filter(([c]) => c === 'cards.get')).toEqual([
      ['cards.get', { token: 't1' }],
      ['cards.get', { token: 't1' }]
    ])

    await fireEvent.click(screen.getByRole('button', { name: 'Take it over for Nora Ng' }))
    await screen.findByTestId('assigned-to')
    const sent = calls.filter(([c]) => c === 'enroll.assign').map(([, input]) => input)
    expect(sent).toEqual([
      { token: 't1', owner: { type: 'user', id: 'u-nora', name: 'Nora Ng' }, cardId: '100042', force: false },
      // The take-over carries the holder its question named (main sends nothing if another holds it now).
      {
        token: 't1',
        owner: { type: 'user', id: 'u-nora', name: 'Nora Ng' },
        cardId: '100042',
        force: true,
        seen: { ownerId: 'u-rosa' }
      }
    ])
    expect(screen.queryByTestId('card-held')).toBeNull()
  })
})
