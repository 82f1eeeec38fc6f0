import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import VisitorForm from '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import VisitorCredentials from '../../../src/renderer/src/components/visitors/VisitorCredentials.svelte'
import CardDetails from '../../../src/renderer/src/components/cards/CardDetails.svelte'
import PurchaseDialog from '../../../src/renderer/src/components/touch-passes/PurchaseDialog.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { forgetSettlements } from '../../../src/renderer/src/stores/settled-writes.svelte'
import { formDrafts } from '../../../src/renderer/src/lib/form-drafts.svelte'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import { AppError, type AppErrorData } from '../../../src/shared/errors'
import { afterOutcome, readBackEnglish } from '../../../src/shared/read-back-words'
import { visitorFixture } from '../../support/visitor-fixture'
import { eventBridge, ok } from '../enroll/event-bridge'
import { card } from '../cards/cards-main'
import EnrollScreen from '../../../src/renderer/src/screens/EnrollScreen.svelte'
import { enrollStore } from '../../../src/renderer/src/stores/enroll.svelte'
import { frontReader } from '../enroll/reader-fixture'

/**
 * A write whose answer was lost, then found done by main's read-back (when the console answered again,
 * even across a restart of main): every form that made it says that one outcome, as done — a status,
 * not a red alert, no "may or may not" beside it — and never offers the same write again: its submit
 * turns into the next step or is off (stores/settled-writes `foundDone`). Each form is held to it here:
 * a new visitor, a walk-in, a card's alias, a Touch Pass purchase, a visitor's QR code, an enrolled
 * card taken over.
 */
afterEach(() => {
  cleanup()
  enrollStore.forOwner = null
  enrollStore.reset()
  forgetSettlements()
  formDrafts.clear()
  sites.reset()
})

/** An outcome found done after a lost answer, as the desk says it: the outcome, then the one read-back sentence. */
const readBackSaid = (outcome: string) => afterOutcome(outcome, readBackEnglish)

const lostWrite = (rowId: string): AppErrorData => ({
  kind: 'network',
  code: 'ECONNRESET',
  message: 'The connection to the console was cut.',
  hint: 'The console may have done it before its answer was lost: look at the record or the list again before trying again, so it is not done twice.',
  retryable: true,
  details: { answerLost: true, auditRow: rowId }
})
const refused = (rowId: string) => ({ ok: false as const, error: lostWrite(rowId) })

type Main = ReturnType<typeof eventBridge>
interface Made {
  main: Main
  where: () => HTMLElement
  /** The write's own button, as it was pressed. */
  write: RegExp
  /** How many times the write was sent: once, never again by itself. */
  sent: () => number
  /** What the form says once found done: what the write answered done says (its card, its person). */
  doneSays: string
  /** What the form shows as its next step, once found done. */
  next: () => Promise<void>
}

const offered = (button: HTMLElement) =>
  !button.hasAttribute('disabled') && button.getAttribute('aria-disabled') !== 'true'

async function visitorForm(rowId: string, draftSlot: 'today.walk-in' | null): Promise<Made> {
  const created = visitorFixture('v9', 'Nora', 'Lind')
  let creates = 0
  const main = eventBridge({
    'sites.topology': () => ok({ groups: [] }),
    // The first create's answer is lost; the same create asked again is answered from what main kept.
    'visitors.create': () => (creates++ === 0 ? refused(rowId) : ok({ ...created, readBack: true }))
  })
  setApiForTests(main.bridge)
  const onsaved = vi.fn()
  render(VisitorForm, {
    initialDoors: [{ id: 'd1', type: 'door' }],
    ...(draftSlot ? { draftSlot, walkIn: true } : {}),
    onsaved,
    oncancel: () => undefined
  })
  await fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Nora' } })
  await fireEvent.input(screen.getByLabelText('Last name'), { target: { value: 'Lind' } })
  await fireEvent.change(screen.getByLabelText('Reason for the visit'), { target: { value: 'Business' } })
  await fireEvent.click(screen.getByRole('button', { name: 'Create visitor' }))
  return {
    main,
    where: () => screen.getByTestId('visitor-form'),
    write: /^Create visitor$/,
    doneSays: readBackSaid('Visitor created'),
    sent: () => main.calls.filter(([c]) => c === 'visitors.create').length,
    next: async () => {
      // Typed after the failure: never sent; the create asked again is the very one sent before.
      await fireEvent.input(screen.getByLabelText('Last name'), { target: { value: 'Lindqvist' } })
      await fireEvent.click(screen.getByRole('button', { name: 'Show the visitor' }))
      await waitFor(() =>
        expect(onsaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'v9' }), { readBack: true })
      )
      const asked = main.calls.filter(([c]) => c === 'visitors.create').map(([, input]) => input)
      expect(asked).toHaveLength(2)
      expect(asked[1]).toEqual(asked[0])
      expect(asked[0]).toMatchObject({ last_name: 'Lind', ...(draftSlot ? { walkIn: true } : {}) })
    }
  }
}

const forms: Record<string, (rowId: string) => Promise<Made>> = {
  'new visitor': (rowId) => visitorForm(rowId, null),
  'walk-in': (rowId) => visitorForm(rowId, 'today.walk-in'),
  'card alias': async (rowId) => {
    const main = eventBridge({})
    setApiForTests(main.bridge)
    const onrename = vi.fn(async () => {
      throw AppError.fromData(lostWrite(rowId))
    })
    render(CardDetails, {
      card: card(7, 'Kitchen'),
      canEdit: true,
      onrename,
      ondelete: () => undefined,
      onassign: async () => undefined,
      onunassign: async () => undefined
    })
    await fireEvent.input(screen.getByLabelText('Alias'), { target: { value: 'Kitchen 2' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Save alias' }))
    await waitFor(() => expect(onrename).toHaveBeenCalledTimes(1))
    return {
      main,
      where: () => screen.getByTestId('alias-form'),
      write: /^Save alias$/,
      doneSays: readBackSaid('Alias saved.'),
      // The card screen sends it (onrename): once, above.
      sent: () => onrename.mock.calls.length,
      next: async () => {
        expect(screen.queryByTestId('alias-unsaved')).toBeNull()
        expect(screen.getByLabelText('Alias')).toHaveValue('Kitchen 2')
      }
    }
  },
  'touch pass purchase': async (rowId) => {
    // The console went down after the lost answer: the list cannot be counted, so the dialog is unsure.
    const main = eventBridge({
      'touchPasses.list': () => ({
        ok: false,
        error: { kind: 'network', code: 'ECONNREFUSED', message: 'The console is not answering.', retryable: true }
      }),
      'touchPasses.purchase': () => refused(rowId)
    })
    setApiForTests(main.bridge)
    const onpurchased = vi.fn()
    render(PurchaseDialog, { onclose: () => undefined, onpurchased })
    await fireEvent.input(screen.getByLabelText('Number of passes'), { target: { value: '1' } })
    await fireEvent.click(screen.getByRole('checkbox'))
    await fireEvent.click(screen.getByRole('button', { name: /Buy 1 and charge/ }))
    await screen.findByTestId('purchase-check-list')
    return {
      main,
      where: () => document.body,
      write: /and charge/,
      doneSays: '1 pass bought — found when the console answered again.',
      sent: () => main.calls.filter(([c]) => c === 'touchPasses.purchase').length,
      next: async () => {
        expect(screen.getByTestId('purchase-found-done')).toHaveTextContent(
          '1 pass bought — found when the console answered again.'
        )
        expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
        expect(onpurchased).toHaveBeenCalledWith([])
      }
    }
  },
  'enrolled card taken over': async (rowId) => {
    // Ben Ng holds the card tapped; Hana Ng gets it by a take-over whose answer is lost.
    const held = {
      ...card(2, ''),
      user_id: 'u-ben',
      user_type: 'USER',
      user: { id: 'u-ben', first_name: 'Ben', last_name: 'Ng' }
    }
    const main = eventBridge({
      'sites.devices': () => ok({ items: [frontReader()] }),
      'sites.doors': () => ok({ items: [] }),
      'enroll.capabilities': () => ok({ canEnroll: true }),
      'enroll.start': () => ok({ enrollmentId: 'e1' }),
      'users.search': () => ok({ items: [], total: 0 }),
      'visitors.list': () => ok({ items: [], total: 0 }),
      'cards.get': () => ok(held),
      'enroll.assign': (input) =>
        (input as { force?: boolean }).force
          ? refused(rowId)
          : {
              ok: false,
              error: {
                kind: 'conflict',
                code: 'CODE_CREDS_NFC_HAS_BIND_USER',
                message: 'This card already belongs to someone else.',
                retryable: false
              }
            }
    })
    setApiForTests(main.bridge)
    enrollStore.enrollFor({ type: 'user', id: 'u-hana', name: 'Hana Ng' })
    render(EnrollScreen)
    await screen.findAllByRole('radio')
    await fireEvent.click(screen.getByRole('button', { name: /^Start/ }))
    await waitFor(() => expect(enrollStore.phase).toBe('running'))
    main.emit('enroll.progress', {
      enrollmentId: 'e1',
      deviceId: 'd1',
      state: 'done',
      secondsLeft: 40,
      card: { token: held.token, cardId: '100002' }
    })
    await waitFor(() => expect(enrollStore.holderRead).not.toBeNull())
    await enrollStore.holderRead
    await fireEvent.click(await screen.findByRole('button', { name: 'Give it to Hana Ng (user)' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Take it over for Hana Ng' }))
    const takeOvers = () =>
      main.calls.filter(([c, input]) => c === 'enroll.assign' && (input as { force?: boolean }).force).length
    await waitFor(() => expect(takeOvers()).toBe(1))
    return {
      main,
      where: () => screen.getByTestId('assign-card'),
      write: /^(Give|Take it over)/,
      // The card and the person, as the give answered done says them.
      doneSays: readBackSaid('Card 100002 now belongs to Hana Ng.'),
      sent: takeOvers,
      next: async () => {
        // Neither Give nor the take-over is offered, nor the search that leads to Give.
        expect(screen.getByTestId('assign-card').querySelector('input[type=search]')).toBeNull()
      }
    }
  },
  'QR code': async (rowId) => {
    let assigned = false
    const main = eventBridge({
      'visitors.qrState': () => ok({ assigned, pngBase64: null }),
      'visitors.assignQr': () => {
        assigned = true
        return refused(rowId)
      }
    })
    setApiForTests(main.bridge)
    render(VisitorCredentials, { visitor: visitorFixture('v1', 'Rosa', 'Jensen'), onchanged: () => undefined })
    await waitFor(() => expect(screen.getByTestId('qr-state')).toHaveTextContent(/No QR code yet/))
    await fireEvent.click(screen.getByRole('button', { name: 'Assign QR code' }))
    return {
      main,
      where: () => document.body,
      write: /^Assign QR code$/,
      doneSays: readBackSaid('QR code assigned'),
      sent: () => main.calls.filter(([c]) => c === 'visitors.assignQr').length,
      next: async () => {
        // The code the console holds is read (nothing sent) and shown, as after an assign.
        await waitFor(() => expect(screen.getByTestId('qr-state')).toHaveTextContent('Rosa Jensen has a QR code'))
      }
    }
  }
}

describe('a write found done says so once, and the form moves on', () => {
  it.each(Object.keys(forms).map((name) => [name]))('%s', async (name) => {
    const made = await forms[name]!('row-51')
    const { main, where } = made
    await waitFor(() =>
      expect(within(where()).getByRole('alert')).toHaveTextContent(/may have done it|connection was cut/)
    )
    expect(made.sent()).toBe(1)

    main.emit('audit.settled', { rowId: 'row-51', done: true })

    // One outcome, said as done: a status, no alert, nothing unsure beside it. It says what the write
    // answered done says (what was done, to whom), never a bare "done after all" naming neither.
    await waitFor(() => expect(within(where()).queryByRole('alert')).toBeNull())
    expect(where()).toHaveTextContent(made.doneSays)
    expect(where()).not.toHaveTextContent(/may have done it|may or may not|not saved|Done after all|Look at the record/)
    // Said as a status: a live region of the form, or the app's one announcer (lib/action-outcome) for a
    // form whose outcome replaces it (a role=status drawn already filled is not read out).
    const inForm = within(where()).queryAllByRole('status').length > 0
    await waitFor(() => expect(inForm || String(announcer.message).includes(made.doneSays)).toBe(true))
    // The write is not offered again, and nothing was sent again by itself.
    const again = within(where()).queryAllByRole('button', { name: made.write })
    expect(again.filter(offered)).toEqual([])
    expect(made.sent()).toBe(1)
    await made.next()
  })
})
