import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'
import { passOf } from './pass-fixture'

afterEach(() => {
  cleanup()
  touchPasses.reset()
})

/**
 * Pass A opened, then pass B clicked while B is still being read: A's panel (its name field, Rename, Take
 * back) must not stay on offer as if it were B's — a name typed there renamed A. The one look of every
 * list with a record beside it (RecordList `pendingOpen`, OpeningRecord), as Visitors has it.
 */
describe("Touch Passes: the previous pass's panel while the next one is read", () => {
  it("shows B's card id and a loading state, no action of A's, until B is read", async () => {
    const a = { ...passOf('a', 'ACTIVE', "Ada's phone"), card_id: 'AAAA0001' }
    const b = { ...passOf('b', 'ACTIVE'), card_id: 'BBBB0002' }
    let releaseB: (() => void) | null = null
    const ok = (result: unknown): Envelope => ({ ok: true, result })
    const { bridge, calls } = scriptedBridge({
      'touchPasses.list': () => ok({ items: [a, b], total: 2 }),
      'touchPasses.capabilities': () => ok({ canEdit: true, canAssign: true }),
      'touchPasses.get': (input) =>
        (input as { id: string }).id === b.id
          ? new Promise<Envelope>((resolve) => (releaseB = () => resolve(ok(b))))
          : ok(a)
    })
    setApiForTests(bridge)
    touchPasses.status = ''
    render(TouchPassesScreen)
    const table = await screen.findByTestId('passes-table')
    await fireEvent.click(within(table).getByRole('button', { name: a.card_id }))
    const details = await screen.findByTestId('pass-details')
    expect(within(details).getByRole('button', { name: 'Rename' })).toBeInTheDocument()

    await fireEvent.click(within(table).getByRole('button', { name: b.card_id }))
    await waitFor(() => expect(calls.filter(([c]) => c === 'touchPasses.get')).toHaveLength(2))
    const loading = await screen.findByTestId('pass-opening')
    expect(loading).toHaveTextContent(b.card_id)
    expect(loading).toHaveTextContent('Reading this pass from the console…')
    expect(loading).toHaveAttribute('aria-busy', 'true')
    expect(screen.queryByTestId('pass-details')).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Name on the pass')).not.toBeInTheDocument()

    releaseB!()
    await waitFor(() => expect(screen.queryByTestId('pass-opening')).not.toBeInTheDocument())
    expect(within(screen.getByTestId('pass-details')).getByText(b.card_id)).toBeInTheDocument()
  })
})
