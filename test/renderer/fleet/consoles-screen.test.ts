import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ConsolesScreen from '../../../src/renderer/src/screens/ConsolesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { fleet } from '../../../src/renderer/src/stores/fleet.svelte'
import { router } from '../../../src/renderer/src/stores/router.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import type { FleetConsole, FleetFound } from '../../../src/shared/fleet/schemas'
import type { Envelope } from '../../../src/shared/ipc/define'
import { eventBridge, ok } from '../enroll/event-bridge'
import { profileFixture } from '../../support/profile-fixture'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'

const profiles = [
  profileFixture('hq', 'Demo HQ'),
  profileFixture('harbour', 'Harbour Office'),
  profileFixture('hill', 'Hill Campus')
]
const keys = [
  'view:credential',
  'edit:credential',
  'view:user',
  'edit:user',
  'view:visitor',
  'edit:visitor',
  'view:space',
  'view:device'
]

function answering(id: string, name: string, over: Partial<FleetConsole> = {}): FleetConsole {
  return {
    profileId: id,
    name,
    url: `https://${id}.example:12445`,
    demo: false,
    reach: { profileId: id, state: 'reachable', checkedAt: 1 },
    version: { atLeast: '3.3.10', below: null },
    permissions: keys.map((key) => ({ key, status: 'allowed' as const, uses: '' })),
    counts: { cards: { value: 1234 }, passesToGive: { value: 5 }, visitorsToday: { value: 7 }, batchesNotUploaded: 2 },
    readAt: 2,
    ...over
  }
}
const down: FleetConsole = {
  ...answering('hill', 'Hill Campus'),
  reach: { profileId: 'hill', state: 'unreachable', checkedAt: 1, message: 'no answer' },
  error: {
    kind: 'network',
    code: 'ECONNRESET',
    message: 'The console at https://hill.example:12445 did not answer.',
    retryable: true
  },
  version: null,
  permissions: null,
  counts: { cards: null, passesToGive: null, visitorsToday: null, batchesNotUploaded: 0 }
}

let off: (() => void) | undefined
afterEach(() => {
  cleanup()
  off?.()
  fleet.consoles = {}
  fleet.found = {}
  fleet.searched = null
  fleet.query = ''
  fleet.findError = null
  router.current = 'consoles'
  deskLanguage.choose(null)
})

/** Main with three saved consoles; `fleet.consoles` and `fleet.find` answer when the test says. */
async function mainWithThreeConsoles(more: Parameters<typeof eventBridge>[0] = {}) {
  const held: { consoles?: (e: Envelope) => void; find?: (e: Envelope) => void } = {}
  const main = eventBridge({
    'connections.list': () => ok({ profiles, activeId: 'hq' }),
    'connections.reach': () => ok(null),
    'fleet.consoles': () => new Promise<Envelope>((resolve) => (held.consoles = resolve)),
    'fleet.find': () => new Promise<Envelope>((resolve) => (held.find = resolve)),
    ...more
  })
  setApiForTests(main.bridge)
  off = connection.listen()
  await connection.load()
  return { main, held }
}

const row = (name: string) => screen.getAllByTestId('fleet-console').find((r) => r.dataset['name'] === name)!

describe('the Consoles screen', () => {
  it('reads every console when shown and fills each row in as its console answers', async () => {
    const { main, held } = await mainWithThreeConsoles()
    render(ConsolesScreen)
    await waitFor(() => expect(main.calls.some(([c]) => c === 'fleet.consoles')).toBe(true))
    const { requestId } = main.calls.find(([c]) => c === 'fleet.consoles')![1] as { requestId: string }
    expect(row('Harbour Office')).toHaveTextContent('Reading…')

    // Demo HQ and the dead Hill Campus answer first; the slow Harbour Office is still being read.
    main.emit('fleet.console', { requestId, console: answering('hq', 'Demo HQ', { answeredInMs: 12_400 }) })
    main.emit('fleet.console', { requestId, console: down })
    await waitFor(() => expect(row('Demo HQ')).toHaveAttribute('data-state', 'reachable'))
    const hq = within(row('Demo HQ'))
    expect(row('Demo HQ')).toHaveTextContent('Connected')
    // It answered, slowly: said so, never "Not answering".
    expect(within(row('Demo HQ')).getByTestId('fleet-slow')).toHaveTextContent('Slow: answered in 12 s')
    expect(row('Demo HQ')).not.toHaveTextContent('Not answering')
    expect(hq.getByText('3.3.10 or newer')).toBeInTheDocument()
    expect(hq.getByText('All 8 held')).toBeInTheDocument()
    expect(row('Demo HQ').textContent).toMatch(/1,234\s*5\s*7\s*2/)
    expect(row('Demo HQ')).toHaveTextContent('Active')
    expect(row('Hill Campus')).toHaveAttribute('data-state', 'unreachable')
    expect(row('Hill Campus')).toHaveTextContent('Not answering')
    expect(row('Hill Campus')).toHaveTextContent('did not answer')
    expect(row('Harbour Office')).toHaveTextContent('Reading…')
    expect(screen.getByTestId('fleet-progress')).toHaveTextContent('Reading 3 consoles: 2 answered so far.')

    // An answer of an earlier read (another request) is not this one's.
    main.emit('fleet.console', { requestId: 'an-older-read', console: down })
    const slow = answering('harbour', 'Harbour Office', {
      reach: {
        profileId: 'harbour',
        state: 'permissions',
        checkedAt: 1,
        missing: ['view:visitor'],
        message: 'lacks view:visitor'
      },
      version: { atLeast: '3.2.20', below: '3.3.10' },
      permissions: keys.map((key) => ({
        key,
        status: key === 'view:visitor' ? ('missing' as const) : ('allowed' as const),
        uses: ''
      })),
      counts: {
        cards: { value: 120 },
        passesToGive: { value: 0 },
        visitorsToday: {
          error: {
            kind: 'permission',
            message: 'lacks view:visitor',
            retryable: false,
            details: { permission: 'view:visitor' }
          }
        },
        batchesNotUploaded: 0
      }
    })
    main.emit('fleet.console', { requestId, console: slow })
    held.consoles!(ok({ consoles: [answering('hq', 'Demo HQ'), slow, down] }))
    await waitFor(() => expect(row('Harbour Office')).toHaveAttribute('data-state', 'permissions'))
    expect(row('Harbour Office')).toHaveTextContent('Missing permissions')
    expect(row('Harbour Office')).toHaveTextContent('3.2.20 or newer, before 3.3.10')
    expect(row('Harbour Office')).toHaveTextContent('The API token lacks 1 permission in all: view:visitor.')
    expect(row('Harbour Office')).toHaveTextContent('Needs view:visitor')
    await waitFor(() => expect(screen.getByTestId('fleet-progress')).toHaveTextContent('1 of 3 consoles connected.'))
  })

  it('refuses an empty find with what to type, asking no console', async () => {
    const { main } = await mainWithThreeConsoles()
    render(ConsolesScreen)
    const field = screen.getByRole('searchbox')
    await fireEvent.input(field, { target: { value: '   ' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Find on every console' }))
    expect(
      await screen.findByText(/Type a name, email, employee number, card number, NFC ID or Touch Pass card id/)
    ).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveValue('   ')
    expect(main.calls.some(([c]) => c === 'fleet.find')).toBe(false)
  })

  it('shows each console’s finds as they come, and opens one on its console: switched to first, then the record', async () => {
    const selected: string[] = []
    const { main, held } = await mainWithThreeConsoles({
      'connections.select': (input) => {
        selected.push((input as { id: string }).id)
        return ok(profiles[1])
      }
    })
    render(ConsolesScreen)
    await fireEvent.input(screen.getByRole('searchbox'), { target: { value: '200005' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Find on every console' }))
    await waitFor(() => expect(main.calls.some(([c]) => c === 'fleet.find')).toBe(true))
    const { requestId, query } = main.calls.find(([c]) => c === 'fleet.find')![1] as {
      requestId: string
      query: string
    }
    expect(query).toBe('200005')

    const nothing: FleetFound = { profileId: 'hq', name: 'Demo HQ', ok: true, hits: [], more: 0 }
    const card: FleetFound = {
      profileId: 'harbour',
      name: 'Harbour Office',
      ok: true,
      hits: [
        {
          kind: 'card',
          id: 'tok-200005',
          title: 'Card 200005',
          detail: 'Assigned · Hana Moreau',
          matched: 'card number',
          facts: { cardStatus: 'assigned', holder: 'Hana Moreau' },
          match: { by: 'cardNumber' },
          cardFilter: '200005'
        }
      ],
      more: 0
    }
    main.emit('fleet.found', { requestId, found: nothing })
    main.emit('fleet.found', { requestId, found: card })
    const groups = () => screen.getAllByTestId('fleet-found-console')
    await waitFor(() => expect(groups()[1]).toHaveTextContent('Card 200005'))
    expect(groups()[0]).toHaveTextContent('Nothing found on this console.')
    expect(groups()[2]).toHaveTextContent('Looking…')
    expect(screen.getByTestId('fleet-found')).toHaveTextContent('2 of 3 consoles answered so far; 1 found.')
    held.find!(
      ok({ results: [nothing, card, { profileId: 'hill', name: 'Hill Campus', ok: false, error: down.error }] })
    )
    await waitFor(() => expect(groups()[2]).toHaveTextContent('did not answer'))
    // Only the consoles searched are counted; the one that could not be is named, in the live region too.
    const summary = within(screen.getByTestId('fleet-found')).getByRole('status')
    await waitFor(() =>
      expect(summary).toHaveTextContent('1 found on 2 consoles searched. Hill Campus did not answer: not searched.')
    )

    const open = screen.getByRole('button', { name: 'Open Card 200005 on Harbour Office' })
    expect(open).toHaveAccessibleDescription('Switches to Harbour Office, then opens Cards')
    await fireEvent.click(open)
    await waitFor(() => expect(router.current).toBe('cards'))
    expect(selected).toEqual(['harbour'])
    expect(cardsStore.filter).toBe('200005')
    expect(cardsStore.selectedToken).toBe('tok-200005')
  })

  it('says what each find matched and what tells it apart in the desk’s language, from main’s facts', async () => {
    deskLanguage.choose('de')
    const { main, held } = await mainWithThreeConsoles()
    render(ConsolesScreen)
    const submit = await screen.findByRole('button', { name: 'Auf jeder Konsole suchen' }, { timeout: 5000 })
    await fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'E0001' } })
    await fireEvent.click(submit)
    await waitFor(() => expect(main.calls.some(([c]) => c === 'fleet.find')).toBe(true))
    const found: FleetFound = {
      profileId: 'hq',
      name: 'Demo HQ',
      ok: true,
      hits: [
        {
          kind: 'user',
          id: 'u1',
          title: 'Hana Moreau',
          detail: 'hana.moreau@example.com · employee E0001',
          matched: 'employee number E0001',
          facts: { email: 'hana.moreau@example.com', employeeNumber: 'E0001' },
          match: { by: 'employeeNumber', value: 'E0001' }
        },
        {
          kind: 'card',
          id: 'tok-1',
          title: 'Card 100005',
          number: '100005',
          detail: 'Pending · Hana Moreau · Lobby-1',
          matched: 'NFC ID 04A1B2C3 (typed in the other byte order)',
          facts: { cardStatus: 'pending', holder: 'Hana Moreau', label: 'Lobby-1' },
          match: { by: 'nfcId', hex: '04A1B2C3', reversed: true },
          cardFilter: '100005'
        },
        {
          kind: 'touchPass',
          id: 'p1',
          title: 'Touch Pass 1A2B',
          number: '1A2B',
          detail: 'Unassigned · not assigned',
          matched: 'part of card id 1A2B',
          facts: { passStatus: 'INACTIVE' },
          match: { by: 'cardId', cardId: '1A2B', part: true }
        }
      ],
      more: 0
    }
    held.find!(
      ok({
        results: [
          found,
          { ...found, profileId: 'harbour', name: 'Harbour Office', hits: [] },
          { ...found, profileId: 'hill', name: 'Hill Campus', hits: [] }
        ]
      })
    )
    await waitFor(() => expect(screen.getAllByTestId('fleet-hit')).toHaveLength(3))
    const [person, card, pass] = screen.getAllByTestId('fleet-hit')
    expect(person).toHaveTextContent(
      'hana.moreau@example.com · Personalnummer E0001 · gefunden über Personalnummer E0001'
    )
    expect(card).toHaveTextContent(
      'Ausstehend · Hana Moreau · Lobby-1 · gefunden über NFC-ID 04A1B2C3 (in der anderen Byte-Reihenfolge eingegeben)'
    )
    expect(pass).toHaveTextContent('Nicht zugewiesen · gefunden über einen Teil der Karten-ID 1A2B')
    for (const hit of [person!, card!, pass!]) {
      expect(hit).not.toHaveTextContent(/employee|Pending|found by|typed in|not assigned|part of/)
      // Said in the desk's language: not marked as English for a screen reader.
      expect(hit.querySelector('[lang="en"]')).toBeNull()
    }
  })

  it('opens a person found as their cards (by their id, not their name), on the active console without a switch', async () => {
    const selected: string[] = []
    const { main, held } = await mainWithThreeConsoles({
      'connections.select': (input) => {
        selected.push((input as { id: string }).id)
        return ok(profiles[0])
      }
    })
    cardsStore.reset()
    render(ConsolesScreen)
    await fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'hana' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Find on every console' }))
    await waitFor(() => expect(main.calls.some(([c]) => c === 'fleet.find')).toBe(true))
    const person: FleetFound = {
      profileId: 'hq',
      name: 'Demo HQ',
      ok: true,
      hits: [
        {
          kind: 'user',
          id: 'u1',
          title: 'Hana Moreau',
          detail: 'hana.moreau@example.com',
          matched: 'name',
          facts: { email: 'hana.moreau@example.com' },
          match: { by: 'name' }
        }
      ],
      more: 0
    }
    held.find!(
      ok({
        results: [
          person,
          { ...person, profileId: 'harbour', name: 'Harbour Office', hits: [] },
          { ...person, profileId: 'hill', name: 'Hill Campus', hits: [] }
        ]
      })
    )
    // The kind in the name: a visitor of the same name on the same console has a button of its own name.
    const open = await screen.findByRole('button', { name: 'Open person Hana Moreau on Demo HQ' })
    expect(open).toHaveAccessibleDescription('their cards in Cards')
    await fireEvent.click(open)
    await waitFor(() => expect(router.current).toBe('cards'))
    expect(selected).toEqual([])
    // Their cards by their id, not by their name (another Hana Moreau's cards are not mixed in), and
    // named with what tells them apart.
    expect(cardsStore.filter).toBe('')
    expect(cardsStore.owner).toEqual({ id: 'u1', name: 'Hana Moreau', detail: 'hana.moreau@example.com' })
    expect(main.calls.filter(([c]) => c === 'cards.view').at(-1)?.[1]).toMatchObject({ owner: 'u1', filter: '' })
    expect(cardsStore.selectedToken).toBeNull()
  })

  it('reads once at a time: Read again during a read says Reading… and asks nothing more', async () => {
    const { main, held } = await mainWithThreeConsoles()
    render(ConsolesScreen)
    const button = await screen.findByRole('button', { name: 'Reading…' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    await fireEvent.click(button)
    expect(main.calls.filter(([c]) => c === 'fleet.consoles')).toHaveLength(1)
    held.consoles!(ok({ consoles: [answering('hq', 'Demo HQ'), answering('harbour', 'Harbour Office'), down] }))
    const again = await screen.findByRole('button', { name: 'Read again' })
    expect(again).not.toHaveAttribute('aria-disabled')
    await fireEvent.click(again)
    await waitFor(() => expect(main.calls.filter(([c]) => c === 'fleet.consoles')).toHaveLength(2))
  })
})

describe('a find that found nothing', () => {
  it('counts no console that could not be searched, and says why an NFC ID found no card', async () => {
    const { main, held } = await mainWithThreeConsoles()
    render(ConsolesScreen)
    await fireEvent.input(screen.getByRole('searchbox'), { target: { value: '04:99:88:77' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Find on every console' }))
    await waitFor(() => expect(main.calls.some(([c]) => c === 'fleet.find')).toBe(true))
    const hq: FleetFound = { profileId: 'hq', name: 'Demo HQ', ok: true, hits: [], more: 0, notNfcIds: 120 }
    const harbour: FleetFound = {
      profileId: 'harbour',
      name: 'Harbour Office',
      ok: true,
      hits: [],
      more: 0,
      notNfcIds: 0
    }
    held.find!(
      ok({ results: [hq, harbour, { profileId: 'hill', name: 'Hill Campus', ok: false, error: down.error! }] })
    )
    const summary = within(await screen.findByTestId('fleet-found')).getByRole('status')
    await waitFor(() =>
      expect(summary).toHaveTextContent(
        'Nothing found on 2 consoles searched. Hill Campus did not answer: not searched.'
      )
    )
    const groups = screen.getAllByTestId('fleet-found-console')
    // The Cards filter's words (lib/card-no-match): the cards numbered by the console carry no NFC ID.
    expect(groups[0]).toHaveTextContent(
      'No card that shows an NFC ID has this one. The console does not give out the NFC ID of 120 cards, so they could not be compared'
    )
    expect(groups[1]).toHaveTextContent('No card has this NFC ID, in either byte order.')
  })
})
