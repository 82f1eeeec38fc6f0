import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import VisitorCredentials from '../../../src/renderer/src/components/visitors/VisitorCredentials.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { OutcomeLines, announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { batchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import type { BatchDetail } from '../../../src/shared/batches/schemas'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'
import { card, cardsMain } from '../cards/cards-main'
import { ok } from '../enroll/event-bridge'
// The Import screen asks for windows of a batch: answered from the batch scripted whole (batches.get).
import { eventBridge } from '../import/batch-windows'

/**
 * Starting an action clears the earlier outcome lines, on every screen (lib/action-outcome OutcomeLines):
 * the words of one action are never left beside the next one's. Each screen that shows outcome or error
 * lines is listed: a line is shown by one action, then another action starts and the line is gone.
 */
afterEach(() => {
  cleanup()
  cardsStore.reset()
})

/** Confirms the app's one question (destructive actions ask first). */
const confirmDialog = async () =>
  fireEvent.click((await screen.findByRole('dialog')).querySelector<HTMLElement>('[data-destructive]')!)

interface Screen {
  where: string
  /** Renders it and shows an outcome line; returns that line. */
  show: () => Promise<HTMLElement>
  /** Starts another action of the screen. */
  next: () => Promise<unknown>
}

const ana = { id: 'u1', first_name: 'Ana', last_name: 'Ruiz', full_name: 'Ana Ruiz', user_email: 'ana@example.com' }

const screens: Screen[] = [
  {
    where: 'PINs: "removed" goes when a PIN is generated',
    async show() {
      const { bridge } = scriptedBridge({
        'pins.generate': () => ({ ok: true, result: { pin: '48152637' } }),
        'users.search': () => ({ ok: true, result: { items: [ana], total: 1 } }),
        'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
        'pins.held': () => ({ ok: true, result: { held: true } }),
        'pins.unassign': () => ({ ok: true, result: { unassigned: true } })
      })
      setApiForTests(bridge)
      render(PinsScreen)
      await fireEvent.click(screen.getByText("Remove someone's PIN"))
      await fireEvent.input(screen.getByRole('searchbox', { name: 'Whose PIN' }), { target: { value: 'Ana' } })
      await fireEvent.click(await screen.findByRole('option', { name: /Ana Ruiz/ }, { timeout: 2000 }))
      await fireEvent.click(await screen.findByRole('button', { name: 'Remove PIN…' }))
      await confirmDialog()
      return screen.findByTestId('pin-removed')
    },
    next: () => fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
  },
  {
    where: 'Cards: "Alias saved." goes when the card is taken back',
    async show() {
      const given = {
        ...card(2),
        status: 'assigned',
        user_id: 'u1',
        user_type: 'USER',
        user: { id: 'u1', name: 'Ana' }
      }
      cardsMain([card(1), given as never], { answerAtOnce: true })
      render(CardsScreen)
      await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 of 2 cards'))
      cardsStore.selectAt(1)
      const details = await screen.findByRole('complementary', { name: 'Card details' })
      await fireEvent.input(within(details).getByLabelText('Alias'), { target: { value: 'Front desk' } })
      await fireEvent.click(within(details).getByRole('button', { name: 'Save alias' }))
      return screen.findByTestId('card-saved-note')
    },
    async next() {
      await fireEvent.click(screen.getByRole('button', { name: /^Take back from / }))
      await confirmDialog()
    }
  },
  {
    where: 'Cards: "Alias saved." goes when Assign is started (its search opens, nothing sent yet)',
    async show() {
      cardsMain([card(1), card(2)], { answerAtOnce: true })
      render(CardsScreen)
      await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 of 2 cards'))
      cardsStore.selectAt(1)
      const details = await screen.findByRole('complementary', { name: 'Card details' })
      await fireEvent.input(within(details).getByLabelText('Alias'), { target: { value: 'Front desk' } })
      await fireEvent.click(within(details).getByRole('button', { name: 'Save alias' }))
      return screen.findByTestId('card-saved-note')
    },
    next: () => fireEvent.click(screen.getByRole('button', { name: 'Assign to a person…' }))
  },
  {
    where: 'Visitors: "QR code revoked" goes when a PIN is assigned',
    async show() {
      const rosa = visitorFixture('v1', 'Rosa', 'Jensen')
      const { bridge } = scriptedBridge({
        'visitors.qrState': () => ({ ok: true, result: { assigned: true, pngBase64: null } }),
        'visitors.unassignQr': () => ({ ok: true, result: null }),
        'visitors.assignNewPin': () => ({ ok: true, result: { pin: '123456' } })
      })
      setApiForTests(bridge)
      render(VisitorCredentials, { visitor: rosa, onchanged: () => undefined })
      await waitFor(() => expect(screen.getByTestId('qr-state')).toHaveTextContent(/has a QR code/))
      await fireEvent.click(screen.getByRole('button', { name: 'Revoke QR code…' }))
      await confirmDialog()
      return screen.findByTestId('qr-revoked')
    },
    next: () => fireEvent.click(screen.getByRole('button', { name: 'Generate and assign PIN' }))
  },
  {
    where: 'Import: the note on the card typed goes when a row is deleted',
    async show() {
      const row = {
        id: 'r1',
        nfcId: '04A23B1C',
        alias: '',
        addedAt: '',
        source: 'manual' as const,
        status: 'pending' as const
      }
      let batch: BatchDetail = {
        id: 'b1',
        name: 'Gate',
        aliasPattern: null,
        byteOrder: 'as-read',
        nextNumber: 1,
        createdAt: '',
        updatedAt: '',
        state: 'draft',
        console: null,
        counts: { total: 1, pending: 1, imported: 0, failed: 0, unknown: 0 },
        rows: [row]
      }
      const { bridge } = eventBridge({
        'batches.list': () => ok({ batches: [batch], unreadable: [] }),
        'batches.get': () => ok(batch),
        'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
        'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
        // The same card typed again: a duplicate, said in the typed note.
        'batches.addScan': () => ok({ duplicate: true, row }),
        'batches.deleteRow': () => {
          batch = { ...batch, rows: [] }
          return ok(batch)
        }
      })
      setApiForTests(bridge)
      render(ImportScreen)
      await batchesStore.open('b1')
      await fireEvent.input(await screen.findByRole('textbox', { name: 'NFC ID to add' }), {
        target: { value: '04A23B1C' }
      })
      await fireEvent.click(screen.getByRole('button', { name: 'Add' }))
      return screen.findByTestId('typed-note')
    },
    async next() {
      await fireEvent.click(screen.getByRole('button', { name: 'Delete row 1' }))
      await confirmDialog()
    }
  }
]

describe('starting an action clears the earlier outcome lines, on every screen', () => {
  it.each(screens)('$where', async ({ show, next }) => {
    const line = await show()
    expect(line).toBeVisible()
    await next()
    await waitFor(() => expect(line.isConnected).toBe(false))
  })
})

/**
 * Another record opened (Cards' card, Visitors' visitor): the record left's words go from the screen's
 * lines and from the live region, which held them after they were said (a reader reaching it heard
 * "Card 0002 belongs to Ben Ng now…" beside another card). Cards: `test/renderer/cards/cards-outcomes.test.ts`.
 */
describe('another record opened: the words of the one left go', () => {
  it('empties every line of the screen and the live region', async () => {
    const lines = new OutcomeLines()
    const saved = lines.line('saved')
    saved.say('Alias saved.')
    await waitFor(() => expect(announcer.message).toBe('Alias saved.'))
    lines.recordOpened()
    expect(saved.text).toBe('')
    expect(announcer.message).toBe('')
  })
})
