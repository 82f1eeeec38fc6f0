import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { flushSync } from 'svelte'
import EnrollStatus from '../../../src/renderer/src/components/enroll/EnrollStatus.svelte'
import EnrollScreen from '../../../src/renderer/src/screens/EnrollScreen.svelte'
import {
  EnrollStore,
  enrollStore,
  readerChoices,
  PROVISIONED_CODE
} from '../../../src/renderer/src/stores/enroll.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { Device } from '../../../src/shared/access/devices'
import type { EnrollProgress } from '../../../src/shared/enroll/schemas'
import type { Envelope } from '../../../src/shared/ipc/define'
import { eventBridge, ok } from './event-bridge'

const device = (id: string, name: string, online: boolean, isReader = true, doorId: string | null = null): Device => ({
  id,
  name,
  type: 'UA-G2-PRO',
  alias: `HQ - ${name}`,
  capabilities: null,
  doorId,
  hubId: null,
  isReader,
  online,
  adopted: true
})

const progress = (p: Partial<EnrollProgress>): EnrollProgress => ({
  enrollmentId: 'e1',
  deviceId: 'd1',
  state: 'waiting',
  secondsLeft: 60,
  ...p
})

afterEach(() => vi.useRealTimers())

describe('reader choices', () => {
  it('keeps only readers, online first, named after their door when known', () => {
    const choices = readerChoices(
      [
        device('hub', 'Hub', true, false),
        device('d3', 'Zulu', false),
        device('d2', 'Mike', true, true, 'door1'),
        device('d1', 'Alpha', true)
      ],
      [{ id: 'door1', name: 'Front Door' } as never]
    )
    expect(choices.map((c) => [c.label, c.online])).toEqual([
      ['Front Door', true],
      ['HQ - Alpha', true],
      ['HQ - Zulu', false]
    ])
  })
})

describe('enrollment status', () => {
  it('applies progress that arrives before enroll.start answers, and ignores other enrollments', async () => {
    let release!: (e: Envelope) => void
    const { bridge, emit } = eventBridge({ 'enroll.start': () => new Promise((r) => (release = r)) })
    setApiForTests(bridge)
    const store = new EnrollStore()
    store.readers = readerChoices([device('d1', 'Alpha', true)])
    store.deviceId = 'd1'
    store.listen()
    const started = store.start()
    expect(store.phase).toBe('starting')
    // Main emits the first "waiting" while the start call is still on its way back.
    emit('enroll.progress', progress({ state: 'hold-longer', secondsLeft: 57 }))
    release(ok({ enrollmentId: 'e1' }))
    await started
    expect(store.phase).toBe('running')
    expect(store.progress?.state).toBe('hold-longer')
    expect(store.secondsLeft).toBe(57)
    emit('enroll.progress', progress({ enrollmentId: 'other', state: 'failed', secondsLeft: 0 }))
    expect(store.phase).toBe('running')
    emit('enroll.progress', progress({ state: 'done', secondsLeft: 40, card: { token: 't', cardId: '100200' } }))
    expect(store.phase).toBe('ended')
    expect(store.card).toEqual({ token: 't', cardId: '100200' })
  })

  it('counts down locally between polls', async () => {
    vi.useFakeTimers()
    const { bridge, emit } = eventBridge({ 'enroll.start': () => ok({ enrollmentId: 'e1' }) })
    setApiForTests(bridge)
    const store = new EnrollStore()
    store.readers = readerChoices([device('d1', 'Alpha', true)])
    store.deviceId = 'd1'
    store.listen()
    await store.start()
    emit('enroll.progress', progress({ secondsLeft: 30 }))
    expect(store.secondsLeft).toBe(30)
    vi.advanceTimersByTime(5_000)
    expect(store.secondsLeft).toBe(25)
  })

  it('renders the countdown, the hold-longer advice and a provisioned card as an error', () => {
    const view = render(EnrollStatus, {
      phase: 'running',
      progress: progress({ secondsLeft: 42 }),
      secondsLeft: 42,
      readerLabel: 'Front Door'
    })
    expect(screen.getByLabelText('Seconds left')).toHaveTextContent('42')
    expect(screen.getByTestId('enroll-status')).toHaveTextContent('Present the card to Front Door')
    view.rerender({
      phase: 'running',
      progress: progress({ state: 'hold-longer', secondsLeft: 20 }),
      secondsLeft: 20,
      readerLabel: 'Front Door'
    })
    expect(screen.getByTestId('enroll-status')).toHaveTextContent('Keep holding the card')
    view.rerender({
      phase: 'ended',
      progress: progress({
        state: 'failed',
        secondsLeft: 0,
        error: {
          kind: 'conflict',
          code: PROVISIONED_CODE,
          message: 'The card is enrolled at another site.',
          retryable: false
        }
      }),
      secondsLeft: null,
      readerLabel: 'Front Door'
    })
    expect(screen.getByRole('alert')).toHaveTextContent('The card is enrolled at another site.')
    expect(screen.queryByLabelText('Seconds left')).toBeNull()
  })
})

describe('Enroll screen', () => {
  it('marks offline readers, and after a provisioned card retries on the same reader with reset', async () => {
    const { bridge, calls, emit } = eventBridge({
      'sites.devices': () => ok({ items: [device('d2', 'Server room', false), device('d1', 'Front', true)] }),
      'sites.doors': () => ok({ items: [] }),
      'enroll.start': (input) => ok({ enrollmentId: (input as { resetCard: boolean }).resetCard ? 'e2' : 'e1' })
    })
    setApiForTests(bridge)
    enrollStore.reset()
    render(EnrollScreen)
    const radios = await screen.findAllByRole('radio')
    expect(radios.map((r) => (r as HTMLInputElement).disabled)).toEqual([false, true])
    expect(screen.getByText('offline')).toBeInTheDocument()
    expect(radios[0]).toBeChecked()

    await fireEvent.click(screen.getByRole('button', { name: /^Start/ }))
    await vi.waitFor(() => expect(enrollStore.phase).toBe('running'))
    emit(
      'enroll.progress',
      progress({
        deviceId: 'd1',
        state: 'failed',
        secondsLeft: 0,
        error: { kind: 'conflict', code: PROVISIONED_CODE, message: 'Enrolled elsewhere.', retryable: false }
      })
    )
    flushSync()
    const offer = await screen.findByTestId('offer-reset')
    expect(offer).toHaveTextContent('stop working at the other site')
    await fireEvent.click(screen.getByRole('button', { name: 'Retry with reset' }))
    await vi.waitFor(() => expect(enrollStore.enrollmentId).toBe('e2'))
    expect(calls.filter(([c]) => c === 'enroll.start').map(([, i]) => i)).toEqual([
      { deviceId: 'd1', resetCard: false },
      { deviceId: 'd1', resetCard: true }
    ])
    expect(screen.queryByTestId('offer-reset')).toBeNull()
  })
})
