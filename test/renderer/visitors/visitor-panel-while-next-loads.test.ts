import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'

afterEach(() => {
  cleanup()
  visitors.reset()
})

const ada = visitorFixture('v-ada', 'Ada', 'Okafor', { pin_code: { token: 'a'.repeat(64) } })
const ben = visitorFixture('v-ben', 'Ben', 'Ode')

/**
 * Visit A opened, then visit B clicked while B's details are still being read (its answer held): the
 * panel must not offer A's actions as if they were B's. It says B's name and that B is being read,
 * with no action on it, until B's answer is in; then B's panel, B's actions.
 */
describe("Visitors: the previous visit's panel while the next one is read", () => {
  it("shows B's name and a loading state, no action of A's, until B is read", async () => {
    let releaseBen: (() => void) | null = null
    const ok = (result: unknown): Envelope => ({ ok: true, result })
    const { bridge, calls } = scriptedBridge({
      'sites.topology': () => ok({ groups: [] }),
      'visitors.list': () => ok({ items: [ada, ben], total: 2 }),
      'visitors.get': (input) =>
        (input as { id: string }).id === ben.id
          ? new Promise<Envelope>((resolve) => (releaseBen = () => resolve(ok(ben))))
          : ok(ada),
      'visitors.capabilities': () => ok({ canEdit: true }),
      'visitors.qrState': () => ok({ assigned: false, pngBase64: null })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    await fireEvent.click(within(table).getByRole('button', { name: 'Ada Okafor' }))
    expect(await screen.findByRole('heading', { name: 'Ada Okafor' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancel visit…' })).toBeEnabled()

    await fireEvent.click(within(table).getByRole('button', { name: 'Ben Ode' }))
    await waitFor(() => expect(calls.filter(([c]) => c === 'visitors.get')).toHaveLength(2))
    // B is being read: his name and a loading state; nothing of A's panel is offered meanwhile.
    const loading = await screen.findByTestId('visitor-opening')
    expect(loading).toHaveTextContent('Ben Ode')
    expect(loading).toHaveTextContent('Reading this visit from the console…')
    expect(loading).toHaveAttribute('aria-busy', 'true')
    expect(screen.queryByRole('heading', { name: 'Ada Okafor' })).not.toBeInTheDocument()
    for (const name of ['Edit…', 'Cancel visit…', 'Remove PIN…', 'Generate and assign PIN']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
    }

    releaseBen!()
    await waitFor(() => expect(screen.queryByTestId('visitor-opening')).not.toBeInTheDocument())
    expect(within(screen.getByTestId('visitor-details')).getByRole('heading', { name: 'Ben Ode' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancel visit…' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Generate and assign PIN' })).toBeEnabled()
  })
})
