import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import AssignManyDialog from '../../../src/renderer/src/components/touch-passes/AssignManyDialog.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'
import { passOf } from './pass-fixture'

const user = (id: string, first: string, held?: string) => ({
  id,
  first_name: first,
  last_name: 'Ng',
  full_name: `${first} Ng`,
  user_email: `${first.toLowerCase()}@example.com`,
  touch_pass: held ? { id: `p-${id}`, card_id: held, status: 'ACTIVE', bundles: [] } : null
})
const freePass = (id: string) => passOf(id, 'INACTIVE')

async function choose(name: string) {
  await fireEvent.input(screen.getByLabelText('Add a user'), { target: { value: name } })
  await fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }))
}

describe('Give Touch Passes to several users (§3.27)', () => {
  it('says who already holds a pass, and shows a refusal with the reason and what to do', async () => {
    const people = [user('u1', 'Ada'), user('u2', 'Ben', '9C48-8F49-0B95-5DA5')]
    const { bridge, calls } = scriptedBridge({
      'touchPasses.assignable': () => ({ ok: true, result: { items: [freePass('1'), freePass('2')] } }),
      'users.search': (input) => ({
        ok: true,
        result: { items: people.filter((p) => p.full_name.includes((input as { keyword: string }).keyword)) }
      }),
      'touchPasses.assignToUsers': (): Envelope => ({
        ok: false,
        error: {
          kind: 'conflict',
          code: 'CODE_OPERATION_FORBIDDEN',
          message: 'The console does not allow this operation. Ben Ng already holds Touch Pass 9C48-8F49-0B95-5DA5',
          retryable: false
        }
      })
    })
    setApiForTests(bridge)
    render(AssignManyDialog, { onclose: vi.fn(), ondone: vi.fn() })
    expect(await screen.findByTestId('free-passes')).toHaveTextContent('2 passes are unassigned now.')
    await choose('Ada Ng')
    await fireEvent.input(screen.getByLabelText('Add a user'), { target: { value: 'Ben Ng' } })
    expect(await screen.findByRole('button', { name: /Ben Ng/ })).toHaveTextContent(
      'already holds Touch Pass 9C48-8F49-0B95-5DA5'
    )
    await fireEvent.click(screen.getByRole('button', { name: /Ben Ng/ }))
    expect(screen.getByTestId('chosen-users')).toHaveTextContent('Ada Ng')
    // Marked in the chosen list too, with what would happen; nothing is sent while Ben is listed.
    expect(screen.getAllByTestId('chosen-holds')).toHaveLength(1)
    expect(screen.getByTestId('chosen-holds')).toHaveTextContent('already holds Touch Pass 9C48-8F49-0B95-5DA5')
    expect(screen.getByTestId('chosen-holds').closest('li')).toHaveTextContent('Ben Ng')
    expect(screen.getByTestId('chosen-holding')).toHaveTextContent(
      'the console would refuse the whole batch while Ben Ng is listed. Remove them'
    )
    expect(screen.getByRole('button', { name: 'Give 2 passes' })).toHaveAttribute('aria-disabled', 'true')
    await fireEvent.click(screen.getByRole('button', { name: 'Remove Ben Ng' }))
    expect(screen.queryByTestId('chosen-holding')).toBeNull()

    // A holder the search did not know of: the console's refusal, with the reason and what to do.
    await fireEvent.click(screen.getByRole('button', { name: 'Give 1 pass' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The console refused to give the passes.')
    expect(alert).toHaveTextContent('already holds Touch Pass')
    expect(alert).toHaveTextContent('Remove the user who already holds a pass')
    expect(calls.filter(([c]) => c === 'touchPasses.assignToUsers')).toEqual([
      ['touchPasses.assignToUsers', { users: [{ id: 'u1' }] }]
    ])
    await fireEvent.click(screen.getByRole('button', { name: 'Remove Ada Ng' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('will not ask for more passes than are free', async () => {
    const people = [user('u1', 'Ada'), user('u2', 'Ben')]
    const { bridge, calls } = scriptedBridge({
      'touchPasses.assignable': () => ({ ok: true, result: { items: [freePass('1')] } }),
      'users.search': (input) => ({
        ok: true,
        result: { items: people.filter((p) => p.full_name.includes((input as { keyword: string }).keyword)) }
      })
    })
    setApiForTests(bridge)
    render(AssignManyDialog, { onclose: vi.fn(), ondone: vi.fn() })
    await screen.findByTestId('free-passes')
    await choose('Ada Ng')
    await choose('Ben Ng')
    expect(screen.getByTestId('too-few-free')).toHaveTextContent('Only 1 pass is unassigned for 2 users')
    expect(screen.getByRole('button', { name: 'Give 2 passes' })).toHaveAttribute('aria-disabled', 'true')
    expect(calls.some(([c]) => c === 'touchPasses.assignToUsers')).toBe(false)
  })
})
