import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import EnrollScreen from '../../../src/renderer/src/screens/EnrollScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { enrollStore } from '../../../src/renderer/src/stores/enroll.svelte'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { EnrollProgress } from '../../../src/shared/enroll/schemas'
import { frontReader } from './reader-fixture'
import { eventBridge, ok } from './event-bridge'

const progress = (p: Partial<EnrollProgress>): EnrollProgress => ({
  enrollmentId: 'e1',
  deviceId: 'd1',
  state: 'waiting',
  secondsLeft: 60,
  ...p
})

afterEach(() => {
  cleanup()
  enrollStore.reset()
})

const announcement = () => screen.getByTestId('action-announcer')

/**
 * Enroll says what happened in the app's one live region (not in status lines of its own), and the
 * focus goes to the next step: the search for whoever gets the card just enrolled, then Enroll next.
 */
describe('Enroll says each outcome once, in the one live region, and the focus goes on', () => {
  it('waiting, enrolled, given: each said; the focus on Cancel, the search, then Enroll next', async () => {
    const { bridge, emit, calls } = eventBridge({
      'sites.devices': () => ok({ items: [frontReader()] }),
      'sites.doors': () => ok({ items: [] }),
      'enroll.capabilities': () => ok({ canEnroll: true }),
      'enroll.start': () => ok({ enrollmentId: 'e1' }),
      'users.search': () =>
        ok({ items: [{ id: 'u1', first_name: 'Priya', last_name: 'Ng', full_name: 'Priya Ng' }], total: 1 }),
      'visitors.list': () => ok({ items: [], total: 0 }),
      'enroll.assign': () => ok({})
    })
    setApiForTests(bridge)
    forgetConsoleData()
    render(ActionAnnouncer)
    render(EnrollScreen)
    await screen.findAllByRole('radio')
    await fireEvent.click(screen.getByRole('button', { name: /^Start/ }))
    await waitFor(() => expect(announcement()).toHaveTextContent('Present the card to'))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel (Esc)' }))
    // The countdown is not a live region: its every second would be read out.
    const status = screen.getByTestId('enroll-status')
    expect(status.querySelector('[role="status"], [aria-live]')).toBeNull()

    emit('enroll.progress', progress({ state: 'done', secondsLeft: 40, card: { token: 't1', cardId: '100042' } }))
    await waitFor(() => expect(announcement()).toHaveTextContent('Card 100042 enrolled'))
    const search = screen.getByRole('searchbox', { name: 'Find a user or visitor' })
    expect(document.activeElement).toBe(search)
    expect(status.querySelector('[role="status"], [aria-live]')).toBeNull()

    await fireEvent.input(search, { target: { value: 'Priya' } })
    await fireEvent.click(await screen.findByRole('option', { name: /Priya Ng/ }, { timeout: 2000 }))
    // The pick chooses Priya, said once, the focus on Give the card; the button sends.
    const give = screen.getByRole('button', { name: 'Give the card' })
    await waitFor(() => expect(announcement()).toHaveTextContent('To Priya Ng (user)'))
    expect(document.activeElement).toBe(give)
    expect(calls.filter(([c]) => c === 'enroll.assign')).toHaveLength(0)
    await fireEvent.click(give)
    await waitFor(() => expect(announcement()).toHaveTextContent('Card 100042 now belongs to Priya Ng'))
    expect(calls.filter(([c]) => c === 'enroll.assign')).toHaveLength(1)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Enroll next/ }))
    const given = screen.getByTestId('assigned-to')
    expect(given).not.toHaveAttribute('role')
    expect(within(given).getByText('Priya Ng')).toBeTruthy()
  })

  it('no card in time: said, and the focus on Start again (nothing was enrolled, so nothing is "next")', async () => {
    const { bridge } = eventBridge({
      'sites.devices': () => ok({ items: [frontReader()] }),
      'sites.doors': () => ok({ items: [] }),
      'enroll.capabilities': () => ok({ canEnroll: true }),
      'enroll.start': () => ok({ enrollmentId: 'e2' })
    })
    setApiForTests(bridge)
    forgetConsoleData()
    render(ActionAnnouncer)
    render(EnrollScreen)
    await screen.findAllByRole('radio')
    await fireEvent.click(screen.getByRole('button', { name: /^Start/ }))
    await waitFor(() => expect(enrollStore.phase).toBe('running'))
    // The store follows enroll.progress once for the app (the first test's bridge): main's event, given here.
    enrollStore.onProgress(progress({ enrollmentId: 'e2', state: 'timeout', secondsLeft: 0 }))
    await waitFor(() => expect(announcement()).toHaveTextContent('No card was read in time.'))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Start again (Enter)' }))
    expect(screen.queryByRole('button', { name: /Enroll next/ })).toBeNull()
  })

  it('Esc stops a wait where no card was read: the button starts again, it does not say "Enroll next"', async () => {
    const { bridge } = eventBridge({
      'sites.devices': () => ok({ items: [frontReader()] }),
      'sites.doors': () => ok({ items: [] }),
      'enroll.capabilities': () => ok({ canEnroll: true }),
      'enroll.start': () => ok({ enrollmentId: 'e3' }),
      // Main answers that the wait was already over: the screen says it stopped.
      'enroll.cancel': () => ok({ cancelled: false })
    })
    setApiForTests(bridge)
    forgetConsoleData()
    render(ActionAnnouncer)
    render(EnrollScreen)
    await screen.findAllByRole('radio')
    await fireEvent.click(screen.getByRole('button', { name: /^Start/ }))
    await waitFor(() => expect(enrollStore.phase).toBe('running'))
    await fireEvent.keyDown(document.body, { key: 'Escape' })
    await waitFor(() => expect(announcement()).toHaveTextContent('Stopped.'))
    const again = screen.getByRole('button', { name: 'Start again (Enter)' })
    expect(document.activeElement).toBe(again)
    expect(screen.queryByRole('button', { name: /Enroll next/ })).toBeNull()
  })
})
