import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import VisitorCredentials from '../../../src/renderer/src/components/visitors/VisitorCredentials.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { CardViews } from '../../../src/main/services/cards/card-view'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import type { CardViewQuery } from '../../../src/shared/nfc/card-view'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'

/**
 * Visitors → Pick a card…, a card someone else holds: the dialog names the holder, shows no raw
 * "Unassign it first…" line under the take-over question, and "Pick another" returns to the search.
 */
afterEach(cleanup)

const held: NfcCard = {
  token: 'tok-100004',
  display_id: '100004',
  status: 'assigned',
  alias: '',
  card_type: 'ua_card',
  user_id: 'v9',
  user_type: 'VISITOR',
  user: { id: 'v9', name: 'Farah Kowalski' }
} as NfcCard

function open() {
  const views = new CardViews()
  const { bridge, calls } = scriptedBridge({
    'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } }),
    'cards.view': (input) => ({ ok: true, result: views.answer([held], true, input as CardViewQuery) }),
    'visitors.assignNfc': () => ({
      ok: false,
      error: {
        kind: 'conflict',
        code: 'CODE_CREDS_NFC_HAS_BIND_USER',
        message: 'This card already belongs to someone else.',
        hint: 'Unassign it first, or assign again with "take over" to move it.',
        retryable: false
      }
    })
  })
  setApiForTests(bridge)
  render(VisitorCredentials, { visitor: visitorFixture('v1', 'Rosa', 'Jensen'), onchanged: () => undefined })
  return calls
}

describe('Pick a card held by someone else', () => {
  it('names the holder, without the raw error, and Pick another goes back to the search field', async () => {
    open()
    await fireEvent.click(await screen.findByRole('button', { name: /Pick a card/ }))
    const dialog = await screen.findByRole('dialog')
    await fireEvent.input(within(dialog).getByRole('searchbox'), { target: { value: '100004' } })
    await fireEvent.click(await within(dialog).findByRole('button', { name: /100004/ }, { timeout: 2000 }))
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Give the card' }))
    await waitFor(() => expect(dialog).toHaveTextContent('Card 100004 is held by Farah Kowalski (visitor).'))
    expect(dialog).not.toHaveTextContent(/Unassign it first/)

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Pick another' }))
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('searchbox')))
  })
})
