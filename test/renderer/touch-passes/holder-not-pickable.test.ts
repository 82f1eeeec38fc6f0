import '@testing-library/jest-dom/vitest'
import { describe, expect, it, vi } from 'vitest'
import { englishWords } from '../../support/english-words'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import SearchPicker from '../../../src/renderer/src/components/common/SearchPicker.svelte'
import { userSource } from '../../../src/renderer/src/components/common/picker-sources'
import { heldPassNote, passUserSource } from '../../../src/renderer/src/components/touch-passes/refusals'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'

const omar = {
  id: 'u1',
  first_name: 'Omar',
  last_name: 'Okafor',
  full_name: 'Omar Okafor',
  user_email: 'omar@example.com',
  touch_pass: { id: 'tp-1', card_id: 'TP-0007' }
}
const rosa = { id: 'u2', first_name: 'Rosa', last_name: 'Jensen', full_name: 'Rosa Jensen' }
const found = (...users: object[]): Envelope => ({ ok: true, result: { items: users } })

/**
 * Issue 31 F8: giving a pass, a user who already holds one could be picked and the console refused.
 * They are shown with their pass but refused before anything is sent, in the screen's words; the
 * refusal goes when a new search is typed.
 */
const passWords = englishWords('touchPasses')

describe('Touch Pass → Find a user: a user who holds a pass', () => {
  it('is shown with the pass, cannot be picked, and the refusal clears on a new search', async () => {
    const { bridge, calls } = scriptedBridge({
      'users.search': (input) => ((input as { keyword: string }).keyword === 'Omar' ? found(omar) : found(rosa))
    })
    setApiForTests(bridge)
    const onpick = vi.fn()
    render(SearchPicker, {
      source: passUserSource(
        userSource((user) => heldPassNote(user, passWords)),
        passWords
      ),
      label: 'Find a user',
      onpick
    })
    const field = screen.getByLabelText('Find a user')
    await fireEvent.input(field, { target: { value: 'Omar' } })
    const row = await screen.findByRole('button', { name: /Omar Okafor.*already holds Touch Pass TP-0007/ })
    expect(row).toHaveAttribute('aria-disabled', 'true')
    await fireEvent.click(row)
    expect(onpick).not.toHaveBeenCalled()
    expect(screen.getByTestId('pick-refused')).toHaveTextContent(
      'Omar Okafor already holds Touch Pass TP-0007: a user holds at most one.'
    )
    expect(calls.map(([channel]) => channel)).toEqual(['users.search'])

    await fireEvent.input(field, { target: { value: 'Rosa' } })
    await screen.findByRole('button', { name: /Rosa Jensen/ })
    await waitFor(() => expect(screen.queryByTestId('pick-refused')).toBeNull())
    await fireEvent.click(screen.getByRole('button', { name: /Rosa Jensen/ }))
    expect(onpick).toHaveBeenCalledWith(expect.objectContaining({ id: 'u2' }))
  })
})
