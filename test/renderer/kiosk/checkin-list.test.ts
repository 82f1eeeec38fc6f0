import '@testing-library/jest-dom/vitest'
import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/svelte'
import { tick } from 'svelte'
import CheckinList from '../../../src/renderer/src/components/kiosk/CheckinList.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { buildApi } from '../../../src/preload/api'
import type { KioskCheckin } from '../../../src/shared/kiosk/schemas'
import { formats } from '../../../src/shared/format/formats'

const today = new Date()
const yesterday = new Date(today.getTime() - 86_400_000)

function entry(id: string, at: Date, fields: Partial<KioskCheckin> = {}): KioskCheckin {
  return {
    id,
    at: at.toISOString(),
    visitorId: `v-${id}`,
    name: `Visitor ${id}`,
    company: 'Contoso',
    host: 'Mia Lund',
    printed: true,
    output: 'printer',
    offline: false,
    ...fields
  }
}

/** The Today screen's kiosk panel: today's check-ins from main, and each new one as main announces it. */
describe('kiosk check-ins on Today', () => {
  it("shows today's check-ins with the badge outcome, and adds one announced by main without a reload", async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const push = (event: string, payload: unknown) => listeners.get(event)?.(payload)
    setApiForTests(
      buildApi(
        async (channel) =>
          channel === 'kiosk.checkins'
            ? {
                ok: true,
                result: {
                  items: [
                    entry('b', today, {
                      printed: false,
                      output: 'printer',
                      printError: 'The badge was not printed: Out of labels.'
                    }),
                    entry('a', today, { offline: true, printer: 'QL-820NWB' }),
                    entry('old', yesterday)
                  ]
                }
              }
            : { ok: false, error: { kind: 'server', message: `unscripted ${channel}`, retryable: false } },
        (event, fn) => {
          listeners.set(event, fn as (payload: unknown) => void)
          return () => listeners.delete(event)
        }
      )
    )
    const { unmount } = render(CheckinList)
    const region = await screen.findByRole('table')
    const rows = () => within(region).getAllByRole('row').slice(1)
    expect(rows().map((r) => r.textContent)).toEqual([
      expect.stringContaining('Visitor b · Contoso'),
      expect.stringContaining('Visitor a · Contoso')
    ])
    expect(rows()[0]).toHaveTextContent('Checked in, no badge came out: The badge was not printed: Out of labels.')
    expect(rows()[1]).toHaveTextContent('Printed on QL-820NWB · offline')
    expect(region).not.toHaveTextContent('Visitor old')

    // A badge handed to the browser's print dialog (web mode): the app cannot know it was printed.
    push('kiosk.checkedIn', entry('c', new Date(), { output: 'browser-print' }))
    await tick()
    expect(rows()[0]).toHaveTextContent('Visitor c · Contoso')
    expect(rows()[0]).toHaveTextContent('Sent to the print dialog')
    expect(rows()[0]).not.toHaveTextContent('Printed')
    // As main records it now: not printed, since the app cannot know, and no failure: the same words.
    push('kiosk.checkedIn', entry('d', new Date(), { printed: false, output: 'browser-print' }))
    await tick()
    expect(rows()[0]).toHaveTextContent('Visitor d · Contoso')
    expect(rows()[0]).toHaveTextContent('Sent to the print dialog')
    expect(rows()[0]).not.toHaveTextContent(/Printed|Not printed/)
    expect(rows()).toHaveLength(4)
    unmount()
    expect(listeners.has('kiosk.checkedIn')).toBe(false)
  })

  it('shows the visitors the kiosk sent to the desk, and why, as soon as main announces them', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    setApiForTests(
      buildApi(
        async () => ({
          ok: true,
          result: { items: [entry('x', today, { printed: false, refusal: { reason: 'cancelled' } })] }
        }),
        (event, fn) => {
          listeners.set(event, fn as (payload: unknown) => void)
          return () => listeners.delete(event)
        }
      )
    )
    render(CheckinList)
    const region = await screen.findByRole('table')
    const rows = () => within(region).getAllByRole('row').slice(1)
    expect(rows()[0]).toHaveTextContent('Sent to the desk: The visit was cancelled')
    expect(rows()[0]).not.toHaveTextContent('Not printed')

    const startsAt = Math.floor(new Date().setHours(14, 0, 0, 0) / 1000) // today: another day is said with its weekday
    const clock = formats().time(new Date(startsAt * 1000))
    listeners.get('kiosk.checkedIn')!(
      entry('y', new Date(), { name: 'Ana Ruiz', printed: false, refusal: { reason: 'too-early', startsAt } })
    )
    await tick()
    expect(rows()[0]).toHaveTextContent('Ana Ruiz · Contoso')
    expect(rows()[0]).toHaveTextContent(`Sent to the desk: Too early: the visit starts at ${clock}`)

    // Found, but no badge while the console was failing: the desk reads why too.
    listeners.get('kiosk.checkedIn')!(
      entry('z', new Date(), {
        name: 'Manaia Rewiti',
        printed: false,
        offline: true,
        refusal: { reason: 'offline-no-code' }
      })
    )
    await tick()
    expect(rows()[0]).toHaveTextContent(
      'Sent to the desk: Kiosk offline: no QR code for this visit, so no badge · offline'
    )

    // The console answered and refused the code for the desk's token: the true reason, the key named, not "offline".
    listeners.get('kiosk.checkedIn')!(
      entry('t', new Date(), {
        name: 'Ana Lemalu',
        printed: false,
        refusal: { reason: 'console-refused', cause: 'permission', key: 'edit:visitor' }
      })
    )
    await tick()
    expect(rows()[0]).toHaveTextContent(
      "Sent to the desk: The desk's token may not give QR codes (edit:visitor), so no badge"
    )
    expect(rows()[0]).not.toHaveTextContent(/offline/i)
  })

  it('says so when nobody checked in today', async () => {
    setApiForTests(
      buildApi(
        async () => ({ ok: true, result: { items: [entry('old', yesterday)] } }),
        () => () => undefined
      )
    )
    render(CheckinList)
    expect(
      await screen.findByText('No visitor has checked in at the kiosk or been sent to the desk by it today.')
    ).toBeInTheDocument()
  })

  it('a check-in without a host says “—” in the Host cell, as the visitors’ table does', async () => {
    setApiForTests(
      buildApi(
        async (channel) =>
          channel === 'kiosk.checkins'
            ? { ok: true, result: { items: [entry('h', today, { host: '' })] } }
            : { ok: false, error: { kind: 'server', message: `unscripted ${channel}`, retryable: false } },
        () => () => undefined
      )
    )
    const { unmount } = render(CheckinList)
    const region = await screen.findByRole('table')
    const cells = within(within(region).getAllByRole('row')[1]!).getAllByRole('cell')
    expect(cells[2]).toHaveTextContent(/^—$/)
    unmount()
  })
})
