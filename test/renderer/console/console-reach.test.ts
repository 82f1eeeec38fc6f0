import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/svelte'
import { BatchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import type { ConsoleReach } from '../../../src/shared/connections'
import { ok } from '../enroll/event-bridge'
import { sidebarWithMain } from './sidebar-main'
import { profileFixture } from '../../support/profile-fixture'

const site = profileFixture('site', 'Site', { url: 'https://10.0.0.2:12445', tokenStorage: 'encrypted' })
const notAnswering: ConsoleReach = {
  profileId: 'site',
  state: 'unreachable',
  checkedAt: 1,
  message: 'The console at https://10.0.0.2:12445 is unreachable: it did not answer.'
}

describe('the console line in the sidebar', () => {
  it('says the console does not answer and why; Check again asks main, and the line follows', async () => {
    let next: ConsoleReach = notAnswering
    const main = await sidebarWithMain(() => ok(next), [site])

    const line = screen.getByTestId('console-answers')
    await waitFor(() => expect(line).toHaveTextContent('Not answering'))
    expect(line).toHaveTextContent('it did not answer')
    next = { profileId: 'site', state: 'reachable', checkedAt: 2 }
    await fireEvent.click(screen.getByRole('button', { name: 'Check again' }))
    await waitFor(() => expect(line).toHaveTextContent('Connected'))
    expect(main.calls.filter(([c]) => c === 'connections.reach').at(-1)![1]).toEqual({ recheck: true })
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull()

    // Main's later checks reach the line too; another console's answer is not this one's.
    main.emit('connections.reach', { profileId: 'site', state: 'refused', checkedAt: 3, message: 'Refused.' })
    await waitFor(() => expect(line).toHaveTextContent('Token refused'))
    main.emit('connections.reach', { profileId: 'other', state: 'reachable', checkedAt: 4 })
    await new Promise((r) => setTimeout(r, 20))
    expect(line).toHaveTextContent('Token refused')
  })

  it('every state main says is the line’s and the Import panel’s alike: one state, one store', async () => {
    const main = await sidebarWithMain({ profileId: 'site', state: 'reachable', checkedAt: 1 }, [site])
    const batches = new BatchesStore()
    const line = screen.getByTestId('console-answers')
    const cases: [ConsoleReach, string, string][] = [
      [{ profileId: 'site', state: 'reachable', checkedAt: 2 }, 'Connected', 'ok'],
      [
        {
          profileId: 'site',
          state: 'permissions',
          checkedAt: 3,
          missing: ['view:credential', 'view:visitor'],
          message: 'The console refuses what needs view:credential, view:visitor: the API token lacks them.'
        },
        'Missing permissions',
        'ok'
      ],
      [{ ...notAnswering, checkedAt: 4 }, 'Not answering', 'unreachable'],
      [{ profileId: 'site', state: 'refused', checkedAt: 5, message: 'Refused.' }, 'Token refused', 'ok'],
      [
        { profileId: 'site', state: 'certificate', checkedAt: 6, message: 'Other.' },
        'Certificate changed',
        'unreachable'
      ],
      [{ profileId: 'site', state: 'trouble', checkedAt: 7, message: 'HTTP 500.' }, 'Answering with errors', 'ok']
    ]
    for (const [reach, words, panel] of cases) {
      main.emit('connections.reach', reach)
      await waitFor(() => expect(line).toHaveTextContent(words))
      // Missing keys are said from the keys main found, in the desk's words; any other reason is main's.
      const why = reach.missing
        ? `The API token lacks ${reach.missing.length} permission${reach.missing.length === 1 ? '' : 's'} in all: ${new Intl.ListFormat('en', { type: 'conjunction' }).format([...reach.missing].sort())}.`
        : reach.message
      if (why) expect(line).toHaveTextContent(why)
      expect(line).toHaveAttribute('data-state', reach.state)
      expect(batches.reach.state, reach.state).toBe(panel)
      if (batches.reach.state === 'unreachable') expect(batches.reach.error.message).toBe(reach.message)
    }
    expect(line).not.toHaveTextContent('Connected')
  })
})
