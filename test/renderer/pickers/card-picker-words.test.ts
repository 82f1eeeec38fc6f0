import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { CardViews } from '../../../src/main/services/cards/card-view'
import type { CardViewQuery } from '../../../src/shared/nfc/card-view'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'
import { cardFixture } from '../../support/card-fixture'

afterEach(() => cleanup())

// 77740828 is the NFC ID 04A23B1C in decimal: the number a console gives a third-party card.
const lovelace = cardFixture('77740828', 'Lobby-1', { id: 'u1', name: 'Ada Lovelace' })
// A UA card's own number: no NFC ID can be compared with it.
const spare = cardFixture('100005', 'Spare')
const ng = cardFixture('0012', '', { id: 'u2', name: 'Ben Ng' })

/**
 * Visitors' "Pick a card…" finds cards by the words the Cards screen finds them by: it asks main's
 * cards.view (answered here by main's own CardViews, as the Cards screen's questions are) and never
 * has the whole list sent to it.
 */
describe('the card picker finds cards as the Cards screen does', () => {
  it('by the owner’s name, by NFC ID in either byte order, and says why an NFC ID found nothing', async () => {
    const views = new CardViews()
    const rosa = visitorFixture('v1', 'Rosa', 'Jensen')
    const { bridge, calls } = scriptedBridge({
      'sites.topology': () => ({ ok: true, result: { groups: [] } }),
      'visitors.list': () => ({ ok: true, result: { items: [rosa], total: 1 } }),
      'visitors.get': () => ({ ok: true, result: rosa }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } }),
      'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } }),
      'cards.load': () => ({ ok: true, result: { fetchedAt: 1, total: 3 } }),
      'cards.view': (query) => ({ ok: true, result: views.answer([lovelace, spare, ng], true, query as CardViewQuery) })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Pick a card…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Give Rosa Jensen an NFC card' })
    const cards = () => within(dialog).queryAllByRole('button', { name: /^(77740828|100005|0012)\b/ })
    const shown = () => cards().map((b) => b.querySelector('strong')!.textContent)
    // The first cards, by number, before anything is typed.
    await expect.poll(shown).toEqual(['0012', '100005', '77740828'])

    const field = within(dialog).getByLabelText('Search cards')
    const search = async (words: string) => {
      await fireEvent.input(field, { target: { value: words } })
      await fireEvent.keyDown(field, { key: 'Enter' })
    }
    await search('lovelace')
    await expect.poll(shown).toEqual(['77740828'])
    expect(cards()[0]).toHaveTextContent('Lobby-1 · held by Ada Lovelace')

    await search('04A23B1C')
    await expect.poll(shown).toEqual(['77740828'])
    // The other byte order, with separators, as a reader may show it.
    await search('1c:3b:a2:04')
    await expect.poll(shown).toEqual(['77740828'])
    await search('ben ng')
    await expect.poll(shown).toEqual(['0012'])

    await search('04FFFFFF')
    await expect
      .poll(() => dialog.textContent)
      .toContain(
        'No card that shows an NFC ID has this one. The console does not give out the NFC ID of 2 cards, so they could not be compared: look for the card by its alias or owner.'
      )

    // The words went to main, which filters; the list itself never crossed.
    const asked = calls.filter(([c]) => c === 'cards.view').map(([, q]) => (q as CardViewQuery).filter)
    expect(asked).toEqual(expect.arrayContaining(['lovelace', '04A23B1C', '1c:3b:a2:04', 'ben ng', '04FFFFFF']))
    expect(calls.some(([c]) => String(c) === 'cards.all')).toBe(false)
  })
})
