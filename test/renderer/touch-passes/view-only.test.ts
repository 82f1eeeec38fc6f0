import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'

describe('Touch Passes with a view-only token', () => {
  it('lists passes but turns buying off, naming the missing permission key', async () => {
    const { bridge } = scriptedBridge({
      'touchPasses.list': () => ({ ok: true, result: { items: [], total: 0 } }),
      'touchPasses.capabilities': () => ({
        ok: true,
        result: {
          canEdit: false,
          missingPermission: 'edit:credential',
          canAssign: false,
          assignMissingPermission: 'edit:user'
        }
      })
    })
    setApiForTests(bridge)
    render(TouchPassesScreen)
    expect(await screen.findByTestId('passes-empty')).toHaveTextContent('no Touch Passes yet')
    expect(await screen.findByTestId('permission-note')).toHaveTextContent('edit:credential')
    const buy = screen.getByRole('button', { name: 'Buy passes…' })
    expect(buy).toBeDisabled()
    expect(buy).toHaveAttribute('title', 'Needs the permission edit:credential')
    const giveMany = screen.getByRole('button', { name: 'Give passes to users…' })
    expect(giveMany).toBeDisabled()
    expect(giveMany).toHaveAttribute('title', 'Needs the permission edit:user')
  })

  it('shows a failed list as an error with its hint and a retry', async () => {
    const { bridge } = scriptedBridge({
      'touchPasses.list': () => ({
        ok: false,
        error: {
          kind: 'unsupported',
          message: 'This console does not offer Fetch Touch Pass list (E9).',
          hint: 'Update the Access application.',
          retryable: false
        }
      }),
      'touchPasses.capabilities': () => ({ ok: true, result: { canEdit: true } })
    })
    setApiForTests(bridge)
    render(TouchPassesScreen)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('does not offer')
    expect(alert).toHaveTextContent('Update the Access application.')
  })
})
