import '@testing-library/jest-dom/vitest'
import { beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import TouchPassDetails from '../../../src/renderer/src/components/touch-passes/TouchPassDetails.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { passOf } from './pass-fixture'

type Sent = { id: string; edit: { base: Record<string, unknown>; changes: Record<string, unknown> } }

describe('Touch Pass rename: the name only, with the name the details opened with; a clash is chosen first', () => {
  beforeEach(() => {
    touchPasses.reset()
    announcer.message = ''
  })

  it('sends the name alone; a name changed on the console meanwhile is shown, nothing sent until chosen', async () => {
    const pass = passOf('7', 'ACTIVE', 'Spare 1')
    const answers: unknown[] = [
      { outcome: 'conflicts', conflicts: [{ field: 'card_name', yours: 'Front desk', theirs: 'Reception iPad' }] },
      { outcome: 'saved', record: { ...pass, card_name: 'Reception iPad' }, sent: [] }
    ]
    const sent: Sent[] = []
    const { bridge } = scriptedBridge({
      'touchPasses.rename': (input) => {
        sent.push(input as Sent)
        return { ok: true, result: answers.shift() }
      }
    })
    setApiForTests(bridge)
    render(ActionAnnouncer)
    render(TouchPassDetails, { pass })
    await fireEvent.input(screen.getByLabelText('Name on the pass'), { target: { value: 'Front desk ' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Rename' }))

    const dialog = await screen.findByRole('dialog', { name: 'Changed on the console while you were editing' })
    expect(sent).toEqual([{ id: '7', edit: { base: { card_name: 'Spare 1' }, changes: { card_name: 'Front desk' } } }])
    const keep = within(dialog).getByRole('radio', { name: /Keep the console's: Reception iPad/ })
    expect(keep).toHaveFocus()
    expect(within(dialog).getByRole('radio', { name: /Use yours: Front desk/ })).toBeInTheDocument()

    // Keeping the console's name leaves nothing to write: the name is sent as kept (never written), held to
    // the name read, so a console that renamed it again meanwhile asks again.
    await fireEvent.click(keep)
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Save with these choices' }))
    await expect.poll(() => sent.length).toBe(2)
    expect(sent[1]!.edit).toEqual({
      base: { card_name: 'Reception iPad' },
      changes: { card_name: 'Front desk' },
      keep: ['card_name']
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    // Nothing was written on the console: not "Name saved".
    await waitFor(() => expect(screen.getByTestId('action-announcer')).toHaveTextContent('Name kept as on the console'))
    expect(screen.getByTestId('action-announcer')).not.toHaveTextContent('Name saved')
  })
})
