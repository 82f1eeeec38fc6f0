import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import { flushSync } from 'svelte'
import EnrollScreen from '../../../src/renderer/src/screens/EnrollScreen.svelte'
import AssignCard from '../../../src/renderer/src/components/enroll/AssignCard.svelte'
import { EnrollStore, enrollStore, readerChoices } from '../../../src/renderer/src/stores/enroll.svelte'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { AppError } from '../../../src/shared/errors'
import { frontReader } from './reader-fixture'
import type { EnrollProgress } from '../../../src/shared/enroll/schemas'
import { eventBridge, ok } from './event-bridge'

const reader = frontReader()
const progress = (p: Partial<EnrollProgress>): EnrollProgress => ({
  enrollmentId: 'e1',
  deviceId: 'd1',
  state: 'waiting',
  secondsLeft: 60,
  ...p
})

afterEach(() => cleanup())

describe('Enroll with a view-only token', () => {
  it('keeps Start off and names the missing key, before anything is sent', async () => {
    const { bridge, calls } = eventBridge({
      'sites.devices': () => ok({ items: [reader] }),
      'sites.doors': () => ok({ items: [] }),
      'enroll.capabilities': () => ok({ canEnroll: false, missingPermission: 'edit:credential' }),
      'enroll.start': () => ok({ enrollmentId: 'e1' })
    })
    setApiForTests(bridge)
    forgetConsoleData()
    render(EnrollScreen)
    const note = await screen.findByTestId('permission-note')
    expect(note).toHaveTextContent('edit:credential')
    expect(note.textContent).not.toContain('`')
    const start = screen.getByRole('button', { name: /^Start/ })
    expect(start).toBeDisabled()
    await fireEvent.keyDown(document.body, { key: 'Enter' })
    expect(calls.map(([c]) => c)).not.toContain('enroll.start')
  })
})

describe('Enroll messages', () => {
  it('show permission keys as code, never as raw backticks', () => {
    render(AssignCard, {
      cardId: '21639505',
      assigning: false,
      assignedTo: null,
      pendingOwner: null,
      onassign: () => undefined,
      error: new AppError({
        kind: 'permission',
        message: 'The API token lacks the permission `edit:user` needed for assigning a card.',
        hint: 'Add `edit:user` to the token.'
      })
    })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).not.toContain('`')
    expect([...alert.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['edit:user', 'edit:user'])
  })
})

describe('Enroll after a console switch', () => {
  it("drops the previous console's refusal and outcome", async () => {
    const { bridge } = eventBridge({
      'sites.devices': () => ok({ items: [reader] }),
      'sites.doors': () => ok({ items: [] })
    })
    setApiForTests(bridge)
    forgetConsoleData()
    render(EnrollScreen)
    await screen.findAllByRole('radio')
    // The previous console refused the card (the store's progress listener is app-wide, set once).
    enrollStore.phase = 'ended'
    enrollStore.enrollmentId = 'e1'
    enrollStore.progress = progress({
      state: 'failed',
      secondsLeft: 0,
      error: { kind: 'unsupported', message: 'This card type is not supported by the reader.', retryable: false }
    })
    enrollStore.startError = new AppError({ kind: 'network', message: 'The reader is offline.' })
    flushSync()
    expect(screen.getAllByRole('alert').length).toBeGreaterThan(0)

    expect(enrollStore.phase).toBe('ended')
    forgetConsoleData()
    flushSync()
    expect(screen.queryAllByRole('alert')).toEqual([])
    expect(enrollStore.startError).toBeNull()
    expect(enrollStore.progress).toBeNull()
    expect(enrollStore.phase).toBe('idle')
  })
})

describe('Enroll status', () => {
  it('stays on "keep holding" when a late poll answer says no card yet', async () => {
    const { bridge, emit } = eventBridge({ 'enroll.start': () => ok({ enrollmentId: 'e1' }) })
    setApiForTests(bridge)
    const store = new EnrollStore()
    store.readers = readerChoices([reader])
    store.deviceId = 'd1'
    store.listen()
    await store.start()
    emit('enroll.progress', progress({ state: 'hold-longer', secondsLeft: 50 }))
    emit('enroll.progress', progress({ state: 'waiting', secondsLeft: 49 }))
    expect(store.progress?.state).toBe('hold-longer')
    expect(store.secondsLeft).toBe(49)
    emit('enroll.progress', progress({ state: 'done', secondsLeft: 45, card: { token: 't', cardId: '1' } }))
    expect(store.phase).toBe('ended')
  })
})
