import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import { flushSync } from 'svelte'
import EnrollScreen from '../../../src/renderer/src/screens/EnrollScreen.svelte'
import { enrollStore, PROVISIONED_CODE } from '../../../src/renderer/src/stores/enroll.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { frontReader } from './reader-fixture'
import { eventBridge, ok } from './event-bridge'

const reader = frontReader()

afterEach(() => cleanup())

describe('Enroll: a card enrolled at another site', () => {
  it('is said once, with "Retry with reset" (and its warning) as the one primary action, never the default', async () => {
    const { bridge, calls, emit } = eventBridge({
      'sites.devices': () => ok({ items: [reader] }),
      'sites.doors': () => ok({ items: [] }),
      'enroll.capabilities': () => ok({ canEnroll: true }),
      'enroll.start': () => ok({ enrollmentId: 'e1' })
    })
    setApiForTests(bridge)
    enrollStore.reset()
    render(EnrollScreen)
    await screen.findAllByRole('radio')
    await fireEvent.click(screen.getByRole('button', { name: /^Start/ }))
    await vi.waitFor(() => expect(enrollStore.phase).toBe('running'))
    emit('enroll.progress', {
      enrollmentId: 'e1',
      deviceId: 'd1',
      state: 'failed',
      secondsLeft: 0,
      // As main reports it: the console's code, in the error model's words (error-codes.ts).
      error: {
        kind: 'conflict',
        code: PROVISIONED_CODE,
        message: 'This card is enrolled at another site.',
        hint: 'Enroll again with "reset card" to take it over; it stops working at the other site.',
        retryable: false
      }
    })
    flushSync()

    expect(screen.getAllByText(/enrolled at another site/i)).toHaveLength(1)
    const offer = screen.getByTestId('offer-reset')
    expect(offer).toHaveTextContent('the card will stop working at the other site and work here instead')
    // The way on is beside the message; "Enroll next" (the same card, no reset) is not offered.
    expect(within(offer).getByRole('button', { name: 'Retry with reset' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Enroll next/ })).toBeNull()
    const primaries = screen.getAllByRole('button').filter((b) => /primary/.test(b.className))
    expect(primaries.map((b) => b.textContent)).toEqual(['Retry with reset'])
    expect(document.activeElement).not.toBe(within(offer).getByRole('button', { name: 'Retry with reset' }))
    // Enter starts nothing: the reset is never a default, and the same card would fail again without it.
    await fireEvent.keyDown(document.body, { key: 'Enter' })
    expect(calls.filter(([c]) => c === 'enroll.start')).toHaveLength(1)

    await fireEvent.click(within(offer).getByRole('button', { name: 'Retry with reset' }))
    await vi.waitFor(() =>
      expect(calls.filter(([c]) => c === 'enroll.start').map(([, i]) => i)).toEqual([
        { deviceId: 'd1', resetCard: false },
        { deviceId: 'd1', resetCard: true }
      ])
    )
  })
})
