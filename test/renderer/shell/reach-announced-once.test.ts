import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte'
import { tick } from 'svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { sayNow, type Said } from '../../../src/renderer/src/lib/said'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { ConsoleReach } from '../../../src/shared/connections'
import { ok } from '../enroll/event-bridge'
import { sidebarWithMain } from '../console/sidebar-main'

/** Every announcement made in the app's one live region (lib/action-outcome), in order. */
let said: string[] = []
beforeEach(() => {
  said = []
  vi.spyOn(announcer, 'say').mockImplementation((text: Said) => void said.push(sayNow(text)))
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  deskLanguage.choose(null)
})

const KEYS = [
  'edit:credential',
  'edit:user',
  'edit:visitor',
  'view:credential',
  'view:device',
  'view:space',
  'view:user',
  'view:visitor'
]
const lacking = (n: number): ConsoleReach => {
  const missing = KEYS.slice(0, n).sort()
  return {
    profileId: 'site',
    state: 'permissions',
    checkedAt: n + 1,
    message: `This token lacks ${missing.join(', ')}.`,
    missing
  }
}
/** The reason under the line for missing keys, as the desk says it from the keys main found (lib/i18n/reach-words). */
const keysWhy = (missing: string[]) =>
  `The API token lacks ${missing.length} permissions in all: ${new Intl.ListFormat('en', { type: 'conjunction' }).format([...missing].sort())}. Each screen names those it needs. Add them to the token on the console, or use Change token… in Settings.`
const settle = () => new Promise((resolve) => setTimeout(resolve, 500))

async function sidebarWith(first: ConsoleReach, answers: { reach?: () => ConsoleReach } = {}) {
  const main = await sidebarWithMain(() => ok(answers.reach ? answers.reach() : first))
  const line = screen.getByTestId('console-answers')
  await waitFor(() => expect(line).toHaveAttribute('data-state', first.state))
  return { main, line }
}

/**
 * The sidebar's connection line is not a live region: each change of the connection state is said once
 * in the app's one announcement, and nothing else about it is said — not the words of a language switch,
 * not "Checking…", not each key main's check finds one by one.
 */
describe('the connection state, announced once per change', () => {
  it('says a state found key by key once, with the whole list, and Connected at once when that comes', async () => {
    const { main, line } = await sidebarWith({ profileId: 'site', state: 'reachable', checkedAt: 1 })
    expect(said).toEqual([])
    for (let n = 1; n <= KEYS.length; n++) {
      main.emit('connections.reach', lacking(n))
      await tick()
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await waitFor(() => expect(line).toHaveTextContent(keysWhy(lacking(KEYS.length).missing!)))
    await settle()
    expect(said).toEqual([`The console: Missing permissions. ${keysWhy(lacking(KEYS.length).missing!)}`])

    said.length = 0
    main.emit('connections.reach', { profileId: 'site', state: 'reachable', checkedAt: 20 })
    await tick()
    expect(line).toHaveTextContent('Connected')
    expect(said).toEqual(['Connected'])
  })

  it('a language switch says nothing of the connection: the words change, the state does not', async () => {
    const { line } = await sidebarWith({ profileId: 'site', state: 'reachable', checkedAt: 1 })
    // A live region would read its new words out ("Verbunden") beside the language's own announcement.
    expect(line.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull()
    deskLanguage.choose('de')
    await waitFor(() => expect(line).toHaveTextContent('Verbunden'))
    await settle()
    expect(said).toEqual([])
  })

  it('Check again that finds the same state says so once, with its time; one that finds another says that', async () => {
    let answer: ConsoleReach = { profileId: 'site', state: 'unreachable', checkedAt: 1, message: 'No answer.' }
    const { main, line } = await sidebarWith(answer, { reach: () => answer })
    // The outage known at start is said once.
    expect(said).toEqual(['The console: Not answering. No answer.'])
    said.length = 0
    // Main says the state again during the check (each call's answer), as it does.
    main.answers['connections.reach'] = () => {
      main.emit('connections.reach', { ...answer, checkedAt: 2 })
      return ok({ ...answer, checkedAt: 3 })
    }
    await fireEvent.click(screen.getByRole('button', { name: 'Check again' }))
    await waitFor(() => expect(screen.getByTestId('rechecked')).toBeInTheDocument())
    await settle()
    expect(said).toHaveLength(1)
    expect(said[0]).toMatch(/^Checked again at \d{1,2}:\d\d( [AP]M)?: still not answering\.$/)

    said.length = 0
    answer = { profileId: 'site', state: 'trouble', checkedAt: 4, message: 'Errors.' }
    main.answers['connections.reach'] = () => ok(answer)
    await fireEvent.click(screen.getByRole('button', { name: 'Check again' }))
    await waitFor(() => expect(line).toHaveAttribute('data-state', 'trouble'))
    await settle()
    expect(said).toEqual(['The console: Answering with errors. Errors.'])
  })
})
