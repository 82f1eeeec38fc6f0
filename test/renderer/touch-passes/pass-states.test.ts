import { beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import TouchPassDetails from '../../../src/renderer/src/components/touch-passes/TouchPassDetails.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import type { TouchPass } from '../../../src/shared/access/touch-passes'
import { scriptedBridge } from '../../support/fake-bridge'

const watch = {
  bundle_id: 'b1',
  bundle_status: 'ACTIVE',
  device_id: 'd1',
  device_name: "Ada's Pixel Watch",
  device_type: 20,
  source: 'google'
}
const held: TouchPass = {
  id: 'p1',
  card_id: '3B9A-11C0-7DE2-4F18',
  card_name: '',
  status: 'ACTIVE',
  user_id: 'u1',
  user_name: 'Ada Ng',
  user_email: 'ada@x.test',
  user_avatar: '',
  user_status: 'ACTIVE',
  bundles: [watch]
}
const unassigned = { user_id: '', user_name: '', user_email: '', bundles: [] }
const statusButton = () => screen.queryByRole('button', { name: /^(Suspend|Activate)$/ })

describe('Touch Pass details: the status changes offered follow the pass', () => {
  beforeEach(() => {
    touchPasses.reset()
    setApiForTests(scriptedBridge({}).bridge)
  })

  it('offers no Activate on a pass waiting for its user, and says why', () => {
    render(TouchPassDetails, { pass: { ...held, status: 'PENDING', bundles: [] } })
    expect(statusButton()).toBeNull()
    expect(screen.getByTestId('status-why')).toHaveTextContent(
      'the pass waits for Ada Ng to add it to their phone, and becomes active then'
    )
    expect(screen.getByText('Waiting for the user')).toBeInTheDocument()
  })

  it('offers no Activate on a pass nobody holds, inactive or suspended, and says why', () => {
    for (const status of ['INACTIVE', 'SUSPENDED'] as const) {
      const view = render(TouchPassDetails, { pass: { ...held, ...unassigned, status } })
      expect(statusButton()).toBeNull()
      expect(screen.getByTestId('status-why')).toHaveTextContent('nobody holds this pass. Give it to a user')
      expect(screen.getByRole('button', { name: 'Assign to a user…' })).toBeEnabled()
      view.unmount()
    }
  })

  it('offers Suspend on an active pass and Activate on a suspended pass someone holds; none on an expired one', () => {
    let view = render(TouchPassDetails, { pass: held })
    expect(statusButton()).toHaveAccessibleName('Suspend')
    view.unmount()
    view = render(TouchPassDetails, { pass: { ...held, status: 'SUSPENDED' } })
    expect(statusButton()).toHaveAccessibleName('Activate')
    view.unmount()
    render(TouchPassDetails, { pass: { ...held, status: 'EXPIRED' } })
    expect(statusButton()).toBeNull()
    expect(screen.getByTestId('status-why')).toHaveTextContent('An expired pass cannot be activated or suspended.')
  })
})

describe('Touch Pass details: a status change says what happened', () => {
  beforeEach(() => touchPasses.reset())

  it('announces a suspension, then an activation, in a live region', async () => {
    const { bridge, calls } = scriptedBridge({
      'touchPasses.setStatus': (input) => {
        const status = (input as { status: 'ACTIVE' | 'SUSPENDED' }).status
        return { ok: true, result: { ...held, status, bundles: [{ ...watch, bundle_status: status }] } }
      }
    })
    setApiForTests(bridge)
    const view = render(TouchPassDetails, { pass: held })
    const region = screen.getByTestId('status-changed')
    expect(region).toHaveAttribute('role', 'status')
    expect(region).toHaveTextContent('')
    await fireEvent.click(screen.getByRole('button', { name: 'Suspend' }))
    await within(region).findByText('Pass 3B9A-11C0-7DE2-4F18 suspended: its devices stop opening doors.')
    // The store has the changed pass; the details follow it as the screen does.
    await view.rerender({ pass: touchPasses.selected ?? { ...held, status: 'SUSPENDED' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Activate' }))
    await within(region).findByText('Pass 3B9A-11C0-7DE2-4F18 activated: its devices open doors again.')
    expect(calls.map(([c, input]) => [c, (input as { status: string }).status])).toEqual([
      ['touchPasses.setStatus', 'SUSPENDED'],
      ['touchPasses.setStatus', 'ACTIVE']
    ])
  })
})

describe('Touch Pass details: words, not the console’s codes', () => {
  beforeEach(() => touchPasses.reset())

  it('removes a device after a confirmation, with no “unbundle” in sight', async () => {
    const { bridge, calls } = scriptedBridge({
      'touchPasses.unbundle': () => ({ ok: true, result: { ...held, bundles: [] } })
    })
    setApiForTests(bridge)
    render(TouchPassDetails, { pass: held })
    const row = screen.getByRole('row', { name: /Pixel Watch/ })
    expect(row).toHaveTextContent('Opens doors')
    expect(document.body).not.toHaveTextContent(/unbundl/i)
    await fireEvent.click(within(row).getByRole('button', { name: 'Remove device…' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove this device from the pass?' })
    expect(calls).toEqual([])
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Remove device' }))
    expect(calls).toEqual([['touchPasses.unbundle', { id: 'p1', bundleId: 'b1' }]])
  })
})
