import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import SearchPicker from '../../../src/renderer/src/components/common/SearchPicker.svelte'
import { userSource } from '../../../src/renderer/src/components/common/picker-sources'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'

const person = (id: string, first: string, last: string) => ({
  id,
  first_name: first,
  last_name: last,
  full_name: `${first} ${last}`,
  user_email: `${first.toLowerCase()}@example.com`
})
const found = (...users: ReturnType<typeof person>[]): Envelope => ({ ok: true, result: { items: users } })

describe('SearchPicker over users (Touch Pass assignment)', () => {
  it('searches as you type, without Enter, once the typing pauses', async () => {
    const { bridge, calls } = scriptedBridge({ 'users.search': () => found(person('u1', 'Rosa', 'Jensen')) })
    setApiForTests(bridge)
    render(SearchPicker, { source: userSource(), label: 'Find a user', onpick: vi.fn() })
    const field = screen.getByLabelText('Find a user')
    for (const typed of ['R', 'Ro', 'Ros', 'Rosa']) await fireEvent.input(field, { target: { value: typed } })
    expect(await screen.findByRole('button', { name: /Rosa Jensen/ })).toBeInTheDocument()
    // One search for the word typed, not one per keystroke.
    expect(calls).toEqual([['users.search', { keyword: 'Rosa' }]])
  })

  it('ignores a late answer to an earlier search', async () => {
    let releaseFirst!: (e: Envelope) => void
    const answers = [
      new Promise<Envelope>((resolve) => (releaseFirst = resolve)),
      Promise.resolve(found(person('u2', 'Rosa', 'Jensen')))
    ]
    const { bridge } = scriptedBridge({ 'users.search': () => answers.shift()! })
    setApiForTests(bridge)
    render(SearchPicker, { source: userSource(), label: 'Find a user', onpick: vi.fn() })
    const field = screen.getByLabelText('Find a user')
    await fireEvent.input(field, { target: { value: 'Ro' } })
    await fireEvent.keyDown(field, { key: 'Enter' }) // searches "Ro" at once; its answer is slow
    await fireEvent.input(field, { target: { value: 'Rosa J' } })
    await fireEvent.keyDown(field, { key: 'Enter' })
    expect(await screen.findByRole('button', { name: /Rosa Jensen/ })).toBeInTheDocument()
    releaseFirst(found(person('u3', 'Robert', 'Olsen'), person('u4', 'Ronja', 'Berg')))
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.queryByRole('button', { name: /Robert Olsen/ })).toBeNull()
    expect(screen.getAllByRole('button', { name: /@example.com/ })).toHaveLength(1)
  })

  it('moves from the field into the results with ArrowDown, between them with the arrows, and picks', async () => {
    const users = [person('u1', 'Ada', 'Ng'), person('u2', 'Hana', 'Ng'), person('u3', 'Omar', 'Ng')]
    const { bridge } = scriptedBridge({ 'users.search': () => found(...users) })
    setApiForTests(bridge)
    const onpick = vi.fn()
    render(SearchPicker, { source: userSource(), label: 'Find a user', onpick })
    const field = screen.getByLabelText('Find a user')
    await fireEvent.input(field, { target: { value: 'Ng' } })
    const options = await screen.findAllByRole('button', { name: /Ng/ })
    field.focus()
    await fireEvent.keyDown(field, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(options[0])
    await fireEvent.keyDown(options[0]!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(options[1])
    await fireEvent.keyDown(options[1]!, { key: 'End' })
    expect(document.activeElement).toBe(options[2])
    await fireEvent.keyDown(options[2]!, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(options[1])
    // Enter on a focused button is its click (the browser's own; e2e drives the real key).
    await fireEvent.click(options[1]!)
    expect(onpick).toHaveBeenCalledWith(expect.objectContaining({ id: 'u2' }))
    await fireEvent.keyDown(options[0]!, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(field)
  })

  it('ignores picks while one is being sent, keeping focus where it is', async () => {
    const { bridge } = scriptedBridge({ 'users.search': () => found(person('u1', 'Ada', 'Ng')) })
    setApiForTests(bridge)
    const onpick = vi.fn()
    render(SearchPicker, { source: userSource(), label: 'Find a user', onpick, disabled: true })
    await fireEvent.input(screen.getByLabelText('Find a user'), { target: { value: 'Ada' } })
    const option = await screen.findByRole('button', { name: /Ada Ng/ })
    expect(option).toHaveAttribute('aria-disabled', 'true')
    await fireEvent.click(option)
    expect(onpick).not.toHaveBeenCalled()
    await waitFor(() => expect(option).toBeEnabled())
  })
})
