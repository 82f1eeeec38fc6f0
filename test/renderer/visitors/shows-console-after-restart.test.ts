import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { watchMainRestarts } from '../../../src/renderer/src/lib/main-restarts'
import { BRIDGE_STATUS_EVENT, type BridgeStatus } from '../../../src/web/bridge-status'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import type { AppErrorData } from '../../../src/shared/errors'
import { scriptedBridge } from '../../support/fake-bridge'

const start = Math.floor(Date.now() / 1000) + 3600
const visitor = (id: string, first: string, last: string, remarks: string): Visitor => ({
  id,
  first_name: first,
  last_name: last,
  status: 'UPCOMING',
  inviter_name: 'Hanne Lund',
  visit_reason: 'Business',
  remarks,
  start_time: start,
  end_time: start + 7200,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [{ id: 'g-lobby', name: 'Lobby', type: 'door_group' }],
  license_plates: []
})

const ok = (result: unknown) => ({ ok: true as const, result })
const fail = (error: AppErrorData) => ({ ok: false as const, error })

/** The console as another desk leaves it: `held` is what main answers now. */
function console_(people: Visitor[]) {
  const held = new Map(people.map((v) => [v.id, v]))
  const gone: AppErrorData = { kind: 'not-found', message: 'Visitor not found', retryable: false }
  const { bridge, calls } = scriptedBridge({
    'visitors.list': () => ok({ items: [...held.values()], total: held.size }),
    'visitors.get': (input) => {
      const v = held.get((input as { id: string }).id)
      return v ? ok(v) : fail(gone)
    },
    'visitors.update': () =>
      fail({
        kind: 'not-found',
        code: 'VISITOR_GONE',
        message: 'This visitor was deleted on the console while the form was open; nothing was saved.',
        hint: 'Close the form; to let them in, create a new visitor.',
        retryable: false
      }),
    'visitors.capabilities': () => ok({ canEdit: true }),
    'visitors.qrState': () => ok({ assigned: false, pngBase64: null }),
    'sites.topology': () => ok({ groups: [] })
  })
  setApiForTests(bridge)
  return { held, calls }
}

async function openVisitor(name: string) {
  render(VisitorsScreen)
  const table = await screen.findByTestId('visitors-table')
  await fireEvent.click(within(table).getByRole('button', { name }))
  return screen.findByTestId('visitor-details')
}

/** Web mode's service lost and back (a restart of main), as the bridge says it to the tab. */
function restartMain(target: EventTarget) {
  const say = (status: BridgeStatus) => target.dispatchEvent(new CustomEvent(BRIDGE_STATUS_EVENT, { detail: status }))
  say('lost')
  say('connected')
}

afterEach(() => {
  cleanup()
  visitors.reset()
})

describe('Visitors shows what the console holds after main restarts, or answers a visitor gone', () => {
  it('the open visitor is read again when main comes back: remarks changed meanwhile are shown', async () => {
    const sam = visitor('v1', 'Sam', 'Weekly', 'Brings a bike')
    const { held } = console_([sam])
    const target = new EventTarget()
    const stop = watchMainRestarts(target)
    try {
      const details = await openVisitor('Sam Weekly')
      expect(within(details).getByTestId('visitor-remarks')).toHaveTextContent('Brings a bike')
      held.set('v1', { ...sam, remarks: 'Changed by desk 2 before restart' })
      restartMain(target)
      await waitFor(() =>
        expect(within(screen.getByTestId('visitor-details')).getByTestId('visitor-remarks')).toHaveTextContent(
          'Changed by desk 2 before restart'
        )
      )
    } finally {
      stop()
    }
  })

  it('an open visitor deleted while main was away leaves the list, and the details say it is gone', async () => {
    const { held } = console_([visitor('v1', 'Sam', 'Weekly', ''), visitor('v2', 'Tomas', 'Berg', '')])
    const target = new EventTarget()
    const stop = watchMainRestarts(target)
    try {
      await openVisitor('Tomas Berg')
      held.delete('v2')
      restartMain(target)
      const gone = await screen.findByTestId('visitor-gone')
      expect(gone).toHaveTextContent('This visitor is no longer on the console')
      const table = screen.getByTestId('visitors-table')
      expect(within(table).queryByRole('button', { name: 'Tomas Berg' })).not.toBeInTheDocument()
      expect(within(table).getByRole('button', { name: 'Sam Weekly' })).toBeInTheDocument()
      // Nothing offered on a record that is gone.
      const details = screen.getByTestId('visitor-details')
      expect(within(details).queryByRole('button', { name: 'Edit…' })).not.toBeInTheDocument()
    } finally {
      stop()
    }
  })

  it("a save answered VISITOR_GONE drops the visitor's row at once; closed, the details say it is gone", async () => {
    console_([visitor('v1', 'Sam', 'Weekly', ''), visitor('v2', 'Tomas', 'Berg', '')])
    const details = await openVisitor('Tomas Berg')
    await fireEvent.click(within(details).getByRole('button', { name: 'Edit…' }))
    const form = await screen.findByTestId('visitor-form')
    await fireEvent.input(within(form).getByLabelText('Remarks'), { target: { value: 'Parking at the back' } })
    await fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }))
    await screen.findByText(/deleted on the console while the form was open; nothing was saved/)
    const table = screen.getByTestId('visitors-table')
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Tomas Berg' })).not.toBeInTheDocument())
    expect(visitors.total).toBe(1)
    await fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByTestId('visitor-gone')).toHaveTextContent('This visitor is no longer on the console')
  })
})
