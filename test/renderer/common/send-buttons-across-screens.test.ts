import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import { flushSync } from 'svelte'
import EnrollScreen from '../../../src/renderer/src/screens/EnrollScreen.svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import TrustCertificateDialog from '../../../src/renderer/src/screens/settings/TrustCertificateDialog.svelte'
import BadgeSettingsPanel from '../../../src/renderer/src/components/badges/BadgeSettingsPanel.svelte'
import BadgePrinters from '../../../src/renderer/src/components/badges/BadgePrinters.svelte'
import { enrollStore } from '../../../src/renderer/src/stores/enroll.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { Visitor } from '../../../src/shared/access/visitors'
import type { CertificateStatus, ProfileSummary } from '../../../src/shared/connections'
import type { ChannelName } from '../../../src/shared/ipc/contract'
import { scriptedBridge } from '../../support/fake-bridge'
import { eventBridge, ok } from '../enroll/event-bridge'
import { frontReader } from '../enroll/reader-fixture'

/**
 * Issue 31 across screens: while web mode's service is down, a sample of the app's send buttons —
 * Enroll next or Start again, Cancel visit, Audit's Save, Trust the new certificate, Badge settings' Save, a printer's
 * Find printers — are each off the same way (SendButton): aria-disabled and still focused, the one
 * shared reason written on the page under the button (OffReason, not a tooltip) and read with it, a
 * click sends nothing; once the service is back each is on and sends.
 */
const REASON =
  "Access Desk's service is not answering: this button is off until it is back, and nothing is sent by itself (what you typed stays here)."

afterEach(() => {
  serviceLink.take('connected')
  cleanup()
  enrollStore.reset()
  visitors.reset()
})

/** The rule, on one button: `channel` is what its click sends. */
async function offWhileDown(button: HTMLElement, calls: [ChannelName, unknown][], channel: ChannelName) {
  serviceLink.take('connected')
  flushSync()
  button.focus()
  expect(document.activeElement).toBe(button)

  serviceLink.take('lost')
  flushSync()
  expect(button).toHaveAttribute('aria-disabled', 'true')
  expect(button).not.toBeDisabled()
  expect(document.activeElement).toBe(button)
  // Written on the page, next to the button (its OffReason), and read with it; no tooltip.
  const written = within(button.closest('.off-wrap') as HTMLElement).getByTestId('off-reason')
  // Said once: the service's reason is why every send is off now. A write's "the console can't be used"
  // (the same service down, in the console's words) beside it said the same thing twice.
  expect(written.textContent?.trim()).toBe(REASON)
  expect(button.getAttribute('aria-describedby')?.split(' ')).toContain(written.id)
  expect(button).not.toHaveAttribute('title')
  const before = calls.length
  await fireEvent.click(button)
  expect(calls.slice(before).map(([c]) => c)).not.toContain(channel)
  expect(document.activeElement).toBe(button)

  serviceLink.take('connected')
  flushSync()
  expect(button).toHaveAttribute('aria-disabled', 'false')
  expect(button.closest('.off-wrap')?.querySelector('[data-testid="off-reason"]') ?? null).toBeNull()
  await fireEvent.click(button)
  await waitFor(() => expect(calls.slice(before).map(([c]) => c)).toContain(channel))
}

describe('send buttons across screens while the service is down (one mechanism)', () => {
  it('Enroll: Start again after a wait that read no card', async () => {
    const { bridge, calls } = eventBridge({
      'sites.devices': () => ok({ items: [frontReader()] }),
      'sites.doors': () => ok({ items: [] }),
      'enroll.capabilities': () => ok({ canEnroll: true }),
      'enroll.start': () => ok({ enrollmentId: 'e2' })
    })
    setApiForTests(bridge)
    forgetConsoleData()
    render(EnrollScreen)
    await screen.findAllByRole('radio')
    await fireEvent.click(screen.getByRole('button', { name: /^Start/ }))
    await waitFor(() => expect(enrollStore.phase).toBe('running'))
    enrollStore.onProgress({ enrollmentId: 'e2', deviceId: 'd1', state: 'timeout', secondsLeft: 0 })
    const next = await screen.findByRole('button', { name: /Start again/ })
    await offWhileDown(next, calls, 'enroll.start')
  })

  it('Cancel visit', async () => {
    const start = Math.floor(Date.now() / 1000) + 3600
    const rosa = {
      id: 'v1',
      first_name: 'Rosa',
      last_name: 'Jensen',
      status: 'UPCOMING',
      inviter_name: 'Hanne Lund',
      visit_reason: 'Business',
      start_time: start,
      end_time: start + 7200,
      nfc_cards: [],
      pin_code: null,
      schedule: null,
      resources: [],
      license_plates: []
    } as unknown as Visitor
    const { bridge, calls } = scriptedBridge({
      'visitors.list': () => ({ ok: true, result: { items: [rosa], total: 1 } }),
      'visitors.get': () => ({ ok: true, result: rosa }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } }),
      'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } }),
      'sites.topology': () => ({ ok: true, result: { groups: [] } }),
      'visitors.cancel': () => ({ ok: true, result: {} })
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
    const details = await screen.findByTestId('visitor-details')
    await fireEvent.click(within(details).getByRole('button', { name: 'Cancel visit…' }))
    const dialog = await screen.findByRole('dialog')
    await offWhileDown(within(dialog).getByRole('button', { name: 'Cancel visit' }), calls, 'visitors.cancel')
  })

  it('Audit’s Save (how long rows are kept)', async () => {
    const { bridge, calls } = scriptedBridge({
      'audit.list': () => ({
        ok: true,
        result: { items: [], total: 0, all: 0, consoles: [], retentionDays: 365 }
      }),
      'audit.setRetention': () => ({ ok: true, result: { retentionDays: 400, pruned: 0 } })
    })
    setApiForTests(bridge)
    render(AuditScreen)
    const form = (await screen.findByRole('heading', { name: 'Keep rows' })).closest('form') as HTMLElement
    const days = within(form).getByRole('textbox', { name: 'Days to keep' })
    await waitFor(() => expect(days).toHaveValue('365'))
    await fireEvent.input(days, { target: { value: '400' } })
    await offWhileDown(within(form).getByRole('button', { name: 'Save' }), calls, 'audit.setRetention')
    // What was typed stays while the service is down and after.
    expect(days).toHaveValue('400')
  })

  it('Trust the new certificate', async () => {
    const { bridge, calls } = scriptedBridge({
      'connections.trustCertificate': () => ({ ok: true, result: {} })
    })
    setApiForTests(bridge)
    const fingerprint256 = Array.from({ length: 32 }, () => 'CD').join(':')
    render(TrustCertificateDialog, {
      props: {
        profile: { id: 'lab', name: 'Lab console', url: 'https://lab.example:12445' } as unknown as ProfileSummary,
        status: { presented: { fingerprint256 } } as unknown as CertificateStatus,
        ontrusted: () => undefined,
        onclose: () => undefined
      }
    })
    const dialog = await screen.findByRole('dialog')
    const trust = within(dialog).getByRole('button', { name: 'Trust the new certificate' })
    await offWhileDown(trust, calls, 'connections.trustCertificate')
  })

  it('Badge settings’ Save settings', async () => {
    const { bridge, calls } = scriptedBridge({
      'badges.saveSettings': (input) => ({ ok: true, result: input })
    })
    setApiForTests(bridge)
    render(BadgeSettingsPanel, {
      props: {
        settings: { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false },
        printers: { available: false, items: [] },
        onsaved: () => undefined
      }
    })
    const save = screen.getByRole('button', { name: 'Save settings' })
    await offWhileDown(save, calls, 'badges.saveSettings')
  })

  it('a printer button: Find printers on this network', async () => {
    const { bridge, calls } = scriptedBridge({
      'badges.findPrinters': () => ({ ok: true, result: { printers: [] } })
    })
    setApiForTests(bridge)
    render(BadgePrinters, { props: { printers: [], stock: 'dk-11202', onchanged: () => undefined } })
    const find = screen.getByRole('button', { name: 'Find printers on this network' })
    await offWhileDown(find, calls, 'badges.findPrinters')
  })
})
