import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/svelte'
import BadgesScreen from '../../../src/renderer/src/screens/BadgesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import { jobEnded } from '../../../src/main/services/printing/printer-failure'
import { notPrinted } from '../../../src/main/services/badges/history'
import { printedLater } from '../../../src/shared/badges/newest-prints'
import { deskFormats } from '../../../src/renderer/src/lib/i18n/desk-formats'
import { scriptedBridge } from '../../support/fake-bridge'
import type { BadgeHistoryEntry } from '../../../src/shared/badges/schemas'

/**
 * A badge the printer did not print, then printed for the same visitor: its failed row in the print
 * history says when it was printed after, and invites no second badge (no Try again). A failure not
 * followed by a print keeps its Try again.
 */
const lobby = { url: 'ipp://10.0.0.9:631/ipp/print', displayName: 'Lobby' }
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T
const aborted = notPrinted(jobEnded(lobby, 1, 'aborted', ['aborted-by-system'], []))

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 30, 9, minutes)).toISOString()
const entry = (
  id: string,
  visitorId: string,
  name: string,
  printedAt: string,
  failed?: BadgeHistoryEntry['failed']
): BadgeHistoryEntry => ({
  id,
  visitorId,
  name,
  company: '',
  host: '',
  validFrom: 0,
  validTo: 1,
  stock: 'dk-11202',
  printedAt,
  output: 'printer' as const,
  printer: 'Lobby',
  ...(failed ? { failed } : {})
})

afterEach(() => cleanup())

describe('a failed print followed by a print of the same badge', () => {
  const history = [
    entry('h3', 'v1', 'Léa Dubois', at(12)),
    entry('h2', 'v2', 'Ivo Brandt', at(11), aborted),
    entry('h1', 'v1', 'Léa Dubois', at(10), aborted)
  ]

  it('the rule: a failure with a printed badge of the same visitor after it, and when', () => {
    expect(printedLater(history)).toEqual(new Map([['h1', at(12)]]))
    // A print before the failure, or a PDF after it, is no badge printed after it.
    expect(
      printedLater([
        { ...entry('p2', 'v1', 'Léa Dubois', at(12)), output: 'pdf' as const },
        entry('p1', 'v1', 'Léa Dubois', at(11), aborted),
        entry('p0', 'v1', 'Léa Dubois', at(10))
      ])
    ).toEqual(new Map())
  })

  it('Badges: the failed row says it was printed later and offers no Try again; the other keeps it', async () => {
    const { bridge } = scriptedBridge({
      'badges.settings': () => ({
        ok: true,
        result: { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false }
      }),
      'badges.history': () => ({ ok: true, result: { items: wire(history) } }),
      'badges.printers': () => ({ ok: true, result: { available: false, items: [] } }),
      'app.info': () => ({ ok: true, result: { name: 'Access Desk', version: '0', transport: 'web' } })
    })
    setApiForTests(bridge)
    badgeDesk.visitorId = null
    badgeDesk.reprintOf = null
    render(BadgesScreen)

    const table = await screen.findByTestId('badge-history')
    await expect.poll(() => within(table).queryAllByRole('row').length, { timeout: 5000 }).toBe(4)
    const [, printed, other, failed] = within(table).getAllByRole('row')
    expect(failed).toHaveTextContent(`Printed later, at ${deskFormats().dateTimeWithSeconds(new Date(at(12)))}`)
    expect(within(failed!).queryByRole('button')).toBeNull()
    expect(within(printed!).getByRole('button', { name: 'Reprint Léa Dubois’s badge…' })).toBeInTheDocument()
    expect(within(other!).getByRole('button', { name: 'Try again Ivo Brandt’s badge…' })).toBeInTheDocument()
  })
})
