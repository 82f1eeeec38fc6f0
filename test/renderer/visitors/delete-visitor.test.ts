import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'

const ok = (result: unknown) => ({ ok: true as const, result })

/** The Visitors screen with Tomas opened; `held` is what the console holds (a delete removes him). */
async function tomasShown(canEdit = true) {
  const held = new Map<string, Visitor>(
    [visitorFixture('v1', 'Sam', 'Weekly'), visitorFixture('v2', 'Tomas', 'Berg', { status: 'CANCELLED' })].map((v) => [
      v.id,
      v
    ])
  )
  const { bridge, calls } = scriptedBridge({
    'visitors.list': () => ok({ items: [...held.values()], total: held.size }),
    'visitors.get': (input) => ok(held.get((input as { id: string }).id)),
    'visitors.delete': (input) => {
      held.delete((input as { id: string }).id)
      return ok({ deleted: true })
    },
    'visitors.capabilities': () =>
      ok(canEdit ? { canEdit: true } : { canEdit: false, missingPermission: 'edit:visitor' }),
    'visitors.qrState': () => ok({ assigned: false, pngBase64: null }),
    'sites.topology': () => ok({ groups: [] })
  })
  setApiForTests(bridge)
  render(ActionAnnouncer)
  render(VisitorsScreen)
  const table = await screen.findByTestId('visitors-table')
  await fireEvent.click(within(table).getByRole('button', { name: 'Tomas Berg' }))
  const details = await screen.findByTestId('visitor-details')
  return { held, calls, table, details }
}

afterEach(() => {
  cleanup()
  visitors.reset()
})

describe('Visitors: Delete visitor… removes the record from the console, asked first', () => {
  it('asks naming the visitor and what goes, Cancel focused; Cancel deletes nothing', async () => {
    const { held, calls, details } = await tomasShown()
    // A cancelled visitor can still be deleted (entered by mistake, or their data must go).
    await fireEvent.click(within(details).getByRole('button', { name: 'Delete visitor…' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this visitor?' })
    expect(dialog).toHaveTextContent(
      'This removes Tomas Berg’s visitor record from the console, with its credentials (PIN, cards, QR code). It cannot be undone.'
    )
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' })
    await waitFor(() => expect(cancel).toHaveFocus())
    // The destructive button is never the default: Enter on the dialog does not press it.
    expect(within(dialog).getByRole('button', { name: 'Delete visitor' })).not.toHaveAttribute('type', 'submit')
    await fireEvent.click(cancel)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls.some(([c]) => c === 'visitors.delete')).toBe(false)
    expect(held.has('v2')).toBe(true)
  })

  it('confirmed: the console no longer holds him, his row and details go, one announcement, focus on the heading', async () => {
    const { held, calls, table, details } = await tomasShown()
    await fireEvent.click(within(details).getByRole('button', { name: 'Delete visitor…' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete this visitor?' })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Delete visitor' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(held.has('v2')).toBe(false)
    expect(calls.filter(([c]) => c === 'visitors.delete').map(([, input]) => input)).toEqual([
      {
        id: 'v2',
        seen: { status: 'CANCELLED', startTime: expect.any(Number) as number, endTime: expect.any(Number) as number }
      }
    ])
    expect(within(table).queryByRole('button', { name: 'Tomas Berg' })).not.toBeInTheDocument()
    expect(screen.queryByTestId('visitor-details')).not.toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByTestId('action-announcer')).toHaveTextContent('Tomas Berg deleted from the console')
    )
    await waitFor(() => expect(document.getElementById('visitors-title')).toHaveFocus())
    expect(document.activeElement).not.toBe(document.body)
  })

  it('off on a view-only token, the missing key named under it', async () => {
    const { details } = await tomasShown(false)
    const button = within(details).getByRole('button', { name: 'Delete visitor…' })
    await waitFor(() => expect(button).toBeDisabled())
    expect(button).toHaveAccessibleDescription(/edit:visitor/)
  })
})
