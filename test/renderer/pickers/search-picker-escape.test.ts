import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import AssignManyDialog from '../../../src/renderer/src/components/touch-passes/AssignManyDialog.svelte'
import SearchPicker from '../../../src/renderer/src/components/common/SearchPicker.svelte'
import { ownerSource } from '../../../src/renderer/src/components/common/picker-sources'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { scriptedBridge } from '../../support/fake-bridge'

const user = (id: string, first: string) => ({
  id,
  first_name: first,
  last_name: 'Ng',
  full_name: `${first} Ng`,
  user_email: `${first.toLowerCase()}@example.com`,
  touch_pass: null
})
const people = [user('u1', 'Ada'), user('u2', 'Ben')]

function bridge() {
  const { bridge } = scriptedBridge({
    'touchPasses.assignable': () => ({ ok: true, result: { items: [] } }),
    'users.search': () => ({ ok: true, result: { items: people, total: people.length } }),
    'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } })
  })
  setApiForTests(bridge)
}

/**
 * One rule for Esc in every search picker (Cards, Enroll, PINs, Touch Passes, visitors' cards): each press
 * steps back once. On a result: back to the search field. In a field with words: the words go. In the
 * empty field: on to what the picker is in (a dialog closes).
 */
describe('Esc in a search picker steps back once, the same everywhere', () => {
  it('in the Touch Pass dialog: a result → the search; the words → an empty search; then the dialog closes', async () => {
    bridge()
    const onclose = vi.fn()
    render(AssignManyDialog, { onclose, ondone: vi.fn() })
    const dialog = screen.getByRole('dialog')
    const field = within(dialog).getByLabelText('Add a user')
    field.focus()
    await fireEvent.input(field, { target: { value: 'Ng' } })
    await within(dialog).findAllByRole('button', { name: /Ng/ }, { timeout: 2000 })
    await fireEvent.keyDown(field, { key: 'ArrowDown' })
    expect(document.activeElement).toHaveTextContent('Ada Ng')

    await fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(onclose).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(field)
    expect(field).toHaveValue('Ng')

    await fireEvent.keyDown(field, { key: 'Escape' })
    expect(onclose).not.toHaveBeenCalled()
    expect(field).toHaveValue('')
    expect(document.activeElement).toBe(field)

    await fireEvent.keyDown(field, { key: 'Escape' })
    expect(onclose).toHaveBeenCalledTimes(1)
  })

  it('the listbox picker (Cards, Enroll, PINs) keeps Esc to itself until its field is empty', async () => {
    bridge()
    const outside = vi.fn()
    const listen = (event: KeyboardEvent) => event.key === 'Escape' && outside()
    document.addEventListener('keydown', listen)
    onTestFinished(() => document.removeEventListener('keydown', listen))
    render(SearchPicker, { source: ownerSource, onpick: vi.fn(), label: 'Find a user or visitor' })
    const field = screen.getByRole('searchbox', { name: 'Find a user or visitor' })
    field.focus()
    await fireEvent.input(field, { target: { value: 'Ng' } })
    const options = await screen.findAllByRole('option', {}, { timeout: 2000 })
    await fireEvent.keyDown(field, { key: 'ArrowDown' })
    await fireEvent.keyDown(options[0]!, { key: 'Escape' })
    expect(document.activeElement).toBe(field)
    await fireEvent.keyDown(field, { key: 'Escape' })
    expect(field).toHaveValue('')
    expect(screen.queryAllByRole('option')).toHaveLength(0)
    expect(outside).not.toHaveBeenCalled()
    await fireEvent.keyDown(field, { key: 'Escape' })
    expect(outside).toHaveBeenCalledTimes(1)
  })
})
