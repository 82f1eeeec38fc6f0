import { beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import TouchPassDetails from '../../../src/renderer/src/components/touch-passes/TouchPassDetails.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import type { TouchPass } from '../../../src/shared/access/touch-passes'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'

const base: TouchPass = {
  id: 'p1',
  card_id: '3B9A-11C0-7DE2-4F18',
  card_name: '',
  status: 'ACTIVE',
  user_id: '',
  user_name: '',
  user_email: '',
  user_avatar: '',
  user_status: '',
  bundles: [
    {
      bundle_id: 'b1',
      bundle_status: 'ACTIVE',
      device_id: 'd1',
      device_name: "Ada's Pixel Watch",
      device_type: 20,
      source: 'google'
    }
  ]
}
const free: TouchPass = { ...base, id: 'p2', status: 'INACTIVE', bundles: [] }
const user = { id: 'u1', first_name: 'Chloe', last_name: 'Okafor', full_name: 'Chloe Okafor', user_email: 'c@x.test' }

const refusedByRule: Envelope = {
  ok: false,
  error: {
    kind: 'conflict',
    code: 'CODE_OPERATION_FORBIDDEN',
    message: 'The console does not allow this operation. Chloe Okafor already holds Touch Pass 9C48-8F49-0B95-5DA5',
    retryable: false,
    details: { endpoint: 'userAssignTouchPass', status: 400 }
  }
}
/** A rename main wrote (only the changed name was sent). */
const renamed = (pass: TouchPass): Envelope => ({
  ok: true,
  result: { outcome: 'saved', record: pass, sent: ['card_name'] }
})

/** The buttons that change a pass (edit:credential), by their names. */
const editButtons = () => [
  screen.getByRole('button', { name: 'Rename' }),
  ...screen.queryAllByRole('button', { name: /^(Suspend|Activate)$/ }),
  ...screen.queryAllByRole('button', { name: 'Remove device…' })
]

describe('Touch Pass details: a refusal concerns the refused action only', () => {
  beforeEach(() => touchPasses.reset())

  it('shows a refused assignment in the dialog with the reason and what to do; nothing else is turned off', async () => {
    const { bridge, calls } = scriptedBridge({
      'users.search': () => ({ ok: true, result: { items: [user] } }),
      'touchPasses.assign': () => refusedByRule,
      'touchPasses.rename': (input) => {
        const { changes } = (input as { edit: { changes: { card_name: string } } }).edit
        return renamed({ ...free, ...changes })
      }
    })
    setApiForTests(bridge)
    render(TouchPassDetails, { pass: free })
    await fireEvent.click(screen.getByRole('button', { name: 'Assign to a user…' }))
    const dialog = screen.getByRole('dialog')
    await fireEvent.input(within(dialog).getByLabelText('Find a user'), { target: { value: 'Chloe' } })
    await fireEvent.click(await within(dialog).findByRole('button', { name: /Chloe Okafor/ }))
    await fireEvent.click(await within(dialog).findByRole('button', { name: 'Give the pass' }))

    const refused = await within(dialog).findByTestId('assign-error')
    expect(refused).toHaveTextContent('The pass was not given to the user.')
    expect(refused).toHaveTextContent('Chloe Okafor already holds Touch Pass')
    expect(refused).toHaveTextContent('Pick another user, or take back the pass this user holds first.')
    expect(refused).not.toHaveTextContent(/permission/)
    expect(touchPasses.editBlocked).toBeNull()
    expect(touchPasses.assignBlocked).toBeNull()

    // Closed: the refusal stays with the dialog; every action is still on, and works.
    await fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText(/need/)).toBeNull()
    for (const button of editButtons()) expect(button).not.toHaveAccessibleDescription()
    expect(screen.getByTestId('status-why')).toHaveTextContent('nobody holds this pass')
    expect(screen.getByRole('button', { name: 'Assign to a user…' })).toBeEnabled()
    await fireEvent.input(screen.getByLabelText('Name on the pass'), { target: { value: 'Spare' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Rename' }))
    await waitFor(() => expect(calls.map(([c]) => c)).toContain('touchPasses.rename'))
  })

  it('a console rule refusing a status change is said for that change, with the other actions left on', async () => {
    const { bridge } = scriptedBridge({
      'touchPasses.setStatus': () => ({
        ok: false,
        error: {
          kind: 'conflict',
          code: 'CODE_OPERATION_FORBIDDEN',
          message: 'The console does not allow this operation. an expired Touch Pass cannot change status',
          retryable: false
        }
      })
    })
    setApiForTests(bridge)
    render(TouchPassDetails, { pass: base })
    await fireEvent.click(screen.getByRole('button', { name: 'Suspend' }))
    const refused = await screen.findByTestId('pass-action-error')
    expect(refused).toHaveTextContent('The pass was not suspended.')
    expect(refused).toHaveTextContent('an expired Touch Pass cannot change status')
    expect(refused).toHaveTextContent('Open the pass again')
    for (const button of editButtons()) expect(button).not.toHaveAccessibleDescription()
    expect(screen.getByRole('button', { name: 'Remove device…' })).toBeEnabled()
  })

  it('a permission error with no key named turns nothing off', async () => {
    const { bridge } = scriptedBridge({
      'touchPasses.setStatus': () => ({
        ok: false,
        error: { kind: 'permission', message: 'The API token may not perform this action.', retryable: false }
      })
    })
    setApiForTests(bridge)
    render(TouchPassDetails, { pass: base })
    await fireEvent.click(screen.getByRole('button', { name: 'Suspend' }))
    expect(await screen.findByTestId('pass-action-error')).toHaveTextContent('The pass was not suspended.')
    expect(touchPasses.editBlocked).toBeNull()
    for (const button of editButtons()) expect(button).not.toHaveAccessibleDescription()
    expect(screen.getByRole('button', { name: 'Suspend' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Remove device…' })).toBeEnabled()
  })

  it('a 403 naming edit:user turns off giving and taking back only; one naming edit:credential the edits', async () => {
    const forbidden = (permission: string): Envelope => ({
      ok: false,
      error: {
        kind: 'permission',
        code: 'HTTP_403',
        message: `The API token lacks the permission ${permission}.`,
        retryable: false,
        details: { permission, status: 403 }
      }
    })
    const { bridge } = scriptedBridge({
      'touchPasses.unassign': () => forbidden('edit:user'),
      'touchPasses.setStatus': () => forbidden('edit:credential')
    })
    setApiForTests(bridge)
    render(TouchPassDetails, { pass: { ...base, user_id: 'u1', user_name: 'Ada Ng' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Take back from user…' }))
    // Asked first; the refusal is shown in the question, and Cancel goes back to the pass.
    await fireEvent.click(screen.getByRole('button', { name: 'Take back the pass' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Take back from user…' })).toBeDisabled())
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('button', { name: 'Take back from user…' })).toHaveAccessibleDescription(/edit:user/)
    for (const button of editButtons()) expect(button).not.toHaveAccessibleDescription()
    expect(screen.getByRole('button', { name: 'Suspend' })).toBeEnabled()

    await fireEvent.click(screen.getByRole('button', { name: 'Suspend' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Suspend' })).toBeDisabled())
    for (const button of editButtons()) expect(button).toHaveAccessibleDescription(/edit:credential/)
  })

  it('labels device types as the console’s codes, and every column header has a name', () => {
    setApiForTests(scriptedBridge({}).bridge)
    render(TouchPassDetails, { pass: base })
    const row = screen.getByRole('row', { name: /Pixel Watch/ })
    expect(row).toHaveTextContent('type 20')
    expect(row).toHaveTextContent('Google Wallet')
    expect(screen.getByRole('columnheader', { name: /Device type/ })).toHaveTextContent('console’s code')
    for (const header of screen.getAllByRole('columnheader')) expect(header.textContent?.trim()).not.toBe('')
  })
})
