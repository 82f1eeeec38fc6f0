import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import type { TouchPass } from '../../../src/shared/access/touch-passes'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'
import { passOf } from './pass-fixture'

/**
 * Renaming or suspending a pass when the console's answer was lost: whatever main answers (done,
 * read back; not done, read back; not known), the words say which, and the list row and the details
 * show the pass as the console holds it — as giving and taking back do (read-back.test.ts).
 */
beforeEach(() => {
  touchPasses.reset()
  touchPasses.status = ''
  announcer.message = ''
})
afterEach(() => cleanup())

const active: TouchPass = { ...passOf('7', 'ACTIVE', 'Old name'), user_id: 'u9', user_name: 'Viktor Ng' }
const lost = (details: Record<string, unknown>, message = 'Bad gateway.'): Envelope => ({
  ok: false,
  error: {
    kind: 'server',
    code: 'HTTP_502',
    message,
    retryable: true,
    hint: 'Nothing was changed on the console, so trying again is safe.',
    details: { answerLost: true, ...details }
  }
})

async function open(extra: Parameters<typeof scriptedBridge>[0]) {
  const { bridge, calls } = scriptedBridge({
    'touchPasses.list': () => ({ ok: true, result: { items: [active], total: 1 } }),
    'touchPasses.get': () => ({ ok: true, result: active }),
    'touchPasses.capabilities': () => ({ ok: true, result: { canEdit: true, canAssign: true } }),
    ...extra
  })
  setApiForTests(bridge)
  render(ActionAnnouncer)
  render(TouchPassesScreen)
  await fireEvent.click(await screen.findByRole('button', { name: active.card_id }))
  return calls
}
const row = () => screen.getByRole('button', { name: active.card_id }).closest('tr')!
async function renameTo(name: string) {
  await fireEvent.input(screen.getByLabelText('Name on the pass'), { target: { value: name } })
  await fireEvent.click(screen.getByRole('button', { name: 'Rename' }))
}

describe('Touch Pass renamed after a lost answer', () => {
  it('done, read back: "Name saved", said as read back; sent once', async () => {
    const calls = await open({
      'touchPasses.rename': () => ({
        ok: true,
        result: { outcome: 'saved', sent: ['card_name'], record: { ...active, card_name: 'Spare', readBack: true } }
      })
    })
    await renameTo('Spare')
    await waitFor(() =>
      expect(screen.getByTestId('action-announcer')).toHaveTextContent(
        "Name saved. The console's answer was lost, so this was read back from the console; nothing was sent twice."
      )
    )
    expect(calls.filter(([c]) => c === 'touchPasses.rename')).toHaveLength(1)
  })

  it('not done, read back: "not renamed", safe to try again, and the details show the name as read', async () => {
    const readBack = { ...active, card_name: 'Old name', status: 'SUSPENDED' as const }
    await open({
      'touchPasses.rename': () =>
        lost(
          { outcome: 'not-done', pass: readBack },
          'The console\'s answer was lost; reading the pass back shows it is still named "Old name".'
        )
    })
    await renameTo('Spare')
    const error = await screen.findByTestId('pass-action-error')
    expect(error).toHaveTextContent('The pass was not renamed.')
    expect(error).toHaveTextContent('trying again is safe')
    await waitFor(() => expect(row()).toHaveTextContent('Suspended'))
  })

  let reads = 0
  it('not known: never "not renamed"; the pass is read again and shows what the console holds', async () => {
    await open({
      'touchPasses.rename': () => lost({}),
      'touchPasses.get': () => ({ ok: true, result: reads++ === 0 ? active : { ...active, card_name: 'Spare' } })
    })
    await renameTo('Spare')
    const error = await screen.findByTestId('pass-action-error')
    expect(error).toHaveTextContent('It is not known whether the pass was renamed.')
    expect(error).not.toHaveTextContent('was not renamed')
    await waitFor(() => expect(row()).toHaveTextContent('Spare'))
  })
})

describe('Touch Pass suspended after a lost answer', () => {
  it('done, read back: said suspended and read back; the row shows it suspended', async () => {
    await open({
      'touchPasses.setStatus': () => ({ ok: true, result: { ...active, status: 'SUSPENDED', readBack: true } })
    })
    await fireEvent.click(screen.getByRole('button', { name: 'Suspend' }))
    await waitFor(() =>
      expect(screen.getByTestId('status-changed')).toHaveTextContent(
        "suspended: its devices stop opening doors. The console's answer was lost, so this was read back from the console; nothing was sent twice."
      )
    )
    expect(row()).toHaveTextContent('Suspended')
  })

  it('not done, read back: "not suspended", safe to try again; the row shows it as read', async () => {
    await open({
      'touchPasses.setStatus': () =>
        lost(
          { outcome: 'not-done', pass: { ...active, card_name: 'Renamed elsewhere' } },
          "The console's answer was lost; reading the pass back shows it is still active."
        )
    })
    await fireEvent.click(screen.getByRole('button', { name: 'Suspend' }))
    const error = await screen.findByTestId('pass-action-error')
    expect(error).toHaveTextContent('The pass was not suspended.')
    expect(error).toHaveTextContent('trying again is safe')
    await waitFor(() => expect(row()).toHaveTextContent('Renamed elsewhere'))
  })

  it('not known: "not known whether the pass was suspended"; the pass is read again', async () => {
    // Active until the lost suspend (the pass may be read more than once as it opens), suspended after.
    let sent = false
    await open({
      'touchPasses.setStatus': () => ((sent = true), lost({})),
      'touchPasses.get': () => ({ ok: true, result: sent ? { ...active, status: 'SUSPENDED' } : active })
    })
    await fireEvent.click(screen.getByRole('button', { name: 'Suspend' }))
    const error = await screen.findByTestId('pass-action-error')
    expect(error).toHaveTextContent('It is not known whether the pass was suspended.')
    await waitFor(() => expect(row()).toHaveTextContent('Suspended'))
  })
})
