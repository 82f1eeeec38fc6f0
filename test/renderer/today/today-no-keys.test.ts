import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { envelopedTodayView } from '../../support/today-window'
import { row, viewOf } from './today-bridge'

afterEach(() => {
  cleanup()
  today.reset()
})

/** Main's refusal of the list for a token without view:visitor, as its access client words it. */
const refused = {
  ok: false as const,
  error: {
    kind: 'permission',
    code: 'CODE_UNAUTHORIZED',
    message: 'The API token lacks the permission `view:visitor` needed for List visitors (§4.4).',
    details: { permission: 'view:visitor' },
    retryable: false
  }
}

function bridgeWith(list: () => unknown) {
  const ok = (result: unknown) => ({ ok: true as const, result })
  const { bridge } = scriptedBridge({
    'today.list': list as never,
    // The screen asks main for windows of the list (today.view), cut from what today.list reads.
    'today.view': envelopedTodayView(list as never) as never,
    'today.watch': () =>
      ok({
        kind: 'polling',
        everySeconds: 15,
        reason: 'the token cannot open the notifications',
        why: { key: 'noKey', permission: 'view:device' }
      }),
    'today.unwatch': () => ok({ stopped: true }),
    'today.settings': () => ok({ walkInDoors: [] }),
    'today.capabilities': () => ok({ missing: ['edit:visitor'] }),
    'kiosk.checkins': () => ok({ items: [] })
  })
  setApiForTests(bridge)
}

/**
 * The walk, with a token that holds no key: Today's header said "updates every 15 s" while the list could
 * not be read, and the refusal's key showed in raw backticks. Every banner shows a message's names as code
 * (components/common/CodedText.svelte, the one renderer of backticked names).
 */
describe('Today with a token that cannot read the list', () => {
  it('the header says the list cannot be read and which key is missing, not that it updates', async () => {
    bridgeWith(() => refused)
    const { container } = render(TodayScreen)
    const source = screen.getByTestId('today-source')
    await waitFor(() => expect(source).toHaveTextContent('the list cannot be read'))
    expect(source).not.toHaveTextContent(/every 15 s/)
    expect(within(source).getByText('view:visitor').tagName).toBe('CODE')
    expect(container.textContent).not.toContain('`')
  })

  it('a list held from before: its banner names the key as code, never in raw backticks', async () => {
    let answer: () => unknown = () => ({ ok: true, result: viewOf([row({ id: 'a', name: 'Ann Berg' })]) })
    bridgeWith(() => answer())
    const { container } = render(TodayScreen)
    await screen.findByRole('button', { name: 'Ann Berg' })
    answer = () => refused
    await today.load()
    const held = await screen.findByTestId('today-held')
    expect(within(held).getByText('view:visitor').tagName).toBe('CODE')
    expect(container.textContent).not.toContain('`')
  })
})
