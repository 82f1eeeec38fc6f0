import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import TouchPassDetails from '../../../src/renderer/src/components/touch-passes/TouchPassDetails.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { passOf } from './pass-fixture'

/**
 * Taking a pass back offers to clear the name it kept ("Also clear the name “Kofi's phone”"): ticked at
 * first only when the name names the holder, and the outcome says what became of the name with the take back.
 */
beforeEach(() => {
  touchPasses.reset()
  announcer.message = ''
})
afterEach(() => cleanup())

const heldAs = (card_name: string, user_name = 'Kofi Mensah') => ({
  ...passOf('7', 'ACTIVE', card_name),
  user_id: 'u-kofi',
  user_name
})
const freed = { ...passOf('7', 'INACTIVE'), user_id: '', user_name: '' }

async function askTakeBack(pass: ReturnType<typeof heldAs>, answer: unknown = freed) {
  const sent: unknown[] = []
  const { bridge } = scriptedBridge({
    'touchPasses.unassign': (input) => {
      sent.push(input)
      return { ok: true, result: answer }
    }
  })
  setApiForTests(bridge)
  render(ActionAnnouncer)
  render(TouchPassDetails, { pass })
  await fireEvent.click(screen.getByRole('button', { name: 'Take back from user…' }))
  return { dialog: screen.getByRole('dialog'), sent }
}

describe('taking a pass back: “Also clear the name”', () => {
  for (const [name, holder, ticked] of [
    ["Kofi's phone", 'Kofi Mensah', true],
    ['MENSAH iPhone', 'Kofi Mensah', true],
    ['Lobby spare 3', 'Kofi Mensah', false],
    ['Hall pass', 'Al Ng', false]
  ] as const) {
    it(`“${name}” held by ${holder}: ${ticked ? 'ticked' : 'not ticked'} at first`, async () => {
      const { dialog } = await askTakeBack(heldAs(name, holder))
      const box = within(dialog).getByRole('checkbox', { name: `Also clear the name “${name}”` })
      expect((box as HTMLInputElement).checked).toBe(ticked)
      // The question's safe answer keeps the focus, not the choice in it.
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    })
  }

  it('a pass without a name offers nothing to clear, and sends no clearName', async () => {
    const { dialog, sent } = await askTakeBack(heldAs(''))
    expect(within(dialog).queryByRole('checkbox')).toBeNull()
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Take back the pass' }))
    await waitFor(() => expect(sent).toEqual([{ id: '7', userId: 'u-kofi', seen: { holderId: 'u-kofi' } }]))
  })

  it('unticked by the person: the name is not sent to be cleared', async () => {
    const { dialog, sent } = await askTakeBack(heldAs("Kofi's phone"))
    await fireEvent.click(within(dialog).getByRole('checkbox'))
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Take back the pass' }))
    await waitFor(() => expect(sent).toEqual([{ id: '7', userId: 'u-kofi', seen: { holderId: 'u-kofi' } }]))
    await waitFor(() =>
      expect(screen.getByTestId('action-announcer')).toHaveTextContent('Pass taken back from Kofi Mensah')
    )
  })

  it('cleared: the outcome says both', async () => {
    const { dialog, sent } = await askTakeBack(heldAs("Kofi's phone"), { ...freed, name: 'cleared' })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Take back the pass' }))
    await waitFor(() =>
      expect(screen.getByTestId('pass-done')).toHaveTextContent(
        "Pass taken back from Kofi Mensah; its name “Kofi's phone” was cleared"
      )
    )
    expect(sent).toEqual([{ id: '7', userId: 'u-kofi', seen: { holderId: 'u-kofi' }, clearName: "Kofi's phone" }])
    expect(document.activeElement).toBe(screen.getByTestId('pass-holder'))
  })

  it('taken back but the rename refused: the outcome says both, with why', async () => {
    const nameError = { kind: 'server', message: 'The console failed.', retryable: true }
    const { dialog } = await askTakeBack(heldAs("Kofi's phone"), {
      ...freed,
      card_name: "Kofi's phone",
      name: 'failed',
      nameError
    })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Take back the pass' }))
    await waitFor(() =>
      expect(screen.getByTestId('action-announcer')).toHaveTextContent(
        /Pass taken back from Kofi Mensah, but its name “Kofi's phone” could not be cleared: .+ Rename it in the details\./
      )
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
