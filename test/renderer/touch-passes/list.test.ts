import { beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import type { TouchPass } from '../../../src/shared/access/touch-passes'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'
import { passOf } from './pass-fixture'

const pass = passOf

/**
 * `touchPasses.list` answering the screen's first page at once and holding back the next one
 * until `release()`: what is on screen while a list is asked but not yet in.
 */
function secondPageHeld(second: TouchPass) {
  let release: (() => void) | undefined
  let pages = 0
  const list = () =>
    ++pages === 1
      ? { ok: true as const, result: { items: [pass('1', 'ACTIVE')], total: 2000 } }
      : new Promise<Envelope>((resolve) => {
          release = () => resolve({ ok: true, result: { items: [second], total: 2000 } })
        })
  return { list, asked: () => release !== undefined, release: () => release!() }
}

describe('Touch Pass list', () => {
  beforeEach(() => {
    touchPasses.reset()
    touchPasses.status = ''
  })

  const bridgeWith = (extra: Parameters<typeof scriptedBridge>[0] = {}) =>
    scriptedBridge({
      'touchPasses.list': () => ({ ok: true, result: { items: [pass('1', 'ACTIVE')], total: 1 } }),
      'touchPasses.capabilities': () => ({ ok: true, result: { canEdit: true, canAssign: true } }),
      ...extra
    })

  it('offers the expired passes: every page read, and the screen says why', async () => {
    const { bridge, calls } = bridgeWith({
      'touchPasses.expired': () => ({ ok: true, result: { items: [pass('9', 'EXPIRED')], scanned: 14 } })
    })
    setApiForTests(bridge)
    render(TouchPassesScreen)
    await screen.findByTestId('passes-table')
    const status = screen.getByLabelText('Status')
    expect([...status.querySelectorAll('option')].map((o) => o.value)).toContain('EXPIRED')
    await fireEvent.change(status, { target: { value: 'EXPIRED' } })
    expect(await screen.findByTestId('expired-note')).toHaveTextContent(
      'cannot be filtered to expired passes, so all 14 passes it lists were read'
    )
    expect(screen.getByTestId('passes-table')).toHaveTextContent('Expired')
    expect(screen.getByTestId('pager-summary')).toHaveTextContent('Page 1 of 1 · 1 pass')
    // Never the list's status filter with EXPIRED, which the console does not take.
    expect(calls.some(([c, input]) => c === 'touchPasses.list' && JSON.stringify(input).includes('EXPIRED'))).toBe(
      false
    )
  })

  it('asks what the token may change once the first page is in, not beside it (one connection for the page)', async () => {
    let answerPage: (() => void) | undefined
    const { bridge, calls } = bridgeWith({
      'touchPasses.list': () =>
        new Promise((resolve) => {
          answerPage = () => resolve({ ok: true, result: { items: [pass('1', 'ACTIVE')], total: 1 } })
        }),
      'touchPasses.capabilities': () => ({
        ok: true,
        result: { canEdit: false, missingPermission: 'edit:credential', canAssign: true }
      })
    })
    setApiForTests(bridge)
    render(TouchPassesScreen)
    await waitFor(() => expect(answerPage).toBeDefined())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls.map(([c]) => c)).toEqual(['touchPasses.list'])
    answerPage!()
    await screen.findByTestId('passes-table')
    await waitFor(() => expect(calls.map(([c]) => c)).toEqual(['touchPasses.list', 'touchPasses.capabilities']))
    expect(await screen.findByTestId('permission-note')).toHaveTextContent('edit:credential')
  })

  it('draws a list read whole a page at a time, here, and keeps it until the next list is in', async () => {
    const free = Array.from({ length: 60 }, (_, i) => pass(String(i + 1), 'INACTIVE'))
    const page = secondPageHeld(pass('99', 'SUSPENDED'))
    const { bridge, calls } = bridgeWith({
      'touchPasses.assignable': () => ({ ok: true, result: { items: free } }),
      'touchPasses.list': page.list
    })
    setApiForTests(bridge)
    render(TouchPassesScreen)
    const table = await screen.findByTestId('passes-table')
    await fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'ASSIGNABLE' } })
    await waitFor(() => expect(screen.getByTestId('pager-summary')).toHaveTextContent('Page 1 of 3 · 60 passes'))
    const ids = () => [...table.querySelectorAll('tbody tr td.id')].map((td) => td.textContent?.trim())
    expect(ids()).toHaveLength(25)
    expect(ids()[0]).toBe('AAAA-BBBB-CCCC-0001')
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByTestId('pager-summary')).toHaveTextContent('Page 3 of 3 · 60 passes')
    expect(ids()).toEqual(free.slice(50).map((p) => p.card_id))
    // Pages of a list read whole are turned here: the console was asked once.
    expect(calls.filter(([c]) => c === 'touchPasses.assignable')).toHaveLength(1)
    // Back to every status: until the console's page is in, the whole list stays drawn a page at a time.
    await fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } })
    await waitFor(() => expect(page.asked()).toBe(true))
    expect(ids()).toHaveLength(10)
    page.release()
    await waitFor(() => expect(ids()).toEqual(['AAAA-BBBB-CCCC-0099']))
    expect(screen.getByTestId('pager-summary')).toHaveTextContent('Page 1 of 80 · 2,000 passes')
  })

  it('searches as you type', async () => {
    const { bridge, calls } = bridgeWith({
      'touchPasses.search': () => ({ ok: true, result: { items: [pass('7', 'PENDING')] } })
    })
    setApiForTests(bridge)
    render(TouchPassesScreen)
    await screen.findByTestId('passes-table')
    const field = screen.getByLabelText('Search by card id or user name')
    for (const typed of ['0', '00', '000', '0007']) await fireEvent.input(field, { target: { value: typed } })
    await waitFor(() => expect(screen.getByTestId('passes-table')).toHaveTextContent('Waiting for the user'))
    expect(calls.filter(([c]) => c === 'touchPasses.search')).toEqual([['touchPasses.search', { condition: '0007' }]])
  })

  it('shows the first 100 of a search that matches many, and says how to narrow it', async () => {
    const many = Array.from({ length: 1500 }, (_, i) => pass(String(i + 1), 'ACTIVE'))
    const { bridge } = bridgeWith({ 'touchPasses.search': () => ({ ok: true, result: { items: many } }) })
    setApiForTests(bridge)
    render(TouchPassesScreen)
    await screen.findByTestId('passes-table')
    await fireEvent.input(screen.getByLabelText('Search by card id or user name'), { target: { value: 'A' } })
    await waitFor(() => expect(screen.getByTestId('passes-count')).toHaveTextContent('1,500 found'))
    expect(screen.getByTestId('passes-count')).toHaveTextContent(
      "1,500 found: the first 100 are shown. Type more of the card id or the holder's name to narrow the search."
    )
    const rows = screen.getByTestId('passes-table').querySelectorAll('tbody tr')
    expect(rows).toHaveLength(100)
    expect(rows[0]).toHaveTextContent('AAAA-BBBB-CCCC-0001')
    expect(rows[99]).toHaveTextContent('AAAA-BBBB-CCCC-0100')
  })

  it('a cleared search keeps its results capped until the first page replaces them', async () => {
    const many = Array.from({ length: 1500 }, (_, i) => pass(String(i + 1), 'ACTIVE'))
    const page = secondPageHeld(pass('2', 'SUSPENDED'))
    const { bridge } = bridgeWith({
      'touchPasses.search': () => ({ ok: true, result: { items: many } }),
      'touchPasses.list': page.list
    })
    setApiForTests(bridge)
    render(TouchPassesScreen)
    await screen.findByTestId('passes-table')
    const field = screen.getByLabelText('Search by card id or user name')
    await fireEvent.input(field, { target: { value: 'A' } })
    await waitFor(() => expect(screen.getByTestId('passes-count')).toHaveTextContent('1,500 found'))
    await fireEvent.input(field, { target: { value: '' } })
    await waitFor(() => expect(page.asked()).toBe(true))
    // Asked, not answered: the 1,500 results are still what is on screen, still 100 rows and said to be a search.
    const table = screen.getByTestId('passes-table')
    expect(table.querySelectorAll('tbody tr')).toHaveLength(100)
    expect(screen.getByTestId('passes-count')).toHaveTextContent('1,500 found: the first 100 are shown')
    expect(screen.getByRole('button', { name: 'Show all' })).toBeInTheDocument()
    page.release()
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(1))
    expect(table).toHaveTextContent('Suspended')
    expect(screen.queryByRole('button', { name: 'Show all' })).toBeNull()
  })

  it('says statuses in words, in the table and in the filter', async () => {
    const { bridge } = bridgeWith({
      'touchPasses.list': () => ({
        ok: true,
        result: {
          items: [pass('1', 'ACTIVE'), pass('2', 'PENDING'), pass('3', 'SUSPENDED'), pass('4', 'INACTIVE')],
          total: 4
        }
      })
    })
    setApiForTests(bridge)
    render(TouchPassesScreen)
    const table = await screen.findByTestId('passes-table')
    const statuses = [...table.querySelectorAll('tbody tr td:nth-child(3)')].map((td) => td.textContent?.trim())
    expect(statuses).toEqual(['Active', 'Waiting for the user', 'Suspended', 'Unassigned'])
    const options = [...screen.getByLabelText('Status').querySelectorAll('option')].map((o) => o.textContent)
    for (const option of options) expect(option).not.toMatch(/\b(ACTIVE|PENDING|SUSPENDED|INACTIVE|EXPIRED)\b/)
  })

  it('keeps the card id on one line and cuts a long name, whose whole text is its title', async () => {
    const long = 'Front desk spare for the evening shift and weekend cover and more'
    const { bridge } = bridgeWith({
      'touchPasses.list': () => ({ ok: true, result: { items: [pass('1', 'ACTIVE', long)], total: 1 } })
    })
    setApiForTests(bridge)
    render(TouchPassesScreen)
    const cell = await screen.findByTitle(long)
    expect(cell).toHaveClass('clip')
    expect(screen.getByRole('button', { name: 'AAAA-BBBB-CCCC-0001' }).closest('td')).toHaveClass('id')
  })
})
