import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import ConsoleReachLine from '../../../src/renderer/src/components/ConsoleReachLine.svelte'
import ServiceBanner from '../../../src/renderer/src/components/ServiceBanner.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { rereadWhenBack } from '../../../src/renderer/src/lib/reread-when-back'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { BRIDGE_STATUS_EVENT, SERVICE_LOST_CODE, type BridgeStatus } from '../../../src/web/bridge-status'
import { AppError } from '../../../src/shared/errors'
import { eventBridge, ok } from '../enroll/event-bridge'
import { profileFixture } from '../../support/profile-fixture'
import SendingForm from './SendingForm.svelte'

/** The bridge's status as bridge-client.ts announces it on window (web mode). */
function bridge(status: BridgeStatus) {
  window.dispatchEvent(new CustomEvent(BRIDGE_STATUS_EVENT, { detail: status }))
}

const site = profileFixture('site', 'Site', { url: 'https://10.0.0.2:12445', tokenStorage: 'encrypted' })
/** What a call answered while the tab could not reach the service (bridge-client.ts). */
const lostError = new AppError({
  kind: 'network',
  code: SERVICE_LOST_CODE,
  message: "The connection to Access Desk's local service is lost.",
  hint: 'Restart it with npm start (or npm run web) and open the address it prints.',
  retryable: true
})

const cleanups: (() => void)[] = []
afterEach(() => {
  cleanups.splice(0).forEach((fn) => fn())
  bridge('connected')
})

/**
 * Web mode's own link is the first part of the one connection state: while the tab cannot reach
 * Access Desk's local service, the sidebar says so (not the console's last "Connected"), buttons that
 * send are off with the reason, and when it is back the console is checked again, failed reads are
 * read again and "the local service is lost" is shown no more, on every screen.
 */
describe('the local service in the one connection state (web mode)', () => {
  it('the sidebar says the service is not answering while the link is down, then checks the console again', async () => {
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [site], activeId: 'site' }),
      'connections.reach': () => ok({ profileId: 'site', state: 'reachable', checkedAt: 1 })
    })
    setApiForTests(main.bridge)
    cleanups.push(connection.listen())
    await connection.load()
    bridge('connected')
    render(ConsoleReachLine)
    render(ServiceBanner)
    const line = screen.getByTestId('console-answers')
    await waitFor(() => expect(line).toHaveTextContent('Connected'))

    for (const down of ['lost', 'refused'] as const) {
      bridge(down)
      await waitFor(() => expect(line).toHaveTextContent("Access Desk's service is not answering"))
      expect(line).not.toHaveTextContent('Connected')
      expect(line.dataset['state']).toBe('service')
      // The banner and the sidebar say the same thing: the link is down.
      expect(screen.getByTestId('service-banner')).toHaveTextContent(/What you typed on this page is still here/)

      const before = main.calls.length
      bridge('connected')
      await waitFor(() => expect(line).toHaveTextContent('Connected'))
      expect(main.calls.slice(before)).toContainEqual(['connections.reach', { recheck: true }])
    }
  })

  it('a button that sends is off with the reason while the service is down; the typing stays and sends once back', async () => {
    const onsend = vi.fn()
    render(SendingForm, { onsend })
    const field = screen.getByLabelText('First name')
    await fireEvent.input(field, { target: { value: 'Ada' } })
    const create = screen.getByRole('button', { name: 'Create visitor' })
    expect(create).toHaveAttribute('aria-disabled', 'false')

    bridge('lost')
    await waitFor(() => expect(create).toHaveAttribute('aria-disabled', 'true'))
    expect(create).toHaveAccessibleDescription(
      /Access Desk's service is not answering: this button is off until it is back, and nothing is sent by itself/
    )
    create.focus()
    await fireEvent.click(create)
    expect(onsend).not.toHaveBeenCalled()
    // Still focusable (aria-disabled, not disabled): the focus is not dropped to the page.
    expect(document.activeElement).toBe(create)
    expect(field).toHaveValue('Ada')

    bridge('connected')
    await waitFor(() => expect(create).toHaveAttribute('aria-disabled', 'false'))
    expect(create).not.toHaveAccessibleDescription(/not answering/)
    await fireEvent.click(create)
    expect(onsend).toHaveBeenCalledOnce()
  })

  it('"the local service is lost" is shown no more once the link is back; other errors stay', async () => {
    bridge('lost')
    const lost = render(SendingForm, { onsend: () => undefined, error: lostError })
    expect(screen.getByRole('alert')).toHaveTextContent("The connection to Access Desk's local service is lost.")
    const other = new AppError({ kind: 'validation', message: 'The first name is missing.' })
    const kept = render(SendingForm, { onsend: () => undefined, error: other })

    bridge('connected')
    await waitFor(() => expect(screen.queryByText(/local service is lost/)).toBeNull())
    expect(screen.getByRole('alert')).toHaveTextContent('The first name is missing.')
    lost.unmount()
    kept.unmount()
  })

  it('focus held by the lost error goes to the screen title, not the page body', async () => {
    bridge('lost')
    render(SendingForm, { onsend: () => undefined, error: lostError })
    const alert = screen.getByRole('alert')
    alert.setAttribute('tabindex', '-1')
    alert.focus()
    bridge('connected')
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Screen' })))
  })

  it('a store whose read failed reads again when the link is back (not only when the console is)', async () => {
    let failed = true
    const reread = vi.fn(() => (failed = false))
    cleanups.push(rereadWhenBack(() => failed, reread))
    bridge('lost')
    expect(reread).not.toHaveBeenCalled()
    bridge('connected')
    expect(reread).toHaveBeenCalledOnce()
    // Nothing failed: nothing read again.
    bridge('lost')
    bridge('connected')
    expect(reread).toHaveBeenCalledOnce()
  })
})
