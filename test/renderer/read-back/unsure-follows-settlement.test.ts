import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import VisitorForm from '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import CardDetails from '../../../src/renderer/src/components/cards/CardDetails.svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { forgetSettlements } from '../../../src/renderer/src/stores/settled-writes.svelte'
import { reestablishAll } from '../../../src/renderer/src/lib/main-restarts'
import { formDrafts } from '../../../src/renderer/src/lib/form-drafts.svelte'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { AppError, type AppErrorData } from '../../../src/shared/errors'
import type { TouchPass } from '../../../src/shared/access/touch-passes'
import type { WriteSettled } from '../../../src/shared/audit/write-settled'
import { eventBridge, ok } from '../enroll/event-bridge'
import { card } from '../cards/cards-main'
import { passOf } from '../touch-passes/pass-fixture'

/**
 * A write whose answer was lost says "the console may have done it" until main settles it by reading
 * the console back (what the Audit records as Done / Not done): then every form that shows that notice
 * says what the read found instead (stores/settled-writes, through ErrorNotice). Each form that shows the
 * notice is held to it here: a new visitor, a walk-in, a card's alias, a Touch Pass's name.
 */
afterEach(() => {
  cleanup()
  forgetSettlements()
  formDrafts.clear()
  sites.reset()
  touchPasses.reset()
})

/** The error main sends for a write whose answer was lost, naming its audit row (settle-write.ts). */
const lostWrite = (rowId: string): AppErrorData => ({
  kind: 'network',
  code: 'ECONNRESET',
  message: 'The connection to the console was cut.',
  hint: 'The console may have done it (Create visitor) before its answer was lost: look at the record or the list again before trying again, so it is not done twice.',
  retryable: true,
  details: { answerLost: true, auditRow: rowId }
})
const refused = (rowId: string) => ({ ok: false as const, error: lostWrite(rowId) })

type Main = ReturnType<typeof eventBridge>
const pass: TouchPass = { ...passOf('7', 'ACTIVE', 'Old name'), user_id: 'u9', user_name: 'Viktor Ng' }

/** Each form: make its write fail with a lost answer (row `rowId`), and the box its notice shows in. */
const forms: Record<string, (rowId: string) => Promise<{ main: Main; where: () => HTMLElement }>> = {
  'new visitor': async (rowId) => visitorForm(rowId, null),
  'walk-in': async (rowId) => visitorForm(rowId, 'today.walk-in'),
  'card alias': async (rowId) => {
    const main = eventBridge({})
    setApiForTests(main.bridge)
    render(CardDetails, {
      card: card(7, 'Kitchen'),
      canEdit: true,
      onrename: async () => {
        throw AppError.fromData(lostWrite(rowId))
      },
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    })
    await fireEvent.input(screen.getByLabelText('Alias'), { target: { value: 'Kitchen 2' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save alias' }))
    return { main, where: () => screen.getByTestId('alias-form') }
  },
  'touch pass name': async (rowId) => {
    const main = eventBridge({
      'touchPasses.list': () => ok({ items: [pass], total: 1 }),
      'touchPasses.get': () => ok(pass),
      'touchPasses.capabilities': () => ok({ canEdit: true, canAssign: true }),
      'touchPasses.rename': () => refused(rowId)
    })
    setApiForTests(main.bridge)
    render(TouchPassesScreen)
    await fireEvent.click(await screen.findByRole('button', { name: pass.card_id }))
    await fireEvent.input(screen.getByLabelText('Name on the pass'), { target: { value: 'Spare' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Rename' }))
    return { main, where: () => document.body }
  }
}

async function visitorForm(rowId: string, draftSlot: 'today.walk-in' | null) {
  const main = eventBridge({
    'sites.topology': () => ok({ groups: [] }),
    'visitors.create': () => refused(rowId)
  })
  setApiForTests(main.bridge)
  render(VisitorForm, {
    initialDoors: [{ id: 'd1', type: 'door' }],
    ...(draftSlot ? { draftSlot } : {}),
    onsaved: () => undefined,
    oncancel: () => undefined
  })
  await fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Nora' } })
  await fireEvent.input(screen.getByLabelText('Last name'), { target: { value: 'Lind' } })
  await fireEvent.change(screen.getByLabelText('Reason for the visit'), { target: { value: 'Business' } })
  await fireEvent.click(screen.getByRole('button', { name: /Create visitor|Add walk-in/ }))
  return { main, where: () => screen.getByTestId('visitor-form') }
}

const notice = (where: HTMLElement) => within(where).getByRole('alert')

describe('an unsure notice follows what main settled', () => {
  it.each(Object.keys(forms).map((name) => [name]))(
    '%s: "may have done it", then "Not done" once settled',
    async (name) => {
      const { main, where } = await forms[name]!('row-41')
      await waitFor(() => expect(notice(where())).toHaveTextContent('may have done it'))

      // Another write's settlement changes nothing here.
      main.emit('audit.settled', { rowId: 'row-other', done: true } satisfies WriteSettled)
      await Promise.resolve()
      expect(notice(where())).toHaveTextContent('may have done it')

      main.emit('audit.settled', { rowId: 'row-41', done: false })
      await waitFor(() =>
        expect(notice(where())).toHaveTextContent(
          'Not done: the console’s answer was lost, and reading it back shows this was not done.'
        )
      )
      expect(notice(where())).toHaveTextContent('Nothing changed on the console, so trying again is safe.')
      expect(notice(where())).not.toHaveTextContent('may have done it')
    }
  )

  it('done after all: said so, and Try again is no longer offered', async () => {
    const { main, where } = await forms['card alias']!('row-42')
    await waitFor(() => expect(within(where()).getByRole('button', { name: 'Try again' })).toBeInTheDocument())
    main.emit('audit.settled', { rowId: 'row-42', done: true })
    // Done is the outcome asked for: said as a status, not an alert (found-done-moves-on holds the forms).
    const done = () => within(where()).getByRole('status')
    // What the save answered done says, then the one read-back sentence (ErrorNotice `doneSays`).
    await waitFor(() =>
      expect(done()).toHaveTextContent(
        "Alias saved. The console's answer was lost, so this was read back from the console; nothing was sent twice."
      )
    )
    expect(within(where()).queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it('an error that already says what the read-back found keeps its own words', async () => {
    const main = eventBridge({})
    setApiForTests(main.bridge)
    const read = lostWrite('row-43')
    render(CardDetails, {
      card: card(7, 'Kitchen'),
      canEdit: true,
      onrename: async () => {
        throw AppError.fromData({
          ...read,
          message: 'The alias was not saved: reading the card back shows “Kitchen”.',
          details: { ...read.details, outcome: 'not-done' }
        })
      },
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    })
    await fireEvent.input(screen.getByLabelText('Alias'), { target: { value: 'Kitchen 2' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save alias' }))
    const form = screen.getByTestId('alias-form')
    await waitFor(() => expect(notice(form)).toHaveTextContent('The alias was not saved'))
    main.emit('audit.settled', { rowId: 'row-43', done: true })
    await Promise.resolve()
    expect(notice(form)).toHaveTextContent('The alias was not saved')
    expect(notice(form)).not.toHaveTextContent('Done after all')
  })

  it('main restarted and settled the row before the tab was back: on reconnecting the notice says what it found', async () => {
    const { main, where } = await forms['walk-in']!('row-44')
    await waitFor(() => expect(notice(where())).toHaveTextContent('may have done it'))
    // The restarted main settled the row while the tab was away: its audit.settled was heard by nobody.
    const settledRow = {
      id: 'row-44',
      at: '2026-05-04T09:00:00.000Z',
      console: { name: 'Demo console', url: 'https://127.0.0.1:12445' },
      desk: { user: 'ana', host: 'desk-7' },
      action: 'create',
      endpoint: { id: 'E17', title: 'Create visitor' },
      target: { kind: 'visitor', name: 'Nora Lind' },
      outcome: 'ok',
      said: { key: 'settled', done: true, later: true }
    }
    main.answers['audit.list'] = () => ok({ items: [settledRow], total: 1, all: 1, consoles: [], retentionDays: 90 })
    await reestablishAll()
    await waitFor(() =>
      expect(within(where()).getByRole('status')).toHaveTextContent(
        "Visitor created. The console's answer was lost, so this was read back from the console; nothing was sent twice."
      )
    )
    expect(main.calls.filter(([c]) => c === 'audit.list')).toEqual([
      ['audit.list', { filter: { id: 'row-44' }, limit: 1 }]
    ])
  })
})
