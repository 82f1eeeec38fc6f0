import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import type { Component } from 'svelte'
import ConsoleReachLine from '../../../src/renderer/src/components/ConsoleReachLine.svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import EnrollScreen from '../../../src/renderer/src/screens/EnrollScreen.svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import ErrorNotice from '../../../src/renderer/src/components/ErrorNotice.svelte'
import { AppError } from '../../../src/shared/errors'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { sayNow, type Said } from '../../../src/renderer/src/lib/said'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { Envelope } from '../../../src/shared/ipc/define'
import { eventBridge, ok } from '../enroll/event-bridge'

/** Why the console cannot be used, as main says it in the sidebar's state and in each failed call. */
const REASON = 'Nothing answers at 10.0.0.2:12445'
/** What to do about it: main's check puts it after the state in the sidebar, and each failed call carries it. */
const ADVICE =
  'Check that the console is on, that this computer is on its network and the address is right, then try again (no restart needed).'

let said: string[] = []
let off = () => undefined as void
beforeEach(() => {
  said = []
  vi.spyOn(announcer, 'say').mockImplementation((text: Said) => void said.push(sayNow(text)))
})
afterEach(() => {
  off()
  cleanup()
  vi.restoreAllMocks()
  forgetConsoleData()
})

const screens: [string, Component][] = [
  ['Today', TodayScreen as Component],
  ['Visitors', VisitorsScreen as Component],
  ['Cards', CardsScreen as Component],
  ['Touch Passes', TouchPassesScreen as Component],
  ['PINs', PinsScreen as Component],
  ['Enroll', EnrollScreen as Component],
  ['Import', ImportScreen as Component]
]

/**
 * One place says why the console cannot be used — the sidebar — and it is announced once. Every screen's
 * panels that failed to read for it say at most that they are not available: the reason is not written
 * again on the screen (Today wrote it twice, Cards up to six times), nor announced again by their alerts.
 */
describe('the console down: its reason and advice written once and announced once, on every screen', () => {
  for (const [name, Screen] of screens) {
    it(name, async () => {
      const down = (): Envelope => ({
        ok: false,
        error: { kind: 'network', message: `Could not reach the console: ${REASON}.`, hint: ADVICE, retryable: true }
      })
      const main = eventBridge({
        'connections.list': () => ok({ profiles: [], activeId: 'site' }),
        'connections.reach': () =>
          ok({ profileId: 'site', state: 'unreachable', checkedAt: 1, message: `${REASON}. ${ADVICE}` })
      })
      // Every other call fails as a console that does not answer fails.
      const answers = main.answers as Record<string, (input: unknown) => Envelope>
      const bridge = eventBridge(
        new Proxy(answers, {
          get: (target, channel: string) => target[channel] ?? down
        })
      )
      setApiForTests(bridge.bridge)
      off = connection.listen()
      await connection.load()
      render(ConsoleReachLine)
      render(Screen)
      await waitFor(() => expect(screen.getByTestId('console-answers')).toHaveAttribute('data-state', 'unreachable'))
      // The screen's reads have failed by now, each said where it is (at least "not available").
      await new Promise((resolve) => setTimeout(resolve, 1000))

      const written = (document.body.textContent ?? '').split(REASON).length - 1
      expect(written, document.body.textContent ?? '').toBe(1)
      // Nor the advice: the sidebar gives it; a panel's quiet notice says only what is its own.
      const advised = (document.body.textContent ?? '').split(ADVICE).length - 1
      expect(advised, document.body.textContent ?? '').toBe(1)
      const alerts = [...document.querySelectorAll('[role="alert"], [aria-live="assertive"]')].filter((el) =>
        (el.textContent ?? '').includes(REASON)
      )
      expect(alerts).toHaveLength(0)
      expect(said.filter((words) => words.includes(REASON))).toHaveLength(1)
    })
  }
})

/**
 * An action's failure during the outage is its outcome, not a panel's read: "Test connection", a save or a
 * print the person asked for keeps its own words and is said as an alert (Settings' Test connection said
 * only "not available" while the console was down, hiding why).
 */
describe('the console down: an action’s failure still says what happened', () => {
  it('a notice without `read` keeps its words and is an alert; with `read` it is quiet', async () => {
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok({ profileId: 'site', state: 'unreachable', checkedAt: 1, message: REASON })
    })
    setApiForTests(main.bridge)
    off = connection.listen()
    await connection.load()
    const error = new AppError({ kind: 'network', message: `Could not reach the console: ${REASON}.`, retryable: true })
    render(ErrorNotice, { error })
    render(ErrorNotice, { error, read: true })
    await waitFor(() => expect(document.querySelectorAll('.error[data-outage="true"]')).toHaveLength(1))
    const [action, read] = [...document.querySelectorAll('.error')]
    expect(action).toHaveAttribute('role', 'alert')
    expect(action).toHaveTextContent(REASON)
    expect(read).not.toHaveAttribute('role')
    expect(read).not.toHaveTextContent(REASON)
  })
})
