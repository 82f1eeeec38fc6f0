import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import SettingsScreen from '../../../src/renderer/src/screens/SettingsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import type { TokenCheck } from '../../../src/shared/connections'
import { eventBridge, ok } from '../enroll/event-bridge'
import { profileFixture } from '../../support/profile-fixture'

const fingerprint = Array.from({ length: 32 }, () => 'AA').join(':')
const lab = profileFixture('lab', 'Lab console', { url: 'https://10.0.0.5:12445', fingerprint256: fingerprint })
const CHECKED_AT = Date.UTC(2026, 11, 2, 9, 15)
/** A test that found every key held. */
const everyKey: TokenCheck = {
  ok: true,
  url: lab.url,
  latencyMs: 9,
  checkedAt: CHECKED_AT,
  permissions: [
    { key: 'view:credential', status: 'allowed', uses: 'list cards' },
    { key: 'edit:credential', status: 'allowed', uses: 'change cards' },
    { key: 'edit:visitor', status: 'allowed', uses: 'change visitors' }
  ]
}

let off: () => void = () => undefined
afterEach(() => {
  off()
  cleanup()
  connection.results = {}
})

async function settingsAfterTest(check: TokenCheck) {
  const main = eventBridge({
    'connections.list': () => ok({ profiles: [lab], activeId: 'lab' }),
    'connections.certificate': () => ok({ id: 'lab', pinned: fingerprint, presented: null, changed: false }),
    'connections.reach': () => ok({ profileId: 'lab', state: 'reachable', checkedAt: CHECKED_AT - 1000 }),
    'connections.test': () => ok(check)
  })
  setApiForTests(main.bridge)
  off = connection.listen()
  await connection.load()
  render(SettingsScreen)
  const card = screen.getByRole('listitem', { name: 'Lab console' })
  await fireEvent.click(within(card).getByRole('button', { name: /^Test connection to / }))
  await waitFor(() => expect(within(card).getByRole('table')).toBeInTheDocument())
  return { main, card }
}

const keyRow = (card: HTMLElement, key: string) =>
  within(card)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(key))!

/**
 * Settings' key table never contradicts the one connection state (the sidebar's, "Now: …"): the token
 * lost keys on the console after the test, and the state says so; the table no longer says they are held.
 */
describe('the key table follows the connection state', () => {
  it('a key the state names missing after the test is no longer Allowed; the table says when it was checked', async () => {
    const { main, card } = await settingsAfterTest(everyKey)
    expect(keyRow(card, 'edit:credential')).toHaveTextContent('Allowed')

    main.emit('connections.reach', {
      profileId: 'lab',
      state: 'permissions',
      checkedAt: CHECKED_AT + 60_000,
      missing: ['edit:credential'],
      message: 'The API token lacks edit:credential.'
    })
    await waitFor(() => expect(within(card).getByTestId('profile-reach')).toHaveTextContent('Missing permissions'))
    await waitFor(() => expect(keyRow(card, 'edit:credential')).not.toHaveTextContent('Allowed'))
    expect(keyRow(card, 'edit:credential')).toHaveTextContent('Missing now')
    // The keys the state does not name keep what the test found, as of its time.
    expect(keyRow(card, 'edit:visitor')).toHaveTextContent('Allowed')
    expect(within(card).getByTestId('test-result')).not.toHaveTextContent('holds every permission key')
    // Its summary is no longer said as good news (green) beside the state that changed since.
    expect(within(card).getByTestId('test-result').querySelector('.ok-text')).toBeNull()
    // When it was checked, and that the state now differs, with a new test at hand.
    const line = within(card).getByTestId('check-time')
    expect(line).toHaveAttribute('data-differs', 'true')
    expect(line).toHaveTextContent(/Checked at .*The connection state has changed since/)
    expect(within(line).getByRole('button', { name: 'Test again: the connection to Lab console' })).toBeInTheDocument()
  })

  it('a state said before the test is older news: the test’s keys stand, with when they were checked', async () => {
    const { main, card } = await settingsAfterTest(everyKey)
    expect(within(card).getByTestId('check-time')).toHaveTextContent(/^Checked at \d/)
    main.emit('connections.reach', {
      profileId: 'lab',
      state: 'permissions',
      checkedAt: CHECKED_AT - 500,
      missing: ['edit:credential']
    })
    await waitFor(() => expect(within(card).getByTestId('profile-reach')).toHaveTextContent('Missing permissions'))
    expect(keyRow(card, 'edit:credential')).toHaveTextContent('Allowed')
    expect(within(card).getByTestId('check-time')).toHaveAttribute('data-differs', 'false')
  })

  it('a key the test found missing that a later Connected no longer names is not known now, never Missing beside Connected', async () => {
    const lacking: TokenCheck = {
      ...everyKey,
      permissions: everyKey.permissions.map((p) =>
        p.key === 'edit:credential' ? { ...p, status: 'missing' as const } : p
      )
    }
    const { main, card } = await settingsAfterTest(lacking)
    expect(keyRow(card, 'edit:credential')).toHaveTextContent('Missing')
    main.emit('connections.reach', { profileId: 'lab', state: 'reachable', checkedAt: CHECKED_AT + 60_000 })
    await waitFor(() => expect(keyRow(card, 'edit:credential')).toHaveTextContent('Not known now'))
    expect(within(card).getByTestId('check-time')).toHaveAttribute('data-differs', 'true')
  })
})
