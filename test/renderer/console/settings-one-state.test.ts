import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import SettingsScreen from '../../../src/renderer/src/screens/SettingsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import type { TokenCheck } from '../../../src/shared/connections'
import { eventBridge, ok } from '../enroll/event-bridge'
import { profileFixture } from '../../support/profile-fixture'

const fingerprint = Array.from({ length: 32 }, () => 'AA').join(':')
const lab = profileFixture('lab', 'Lab console', { url: 'https://10.0.0.5:12445', fingerprint256: fingerprint })
const works: TokenCheck = {
  ok: true,
  url: lab.url,
  latencyMs: 9,
  checkedAt: 1,
  permissions: [{ key: 'view:credential', status: 'allowed', uses: 'list cards' }]
}

let off: () => void = () => undefined
afterEach(() => {
  serviceLink.take('connected')
  off()
  cleanup()
  connection.results = {}
})

/**
 * Settings says the active console's one connection state, as the sidebar does, and a test's
 * "Connected to …" is not left beside a console that no longer answers (issue 31: Settings kept its old
 * "Connected" line until Test connection was pressed again).
 */
describe('Settings shows the one connection state', () => {
  it('a test’s Connected gives way to the state main says now; Connected again shows it again', async () => {
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [lab], activeId: 'lab' }),
      'connections.certificate': () => ok({ id: 'lab', pinned: fingerprint, presented: null, changed: false }),
      'connections.reach': () => ok({ profileId: 'lab', state: 'reachable', checkedAt: 1 }),
      'connections.test': () => ok(works)
    })
    setApiForTests(main.bridge)
    off = connection.listen()
    await connection.load()
    render(SettingsScreen)
    const card = screen.getByRole('listitem', { name: 'Lab console' })
    await fireEvent.click(within(card).getByRole('button', { name: /^Test connection to / }))
    await waitFor(() => expect(within(card).getByTestId('test-result')).toHaveTextContent('Connected to'))
    await waitFor(() => expect(within(card).getByTestId('profile-reach')).toHaveTextContent('Connected'))

    main.emit('connections.reach', { profileId: 'lab', state: 'unreachable', checkedAt: 2, message: 'No answer.' })
    await waitFor(() => expect(within(card).getByTestId('profile-reach')).toHaveTextContent('Not answering'))
    expect(within(card).getByTestId('profile-reach')).toHaveTextContent('No answer.')
    expect(within(card).getByTestId('test-result')).not.toHaveTextContent('Connected to')

    main.emit('connections.reach', { profileId: 'lab', state: 'reachable', checkedAt: 3 })
    await waitFor(() => expect(within(card).getByTestId('profile-reach')).toHaveTextContent('Connected'))
    expect(within(card).getByTestId('test-result')).toHaveTextContent('Connected to')
  })

  it('while web mode’s service is down the card says so, never "Connected" (issue 31), and says Connected once back', async () => {
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [lab], activeId: 'lab' }),
      'connections.certificate': () => ok({ id: 'lab', pinned: fingerprint, presented: null, changed: false }),
      'connections.reach': () => ok({ profileId: 'lab', state: 'reachable', checkedAt: 1 }),
      'connections.test': () => ok(works)
    })
    setApiForTests(main.bridge)
    serviceLink.take('connected')
    off = connection.listen()
    await connection.load()
    render(SettingsScreen)
    const card = screen.getByRole('listitem', { name: 'Lab console' })
    await fireEvent.click(within(card).getByRole('button', { name: /^Test connection to / }))
    await waitFor(() => expect(within(card).getByTestId('test-result')).toHaveTextContent('Connected to'))
    await waitFor(() => expect(within(card).getByTestId('profile-reach')).toHaveTextContent('Now: Connected'))

    // The tab loses the service: main's last word about the console ("reachable") is no news.
    serviceLink.take('lost')
    await waitFor(() =>
      expect(within(card).getByTestId('profile-reach')).toHaveTextContent("Now: Access Desk's service is not answering")
    )
    expect(within(card).getByTestId('profile-reach')).toHaveAttribute('data-state', 'service')
    expect(card).not.toHaveTextContent(/Connected/)

    serviceLink.take('connected')
    await waitFor(() => expect(within(card).getByTestId('profile-reach')).toHaveTextContent('Now: Connected'))
  })
})
