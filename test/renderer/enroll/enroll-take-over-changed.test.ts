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
 * Enroll's take-over carries the holder its question named (`seen`): when another desk gave the card to
 * someone else meanwhile, main sends nothing (CHANGED_SINCE_SHOWN), and the question is asked again
 * naming who holds it now — said once, the focus on it — never taken over from someone unnamed. (Its
 * own file: the store follows the events of the first bridge it is given.)
 */
describe('Enroll: the holder changed after the take-over question named them', () => {
  it('another desk gave the card to Gus after the question named Rosa: asked again naming Gus, said once, then taken over from Gus', async () => {
    let holder = heldByRosa
    const heldByGus: NfcCard = {
      ...heldByRosa,
      user_id: 'u-gus',
      user: { id: 'u-gus', first_name: 'Gus', last_name: 'Lind' }
    }
    const { bridge, emit, calls } = eventBridge({
      'sites.devices': () => ok({ items: [frontReader()] }),
      'sites.doors': () => ok({ items: [] }),
      'enroll.capabilities': () => ok({ canEnroll: true }),
      'enroll.start': () => ok({ enrollmentId: 'e1' }),
      'users.search': () => ok({ items: [], total: 0 }),
      'visitors.list': () => ok({ items: [], total: 0 }),
      'cards.get': () => ok(holder),
      'enroll.assign': (input) => {
        const { force, seen } = input as { force?: boolean; seen?: { ownerId?: string | null } }
        if (!force)
          return {
            ok: false,
            error: { kind: 'conflict', code: 'CODE_CREDS_NFC_HAS_BIND_USER', message: 'Held.', retryable: false }
          }
        if (seen?.ownerId !== holder.user_id)
          // Main's answer (shared/seen checkSeen): nothing sent, the holder now in its details.
          return {
            ok: false,
            error: {
              kind: 'conflict',
              code: 'CHANGED_SINCE_SHOWN',
              message: 'Card 100042 belongs to Gus Lind now (changed meanwhile by another desk); nothing was sent.',
              retryable: false,
              details: { ownerId: holder.user_id, owner: 'Gus Lind', said: 'owner', card: '100042' }
            }
          }
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
    await fireEvent.click(await screen.findByRole('button', { name: 'Give it to Nora Ng (user)' }))
    expect(await screen.findByTestId('card-held')).toHaveTextContent(/belongs to Rosa Ng/)

    // Meanwhile another desk gives it to Gus; the take-over named Rosa.
    holder = heldByGus
    await fireEvent.click(screen.getByRole('button', { name: 'Take it over for Nora Ng' }))
    const said =
      'Card 100042 belongs to Gus Lind (user). Taking it over for Nora Ng removes it from Gus Lind, who stops opening doors with it.'
    await waitFor(() => expect(screen.getByTestId('card-held')).toHaveTextContent(said))
    await waitFor(() => expect(announcer.message).toBe(said))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('card-held')))
    expect(screen.queryByTestId('assigned-to')).toBeNull()

    await fireEvent.click(screen.getByRole('button', { name: 'Take it over for Nora Ng' }))
    await screen.findByTestId('assigned-to')
    const sent = calls.filter(([c]) => c === 'enroll.assign').map(([, input]) => input)
    // Read as Rosa's when tapped: Give asked first and sent nothing; only the take-overs were sent.
    expect(sent).toEqual([
      {
        token: 't1',
        owner: { type: 'user', id: 'u-nora', name: 'Nora Ng' },
        cardId: '100042',
        force: true,
        seen: { ownerId: 'u-rosa' }
      },
      {
        token: 't1',
        owner: { type: 'user', id: 'u-nora', name: 'Nora Ng' },
        cardId: '100042',
        force: true,
        seen: { ownerId: 'u-gus' }
      }
    ])
  })
})
