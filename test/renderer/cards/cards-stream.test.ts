import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { card, cardsMain, range } from './cards-main'

const count = () => screen.getByTestId('card-count').textContent

afterEach(() => cardsStore.reset())

describe('cards as they reach main', () => {
  it('shows the first part with the load, says the rest is being read, then the whole list', async () => {
    const main = cardsMain()
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    // The load asks for the rows in view: the first part's event brings them (no second round trip).
    expect(main.loads[0]!.view).toMatchObject({ filter: '', status: 'all', sortKey: 'display_id', offset: 0 })
    main.part(0, range(1, 3))
    await waitFor(() => expect(count()).toBe('3 cards read so far'))
    expect(main.calls.filter(([c]) => c === 'cards.view')).toHaveLength(0)
    expect(screen.getByTestId('cards-loading')).toHaveTextContent('Reading the rest from the console…')
    expect(screen.getByRole('region', { name: 'Cards' })).toHaveAttribute('aria-busy', 'true')
    // The table is there with those rows (jsdom lays nothing out, so the virtual rows are not drawn).
    expect(screen.getByRole('grid', { name: 'NFC cards' })).toHaveAttribute('aria-rowcount', '3')
    main.part(1, range(4, 6))
    main.done(range(1, 9))
    await waitFor(() => expect(count()).toBe('9 of 9 cards'))
    expect(cardsStore.view.rows.map((c) => c.token)).toEqual(range(1, 9).map((c) => c.token))
    expect(screen.queryByTestId('cards-loading')).toBeNull()
    expect(screen.getByRole('region', { name: 'Cards' })).toHaveAttribute('aria-busy', 'false')
    expect(screen.getByTestId('card-count')).toHaveAttribute('data-filter', '')
  })

  it('ignores the parts of another tab’s load', async () => {
    const main = cardsMain()
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.part(0, [card(99)], 'another-tab')
    await new Promise((r) => setTimeout(r, 20))
    expect(cardsStore.view.total).toBe(0)
    expect(count()).toBe('')
  })

  it('a filter, a status and an order are main’s answers; the count says which filter it answers', async () => {
    const main = cardsMain([card(1, 'Lobby'), card(2, 'Dock', 'assigned'), card(3, 'Lobby west')])
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.done(main.state.held)
    await waitFor(() => expect(count()).toBe('3 of 3 cards'))
    cardsStore.filter = 'LOBBY'
    await waitFor(() => expect(count()).toBe('2 of 3 cards'))
    expect(screen.getByTestId('card-count')).toHaveAttribute('data-filter', 'LOBBY')
    expect(cardsStore.view.rows.map((c) => c.alias)).toEqual(['Lobby', 'Lobby west'])
    cardsStore.sortBy('display_id')
    await waitFor(() => expect(cardsStore.view.rows.map((c) => c.alias)).toEqual(['Lobby west', 'Lobby']))
    cardsStore.filter = ''
    cardsStore.status = 'assigned'
    await waitFor(() => expect(count()).toBe('1 of 3 cards'))
    expect(cardsStore.countsByStatus).toEqual({ pending: 2, assigned: 1 })
  })

  it('a failed first load leaves no part of a list on screen, and says what happened', async () => {
    const main = cardsMain()
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.part(0, range(1, 3))
    await waitFor(() => expect(count()).toBe('3 cards read so far'))
    // Filtered while the rest is read: what the filter keeps of what is in so far.
    await fireEvent.input(screen.getByLabelText('Filter cards'), { target: { value: '0002' } })
    await waitFor(() => expect(count()).toBe('1 of the 3 cards read so far'))
    main.fail('The console stopped answering.')
    await screen.findByText('The console stopped answering.')
    expect(cardsStore.view.rows).toEqual([])
    expect(screen.queryByRole('grid', { name: 'NFC cards' })).toBeNull()
  })
})

describe('a second open', () => {
  it('shows the rows held at once, reads the cards again behind them, and shows the changes once complete', async () => {
    const main = cardsMain()
    const first = render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.part(0, range(1, 3))
    main.done(range(1, 3))
    await waitFor(() => expect(count()).toBe('3 of 3 cards'))
    first.unmount()

    render(CardsScreen)
    // At once, before main answers anything: the rows held.
    expect(count()).toBe('3 of 3 cards')
    expect(screen.getByTestId('cards-loading')).toHaveTextContent('Checking the console for changes…')
    await waitFor(() => expect(main.loads).toHaveLength(2))
    expect(main.loads[1]).toMatchObject({ refresh: true })
    // A refresh behind a list on screen asks for no rows with its parts.
    expect(main.loads[1]!.view).toBeUndefined()
    main.done([card(1), card(2, 'Renamed'), card(3), card(4)])
    await waitFor(() => expect(count()).toBe('4 of 4 cards'))
    expect(cardsStore.view.rows[1]!.alias).toBe('Renamed')
  })

  it('an edit: the details show main’s answer at once, the rows are asked again; a delete says which card went', async () => {
    const main = cardsMain(range(1, 3))
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.done(main.state.held)
    await waitFor(() => expect(count()).toBe('3 of 3 cards'))
    cardsStore.selectAt(1)
    expect(cardsStore.selected?.token).toBe('tok-2')
    await cardsStore.rename('tok-2', { base: { alias: '' }, changes: { alias: 'Front desk' } })
    expect(cardsStore.selected?.alias).toBe('Front desk')
    expect(cardsStore.view.rows[1]!.alias).toBe('Front desk')
    await cardsStore.remove('tok-2')
    expect(await screen.findByTestId('cards-notice')).toHaveTextContent(
      'Card 0002 deleted: the console no longer has it.'
    )
    expect(count()).toBe('2 of 2 cards')
    expect(cardsStore.selected).toBeNull()
  })

  it('arrow keys onto a row not held yet select it once main’s answer brings it', async () => {
    const main = cardsMain(range(1, 400))
    render(CardsScreen)
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.done(main.state.held)
    await waitFor(() => expect(count()).toBe('400 of 400 cards'))
    expect(cardsStore.rowAt(300)).toBeUndefined()
    cardsStore.selectAt(300)
    await waitFor(() => expect(cardsStore.selected?.token).toBe('tok-301'))
    expect(cardsStore.selectedIndex).toBe(300)
  })

  it('a scroll asks at each frame: an older answer that holds the rows in view is shown, one that does not is not', async () => {
    // The store alone: jsdom lays out no table to say its own rows in view.
    const main = cardsMain(range(1, 2000))
    const loading = cardsStore.load()
    await waitFor(() => expect(main.loads).toHaveLength(1))
    main.done(main.state.held)
    await loading
    expect(cardsStore.view.matched).toBe(2000)
    main.state.holdViews = true
    cardsStore.showRange(1000, 1020) // asks for 940–1080
    cardsStore.showRange(1500, 1520) // asks for 1440–1580
    cardsStore.showRange(1005, 1025) // neither here nor on its way: asks for 945–1085
    await waitFor(() => expect(main.heldViews).toHaveLength(3))
    const settle = () => new Promise((r) => setTimeout(r, 0))
    main.heldViews[0]!()
    await settle()
    expect(cardsStore.view.offset).toBe(940)
    expect(cardsStore.rowAt(1005)?.token).toBe('tok-1006')
    main.heldViews[1]!()
    await settle()
    expect(cardsStore.view.offset).toBe(940)
    main.heldViews[2]!()
    await settle()
    expect(cardsStore.view.offset).toBe(945)
  })
})
