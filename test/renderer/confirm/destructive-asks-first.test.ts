import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import { tick } from 'svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import CardsScreen from '../../../src/renderer/src/screens/CardsScreen.svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import ConnectionSettings from '../../../src/renderer/src/screens/settings/ConnectionSettings.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import VisitorCredentials from '../../../src/renderer/src/components/visitors/VisitorCredentials.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { batchesStore } from '../../../src/renderer/src/stores/batches.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { BatchDetail } from '../../../src/shared/batches/schemas'
import type { ChannelName } from '../../../src/shared/ipc/contract'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'
import { card, cardsMain } from '../cards/cards-main'
import { ok } from '../enroll/event-bridge'
// The Import screen asks for windows of a batch: answered from the batch scripted whole (batches.get).
import { eventBridge } from '../import/batch-windows'

/**
 * Destructive actions confirm first, on every screen, in the one ConfirmDialog: Cancel before the
 * destructive button and focused (Enter as it opens destroys nothing), and Cancel sends nothing.
 * Every destructive button of every screen is listed here; a new one is added to the list.
 */
afterEach(async () => {
  cleanup()
  cardsStore.reset()
  await deskLanguage.choose(null)
})

interface Opened {
  /** The destructive button, on screen. */
  button: HTMLElement
  /** Every call the screen made to main. */
  calls: [ChannelName, unknown][]
}
interface Destructive {
  where: string
  /** Renders the screen with main scripted and brings the destructive button on screen. */
  open: () => Promise<Opened>
  /** The write the button makes on the console: never sent after Cancel. */
  write: ChannelName
  /** The dialog's question. */
  question: RegExp
  /** The safe answer's words. */
  safe?: string
}

const ana = { id: 'u1', first_name: 'Ana', last_name: 'Ruiz', full_name: 'Ana Ruiz', user_email: 'ana@example.com' }

async function pinsRemove(): Promise<Opened> {
  const { bridge, calls } = scriptedBridge({
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
  return { button: await screen.findByRole('button', { name: /^Remove PIN/ }), calls }
}

/** Rosa holds a PIN, a card and a QR code. */
async function visitorCredentials(name: RegExp): Promise<Opened> {
  const rosa = visitorFixture('v1', 'Rosa', 'Jensen', {
    pin_code: { token: 'p' } as never,
    nfc_cards: [{ id: '0042', token: 'tok-42' }] as never
  })
  const { bridge, calls } = scriptedBridge({
    'visitors.qrState': () => ({ ok: true, result: { assigned: true, pngBase64: null } }),
    'visitors.unassignPin': () => ({ ok: true, result: null }),
    'visitors.unassignNfc': () => ({ ok: true, result: null }),
    'visitors.unassignQr': () => ({ ok: true, result: null })
  })
  setApiForTests(bridge)
  render(VisitorCredentials, { visitor: rosa, onchanged: () => undefined })
  await waitFor(() => expect(screen.getByTestId('qr-state')).toHaveTextContent(/has a QR code/))
  return { button: screen.getByRole('button', { name }), calls }
}

/** Card 0002 given to Ana Ruiz, its details open. */
async function cardDetails(name: RegExp): Promise<Opened> {
  const given = {
    ...card(2),
    status: 'assigned',
    user_id: 'u1',
    user_type: 'USER',
    user: { id: 'u1', name: 'Ana Ruiz' }
  }
  const main = cardsMain([card(1), given as never], { answerAtOnce: true })
  render(CardsScreen)
  await waitFor(() => expect(screen.getByTestId('card-count')).toHaveTextContent('2 of 2 cards'))
  cardsStore.selectAt(1)
  const details = await screen.findByRole('complementary', { name: 'Card details' })
  return { button: within(details).getByRole('button', { name }), calls: main.calls }
}

async function importRows(name: RegExp): Promise<Opened> {
  const batch: BatchDetail = {
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
    rows: [{ id: 'r1', nfcId: '04A23B1C', alias: 'Desk', addedAt: '', source: 'manual', status: 'pending' }]
  }
  const { bridge, calls } = eventBridge({
    'batches.list': () => ok({ batches: [batch], unreadable: [] }),
    'batches.get': () => ok(batch),
    'reader.status': () => ok({ state: 'ready', message: 'Ready', readers: [] }),
    'connections.test': () => ok({ ok: true, latencyMs: 3, url: 'https://console' }),
    'batches.deleteRow': () => ok(batch),
    'batches.delete': () => ok(null)
  })
  setApiForTests(bridge)
  render(ImportScreen)
  await batchesStore.open('b1')
  return { button: await screen.findByRole('button', { name }), calls }
}

/** Settings with one saved console. */
async function settingsRemove(): Promise<Opened> {
  const lab = {
    id: 'lab',
    name: 'Lab console',
    url: 'https://10.0.0.5:12445',
    fingerprint256: Array.from({ length: 32 }, () => 'AA').join(':'),
    demo: false,
    hasToken: true,
    tokenStorage: 'file'
  }
  const { bridge, calls } = scriptedBridge({
    'connections.list': () => ({ ok: true, result: { profiles: [lab], activeId: 'lab' } }),
    'connections.remove': () => ({ ok: true, result: null })
  })
  setApiForTests(bridge)
  await connection.load()
  render(ConnectionSettings)
  return { button: await screen.findByRole('button', { name: /^Remove the connection / }), calls }
}

const destructive: Destructive[] = [
  { where: 'PINs: Remove PIN', open: pinsRemove, write: 'pins.unassign', question: /Remove Ana Ruiz’s PIN\?/ },
  {
    where: 'Visitors: Remove PIN',
    open: () => visitorCredentials(/^Remove PIN/),
    write: 'visitors.unassignPin',
    question: /Remove Rosa Jensen’s PIN\?/
  },
  {
    where: 'Visitors: take a card back',
    open: () => visitorCredentials(/^Take back card 0042/),
    write: 'visitors.unassignNfc',
    question: /Take card 0042 back from Rosa Jensen\?/
  },
  {
    where: 'Visitors: Revoke QR code',
    open: () => visitorCredentials(/^Revoke QR code/),
    write: 'visitors.unassignQr',
    question: /Revoke the QR code of Rosa Jensen\?/,
    safe: 'Keep it'
  },
  {
    where: 'Cards: take a card back',
    open: () => cardDetails(/^Take back from Ana Ruiz/),
    write: 'cards.unassign',
    question: /Take card 0002 back from Ana Ruiz\?/
  },
  {
    where: 'Cards: Delete card',
    open: () => cardDetails(/^Delete card/),
    write: 'cards.delete',
    question: /Delete card 0002\?/
  },
  {
    where: 'Import: delete a row',
    open: () => importRows(/^Delete row 1/),
    write: 'batches.deleteRow',
    question: /Delete row 1 \(04A23B1C, Desk\)\?/
  },
  {
    where: 'Import: delete a batch',
    open: () => importRows(/^Delete batch/),
    write: 'batches.delete',
    question: /Delete the batch “Gate” and its 1 row\?/
  },
  {
    where: 'Settings: remove a connection',
    open: settingsRemove,
    write: 'connections.remove',
    question: /Remove the connection Lab console\?/
  }
]

describe('every destructive button of every screen asks first, in the one dialog', () => {
  it.each(destructive)('$where', async ({ open, write, question, safe = 'Cancel' }) => {
    const { button, calls } = await open()
    button.focus()
    await fireEvent.click(button)
    const dialog = await screen.findByRole('dialog', { name: question })
    // The one ConfirmDialog: its safe answer, then its destructive one.
    const cancel = within(dialog).getByRole('button', { name: safe })
    const destroy = dialog.querySelector<HTMLElement>('[data-destructive]')!
    expect(cancel).toHaveAttribute('data-safe')
    expect(destroy).toHaveClass('danger')
    expect(cancel.compareDocumentPosition(destroy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(document.activeElement).toBe(cancel)

    // Cancel: nothing is sent, the dialog goes, the focus is back on the button that asked.
    await fireEvent.click(cancel)
    await tick()
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(button))
    expect(calls.filter(([channel]) => channel === write)).toEqual([])

    // Asked again, the destructive answer sends the write once.
    await fireEvent.click(button)
    const again = await screen.findByRole('dialog', { name: question })
    await fireEvent.click(again.querySelector<HTMLElement>('[data-destructive]')!)
    await waitFor(() => expect(calls.filter(([channel]) => channel === write)).toHaveLength(1))
  })
})

/** The words of a dialog's text, as a set (lower case; numbers and one-letter words are no words). */
function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((word) => word.length > 1)
  )
}

/**
 * Words a dialog says alike in English and German: the fixtures' names, the product's name (UniFi Access)
 * and words German uses as they are (PIN, QR-Code, Token, Upload, Computer).
 */
const alike = new Set([
  'ana',
  'ruiz',
  'rosa',
  'jensen',
  'gate',
  'desk',
  'lab',
  'console',
  'access',
  'pin',
  'qr',
  'code',
  'token',
  'upload',
  'computer'
])

/**
 * Every word of each dialog follows the desk's language, the safe answer included: a screen that leaves
 * the safe answer to the dialog (no words of its own) gets the common words' Cancel in the desk's
 * language, never an English literal. The dialog is asked in English, then in German: no English word
 * of it is left in the German one.
 */
describe('every destructive button’s question is asked in the desk’s language', () => {
  it.each(destructive)('$where, in German', async ({ open, question }) => {
    const { button } = await open()
    await fireEvent.click(button)
    const english = await screen.findByRole('dialog', { name: question })
    const englishWords = wordsOf(english.textContent ?? '')
    await fireEvent.click(within(english).getByRole('button', { name: /^(Cancel|Keep it)$/ }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await deskLanguage.choose('de')
    await waitFor(() => expect(document.documentElement.lang).toBe('de'))
    await fireEvent.click(button)
    const german = await screen.findByRole('dialog')
    const safe = german.querySelector<HTMLElement>('[data-safe]')!
    expect(safe.textContent).toMatch(/^(Abbrechen|Behalten)$/)
    const left = [...wordsOf(german.textContent ?? '')].filter((w) => englishWords.has(w) && !alike.has(w))
    expect(left).toEqual([])
  })
})
