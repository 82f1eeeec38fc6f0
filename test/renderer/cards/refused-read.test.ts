import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import type { Envelope } from '../../../src/shared/ipc/define'
import { cardsMain } from './cards-main'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { scriptedBridge } from '../../support/fake-bridge'

const card = (n: number): NfcCard => ({
  token: `tok-${n}`,
  display_id: String(n).padStart(4, '0'),
  status: 'pending',
  alias: `Card ${n}`,
  card_type: 'ua_card',
  user_id: '',
  user_type: '',
  user: null
})

/** What main answers for a read the console refused with 403 (services/access/errors.ts). */
const refused: Envelope = {
  ok: false,
  error: {
    kind: 'permission',
    code: 'HTTP_403',
    message: 'The API token lacks the permission `view:credential` needed for listing cards.',
    hint: 'Add `view:credential` to the token.',
    retryable: false
  }
}

afterEach(() => cardsStore.reset())

describe('Cards when the token can no longer read them', () => {
  it('says the refusal and no longer shows the cards read before as the list', async () => {
    const { answers } = cardsMain([card(1), card(2)], { answerAtOnce: true })
    render(CardsScreen)
    expect(await screen.findByText('2 of 2 cards')).toBeInTheDocument()

    answers['cards.load'] = () => refused
    await fireEvent.click(screen.getAllByRole('button', { name: 'Refresh' })[0]!)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveAttribute('data-kind', 'permission')
    expect(alert).toHaveTextContent('lacks the permission view:credential')
    expect(screen.queryByText('2 of 2 cards')).toBeNull()
    // The refusal only: nothing is said of a list that was not read (no "0 of 0", no "no cards yet").
    expect(screen.getByTestId('card-count')).toHaveTextContent(/^$/)
    expect(screen.queryByText(/no NFC cards yet/)).toBeNull()
    expect(screen.queryByText(/Enroll a card on a networked reader/)).toBeNull()
    // Nor counts per status it never gave ("Assigned (0)"): the menu names the statuses only.
    const options = [...screen.getByRole('combobox', { name: 'Status' }).querySelectorAll('option')].map(
      (o) => o.textContent
    )
    expect(options).toContain('Pending')
    expect(options.join(' ')).not.toMatch(/\(\d/)
  })

  it('the one rule of every list: Visitors drops its rows on a refusal, and keeps them when the console does not answer', async () => {
    visitors.reset()
    let answer: () => Envelope = () => ({
      ok: true,
      result: { items: [{ id: 'v1', first_name: 'Rosa', last_name: 'Jensen', status: 'ACTIVE' }], total: 1 }
    })
    const { bridge } = scriptedBridge({ 'visitors.list': () => answer() })
    setApiForTests(bridge)
    await visitors.load(1)
    expect(visitors.items.map((v) => v.id)).toEqual(['v1'])
    // No answer: what the console last said stays, with the error (Retry reads again).
    answer = () => ({ ok: false, error: { kind: 'network', code: 'NETWORK', message: 'no answer', retryable: true } })
    await visitors.load(1)
    expect(visitors.error?.kind).toBe('network')
    expect(visitors.items.map((v) => v.id)).toEqual(['v1'])
    // A refusal: the rows are not the console's list any more.
    answer = () => refused
    await visitors.load(1)
    expect(visitors.error?.kind).toBe('permission')
    expect(visitors.items).toEqual([])
    expect(visitors.total).toBe(0)
  })
})
