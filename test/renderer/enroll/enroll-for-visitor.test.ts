import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
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
  enrollStore.forOwner = null
  enrollStore.reset()
})

/**
 * Visitors' "Enroll a new card" opens Enroll for that visitor (the reception walk, issue 31): the card
 * enrolled was given to whoever a fresh search found, and a user "Lena Ng" listed above the visitor "Lena
 * Vogel" took it. Enroll now says whom the card is for, offers her by name first, and a finished card of
 * an earlier enrollment is not shown as hers.
 */
describe('Enroll opened from a visitor', () => {
  it('says whom the card is for, offers her first, and gives it to her (the visitor, not a namesake)', async () => {
    const { bridge, emit, calls } = eventBridge({
      'sites.devices': () => ok({ items: [frontReader()] }),
      'sites.doors': () => ok({ items: [] }),
      'enroll.capabilities': () => ok({ canEnroll: true }),
      'enroll.start': () => ok({ enrollmentId: 'e1' }),
      'users.search': () => ok({ items: [], total: 0 }),
      'visitors.list': () => ok({ items: [], total: 0 }),
      'enroll.assign': () => ok({ assigned: true })
    })
    setApiForTests(bridge)
    forgetConsoleData()
    // An earlier enrollment's card, already given to someone else: not to be offered for her.
    enrollStore.onProgress(progress({ enrollmentId: 'old', state: 'done', card: { token: 't0', cardId: '100001' } }))
    enrollStore.enrollFor({ type: 'visitor', id: 'v-lena', name: 'Lena Vogel' })
    expect(enrollStore.card).toBeNull()
    render(ActionAnnouncer)
    render(EnrollScreen)
    await screen.findAllByRole('radio')
    expect(screen.getByTestId('enroll-for')).toHaveTextContent('The card you enroll now is for Lena Vogel (visitor).')
    await fireEvent.click(screen.getByRole('button', { name: /^Start/ }))
    await waitFor(() => expect(enrollStore.phase).toBe('running'))
    emit('enroll.progress', progress({ state: 'done', secondsLeft: 40, card: { token: 't1', cardId: '100042' } }))
    const give = await screen.findByRole('button', { name: 'Give it to Lena Vogel (visitor)' })
    await waitFor(() => expect(document.activeElement).toBe(give))
    expect(screen.getByRole('searchbox', { name: 'Or find someone else' })).toBeTruthy()
    await fireEvent.click(give)
    await waitFor(() => expect(calls.filter(([c]) => c === 'enroll.assign')).toHaveLength(1))
    const [, sent] = calls.find(([c]) => c === 'enroll.assign')!
    expect(sent).toEqual({
      token: 't1',
      owner: { type: 'visitor', id: 'v-lena', name: 'Lena Vogel' },
      cardId: '100042',
      force: false
    })
    await screen.findByTestId('assigned-to')
    // Given: the next card enrolled here is for whoever is picked.
    expect(enrollStore.forOwner).toBeNull()
  })
})
