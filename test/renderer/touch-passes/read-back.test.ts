import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import AssignManyDialog from '../../../src/renderer/src/components/touch-passes/AssignManyDialog.svelte'
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
 * Giving a pass or taking it back when the console's answer was lost: whatever main answers (done,
 * read back; not done, read back; not known), the list row and the details show the pass as the
 * console holds it, and the words never say "not given" unless main read it so.
 */
beforeEach(() => {
  touchPasses.reset()
  touchPasses.status = ''
  announcer.message = ''
})
afterEach(() => cleanup())

const viktor = { id: 'u9', first_name: 'Viktor', last_name: 'Ng', full_name: 'Viktor Ng', user_email: 'v@example.com' }
const free = passOf('7', 'SUSPENDED')
const given: TouchPass = { ...free, status: 'PENDING', user_id: 'u9', user_name: 'Viktor Ng' }
/** Main's answer when it read the pass back and found the gift not done (read-back.ts). */
const notDone = (pass: TouchPass): Envelope => ({
  ok: false,
  error: {
    kind: 'network',
    code: 'ECONNRESET',
    message: "The console's answer was lost; reading the pass back shows it is still free.",
    hint: 'Nothing was changed on the console, so trying again is safe.',
    retryable: true,
    details: { answerLost: true, outcome: 'not-done', pass }
  }
})

async function openAndGive(assign: () => Envelope, extra: Parameters<typeof scriptedBridge>[0] = {}) {
  const { bridge, calls } = scriptedBridge({
    'touchPasses.list': () => ({ ok: true, result: { items: [free], total: 1 } }),
    'touchPasses.get': () => ({ ok: true, result: free }),
    'touchPasses.capabilities': () => ({ ok: true, result: { canEdit: true, canAssign: true } }),
    'users.search': () => ({ ok: true, result: { items: [viktor] } }),
    'users.list': () => ({ ok: true, result: { items: [viktor], total: 1 } }),
    'touchPasses.assign': assign,
    ...extra
  })
  setApiForTests(bridge)
  render(ActionAnnouncer)
  render(TouchPassesScreen)
  await fireEvent.click(await screen.findByRole('button', { name: free.card_id }))
  await fireEvent.click(await screen.findByRole('button', { name: 'Assign to a user…' }))
  const dialog = screen.getByRole('dialog')
  await fireEvent.input(within(dialog).getByLabelText('Find a user'), { target: { value: 'Viktor' } })
  await fireEvent.click(await within(dialog).findByText(/Viktor Ng/))
  await fireEvent.click(await within(dialog).findByRole('button', { name: 'Give the pass' }))
  return calls
}
const row = () => screen.getByRole('button', { name: free.card_id }).closest('tr')!

describe('Touch Pass given after a lost answer: the screen shows what main read back', () => {
  it('done, read back: said so, and the row and the details show the new holder', async () => {
    const calls = await openAndGive(() => ({ ok: true, result: { ...given, readBack: true } }))
    await waitFor(() =>
      expect(screen.getByTestId('action-announcer')).toHaveTextContent(
        "Pass given to Viktor Ng. The console's answer was lost, so this was read back from the console; nothing was sent twice."
      )
    )
    expect(screen.getByTestId('pass-holder')).toHaveTextContent('Viktor Ng')
    expect(row()).toHaveTextContent('Viktor Ng')
    expect(calls.filter(([c]) => c === 'touchPasses.assign')).toHaveLength(1)
  })

  it('not done, read back: "not given", safe to retry, and the row and details show the pass as read', async () => {
    const readBack: TouchPass = { ...free, status: 'INACTIVE' }
    await openAndGive(() => notDone(readBack))
    const error = await screen.findByTestId('assign-error')
    expect(error).toHaveTextContent('The pass was not given to the user.')
    expect(error).toHaveTextContent('trying again is safe')
    await waitFor(() => expect(row()).toHaveTextContent('Unassigned'))
    expect(screen.getByTestId('pass-details')).toHaveTextContent('Unassigned')
    expect(row()).not.toHaveTextContent('Suspended')
  })

  let reads = 0
  it('not known: never "not given"; the pass is read again and the row and details show what the console holds', async () => {
    await openAndGive(
      () => ({
        ok: false,
        error: {
          kind: 'server',
          code: 'HTTP_502',
          message: 'Bad gateway.',
          retryable: true,
          hint: 'The console may have done it before its answer was lost: look at the record or the list again before trying again, so it is not done twice.',
          details: { answerLost: true }
        }
      }),
      // Opened free; read again after the lost answer, the console shows it given.
      { 'touchPasses.get': () => ({ ok: true, result: reads++ === 0 ? free : given }) }
    )
    const error = await screen.findByTestId('assign-error')
    expect(error).toHaveTextContent('It is not known whether the pass was given to the user.')
    expect(error).not.toHaveTextContent('was not given')
    await waitFor(() => expect(row()).toHaveTextContent('Viktor Ng'))
    expect(screen.getByTestId('pass-holder')).toHaveTextContent('Viktor Ng')
  })
})

describe('Give passes to several users after a lost answer', () => {
  const ada = { id: 'u1', first_name: 'Ada', last_name: 'Okafor', full_name: 'Ada Okafor', user_email: 'a@example.com' }
  const ben = { id: 'u2', first_name: 'Ben', last_name: 'Ng', full_name: 'Ben Ng', user_email: 'b@example.com' }
  async function giveBoth(answer: () => Envelope, extra: Parameters<typeof scriptedBridge>[0] = {}) {
    const { bridge, calls } = scriptedBridge({
      'touchPasses.assignable': () => ({
        ok: true,
        result: { items: [passOf('1', 'INACTIVE'), passOf('2', 'INACTIVE')] }
      }),
      'users.search': (input) => ({
        ok: true,
        result: { items: [ada, ben].filter((u) => u.full_name.includes((input as { keyword: string }).keyword)) }
      }),
      'touchPasses.assignToUsers': answer,
      ...extra
    })
    setApiForTests(bridge)
    render(ActionAnnouncer)
    render(AssignManyDialog, { onclose: vi.fn(), ondone: vi.fn() })
    for (const name of ['Ada Okafor', 'Ben Ng']) {
      await fireEvent.input(screen.getByLabelText('Add a user'), { target: { value: name } })
      await fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }))
    }
    await fireEvent.click(screen.getByRole('button', { name: 'Give 2 passes' }))
    return calls
  }

  it('read back by main: who got a pass and who did not, said once', async () => {
    await giveBoth(() => ({
      ok: true,
      result: { items: [{ ...passOf('1', 'PENDING'), user_id: 'u1' }], readBack: true, notGiven: ['u2'] }
    }))
    const done = await screen.findByTestId('assign-many-done')
    expect(done).toHaveTextContent(
      "becomes active then. The console's answer was lost, so this was read back from the console; nothing was sent twice."
    )
    expect(screen.getByTestId('assign-many-not-given')).toHaveTextContent('No pass was given to Ben Ng')
    await waitFor(() =>
      expect(screen.getByTestId('action-announcer')).toHaveTextContent(
        "1 pass given. The console's answer was lost, so this was read back from the console; nothing was sent twice."
      )
    )
  })

  it('not known: the chosen users are read again first, so a pass the first try gave shows on them', async () => {
    const calls = await giveBoth(
      () => ({
        ok: false,
        error: {
          kind: 'server',
          code: 'HTTP_502',
          message: 'Bad gateway.',
          retryable: true,
          details: { answerLost: true }
        }
      }),
      {
        'users.get': (input) => {
          const id = (input as { id: string }).id
          const pass = { ...passOf(id === 'u1' ? '1' : '2', 'PENDING'), user_id: id }
          return { ok: true, result: { ...(id === 'u1' ? ada : ben), touch_pass: pass } }
        }
      }
    )
    await waitFor(() => expect(screen.getAllByTestId('chosen-holds')).toHaveLength(2))
    expect(screen.getByTestId('chosen-holding')).toHaveTextContent('Ada Okafor and Ben Ng')
    // Off, and still a Tab stop that says why (FormFooter's submitOff).
    expect(screen.getByRole('button', { name: 'Give 2 passes' })).toHaveAttribute('aria-disabled', 'true')
    expect(calls.filter(([c]) => c === 'touchPasses.assignToUsers')).toHaveLength(1)
  })
})
