import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import CardDetails from '../../../src/renderer/src/components/cards/CardDetails.svelte'
import VisitorCredentials from '../../../src/renderer/src/components/visitors/VisitorCredentials.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'
import { card } from '../cards/cards-main'
import { auditRow, renderAudit } from '../audit/audit-screen-fixture'
import type { AuditPage } from '../../../src/shared/audit/schemas'

/**
 * Why a button is off is shown as text beside it and read with it (aria-describedby), never only in a
 * tooltip: on each screen below, each button disabled for a reason says it, and no disabled button keeps
 * its reason in a `title` alone.
 */
afterEach(() => {
  cleanup()
  visitors.reset()
})

/** The words that describe `button` (its aria-describedby), which must be on screen. */
function reasonOf(button: HTMLElement): string {
  const ids = button.getAttribute('aria-describedby')?.split(/\s+/) ?? []
  return ids
    .map((id) => document.getElementById(id))
    .map((el) => {
      expect(el, `${button.textContent}: its reason is on the page`).not.toBeNull()
      return el!.textContent!.trim()
    })
    .join(' ')
}

/** No disabled button of the page keeps a reason in a tooltip only. */
function noTooltipOnly() {
  const tooltipOnly = [...document.querySelectorAll<HTMLButtonElement>('button[disabled][title]')].map(
    (b) => `${b.textContent?.trim()}: ${b.title}`
  )
  expect(tooltipOnly).toEqual([])
}

const ana = { id: 'u1', first_name: 'Ana', last_name: 'Ruiz', full_name: 'Ana Ruiz', user_email: 'ana@example.com' }

describe('why a button is off is visible text, read with the button', () => {
  it('PINs with a token lacking edit:user: Assign and Remove say so', async () => {
    const { bridge } = scriptedBridge({
      'pins.capabilities': () => ({ ok: true, result: { missingPermissions: ['edit:user'] } }),
      'pins.generate': () => ({ ok: true, result: { pin: '48152637' } }),
      'users.search': () => ({ ok: true, result: { items: [ana], total: 1 } }),
      'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
      'pins.held': () => ({ ok: true, result: { held: true } })
    })
    setApiForTests(bridge)
    render(PinsScreen)
    await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
    await fireEvent.input(await screen.findByRole('searchbox', { name: 'Find a user or visitor' }), {
      target: { value: 'Ana' }
    })
    await fireEvent.click(await screen.findByRole('option', { name: /Ana Ruiz/ }, { timeout: 2000 }))
    const assign = await screen.findByRole('button', { name: 'Assign PIN' })
    await waitFor(() => expect(assign).toBeDisabled())
    await waitFor(() => expect(reasonOf(assign)).toBe('Needs the permission edit:user'))

    await fireEvent.click(screen.getByText("Remove someone's PIN"))
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Whose PIN' }), { target: { value: 'Ana' } })
    await fireEvent.click(await screen.findByRole('option', { name: /Ana Ruiz/ }, { timeout: 2000 }))
    const remove = await screen.findByRole('button', { name: 'Remove PIN…' })
    expect(remove).toBeDisabled()
    expect(reasonOf(remove)).toBe('Needs the permission edit:user')
    noTooltipOnly()
  })

  it('Cards with a view-only token: the alias and Delete card say which permission is missing', () => {
    render(CardDetails, {
      card: card(7),
      canEdit: false,
      missingPermission: 'edit:credential',
      // Giving a card to a person or taking it back needs edit:user; a view-only token has neither.
      canAssign: false,
      assignMissingPermission: 'edit:user',
      onrename: async () => ({ outcome: 'saved' }) as never,
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    })
    const del = screen.getByRole('button', { name: 'Delete card…' })
    expect(del).toBeDisabled()
    expect(reasonOf(del)).toMatch(/edit:credential/)
    expect(reasonOf(screen.getByRole('button', { name: 'Assign to a person…' }))).toMatch(/edit:user/)
    noTooltipOnly()
  })

  it('Visitors, a cancelled visit: every credential button that is off says why', async () => {
    const { bridge } = scriptedBridge({
      'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } })
    })
    setApiForTests(bridge)
    render(VisitorCredentials, {
      visitor: visitorFixture('v1', 'Rosa', 'Jensen', { status: 'CANCELLED' }),
      onchanged: () => undefined
    })
    await waitFor(() => expect(screen.getByTestId('qr-state')).toHaveTextContent(/No QR code yet/))
    for (const name of ['Generate and assign PIN', 'Pick a card…', 'Enroll a new card', 'Assign QR code']) {
      const button = screen.getByRole('button', { name })
      expect(button).toBeDisabled()
      expect(reasonOf(button)).toBe('This visit is cancelled')
    }
    expect(reasonOf(screen.getByRole('button', { name: 'Make a badge…' }))).toBe('No badge for a cancelled visit')
    expect(reasonOf(screen.getByRole('button', { name: 'Revoke QR code…' }))).toBe('No QR code to revoke')
    noTooltipOnly()
  })

  it('Audit: Export CSV is off only with nothing to export, and says so', async () => {
    // No row recorded yet.
    renderAudit([])
    const none = await screen.findByRole('button', { name: 'Export CSV' })
    await waitFor(() => expect(none).toBeDisabled())
    expect(reasonOf(none)).toBe('Nothing to export: nothing is recorded yet.')
    cleanup()

    // Rows, none matching the filter applied.
    const page: AuditPage = {
      items: [],
      total: 0,
      all: 3,
      consoles: [],
      retentionDays: 365
    }
    setApiForTests(scriptedBridge({ 'audit.list': () => ({ ok: true, result: page }) }).bridge)
    render((await import('../../../src/renderer/src/screens/AuditScreen.svelte')).default)
    const filtered = await screen.findByRole('button', { name: 'Export CSV' })
    await waitFor(() => expect(reasonOf(filtered)).toBe('Nothing to export: no row matches the filter.'))
    expect(filtered).toBeDisabled()
    cleanup()

    // Rows to export: on (the journal is the desk's own: every-screen-console-off holds it on while the console is down).
    renderAudit([auditRow('r-1')])
    await screen.findByTestId('audit-table')
    const on = screen.getByRole('button', { name: 'Export CSV' })
    expect(on).toBeEnabled()
    expect(on.getAttribute('aria-describedby')).toBeNull()
    noTooltipOnly()
  })
})
