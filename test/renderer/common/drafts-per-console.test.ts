import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { formDrafts } from '../../../src/renderer/src/lib/form-drafts.svelte'
import {
  draftKinds,
  draftKindsHeld,
  discardDraftsOf,
  draftsKeptWith,
  keptWords,
  type DraftKind
} from '../../../src/renderer/src/lib/draft-kinds'
import { aliasDrafts } from '../../../src/renderer/src/stores/cards.svelte'
import { passNameDrafts } from '../../../src/renderer/src/stores/pass-name-drafts'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
// Loaded for its console switch (its reset), as the Today screen loads it.
import '../../../src/renderer/src/stores/today.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'
import { profileFixture } from '../../support/profile-fixture'
import { card } from '../cards/cards-main'
import { passOf } from '../touch-passes/pass-fixture'

/**
 * The one rule for every draft (lib/draft-kinds): what a person typed is kept with the console it was
 * typed against, never shown on another, and back when that console is active again; a switch says how
 * many it keeps. Every kind in the one list is held to it here.
 */
afterEach(() => {
  cleanup()
  formDrafts.clear()
  aliasDrafts.clear()
  passNameDrafts.clear()
  visitors.reset()
  connection.activeId = null
})

/** The switch as the shell makes it (App.svelte): the active console changes, its stores forget. */
function switchTo(id: string) {
  connection.activeId = id
  forgetConsoleData()
}

const start = Math.floor(Date.now() / 1000) + 3600
const rosa: Visitor = {
  id: 'v1',
  first_name: 'Rosa',
  last_name: 'Jensen',
  status: 'UPCOMING',
  visit_reason: 'Business',
  visitor_company: 'Acme',
  mobile_phone: '',
  remarks: '',
  start_time: start,
  end_time: start + 7200,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
}

/** For each kind of draft: type one on the active console, and what the active console shows of it. */
const kinds: Record<DraftKind, { type: () => void; shown: () => unknown }> = {
  'visitors.form': {
    type: () => formDrafts.here().take('visitors.form', 'v1', () => ({ company: 'SameTab Co', changed: true }), rosa),
    shown: () => formDrafts.peek('visitors.form')?.value ?? null
  },
  'today.walk-in': {
    type: () => formDrafts.here().take('today.walk-in', 'new', () => ({ first_name: 'Ola', changed: true })),
    shown: () => formDrafts.peek('today.walk-in')?.value ?? null
  },
  'card alias': {
    type: () => aliasDrafts.keep('tok-1', { base: '', value: 'Dock-X', record: card(1), label: () => 'Card 0001' }),
    shown: () => aliasDrafts.list().map(({ draft }) => draft.value)
  },
  'touch pass name': {
    type: () =>
      passNameDrafts.keep('7', {
        base: 'Spare',
        value: 'Front desk',
        record: passOf('7', 'ACTIVE'),
        label: () => 'Pass 7'
      }),
    shown: () => passNameDrafts.list().map(({ draft }) => draft.value)
  }
}
const nothing = (shown: unknown) => shown === null || (Array.isArray(shown) && shown.length === 0)

describe('every kind of draft is kept with the console it was typed against', () => {
  it('the one list names every kind the app keeps', () => {
    expect([...draftKindsHeld()].sort()).toEqual([...draftKinds].sort())
  })

  it.each(draftKinds.map((kind) => [kind]))('%s: never shown on another console, back on switching back', (kind) => {
    const { type, shown } = kinds[kind]
    switchTo('hq')
    type()
    const typed = shown()
    expect(nothing(typed)).toBe(false)
    expect(draftsKeptWith('hq')).toBe(1)

    switchTo('harbour')
    expect(nothing(shown())).toBe(true)
    expect(draftsKeptWith('harbour')).toBe(0)
    expect(draftsKeptWith('hq')).toBe(1)

    switchTo('hq')
    expect(shown()).toEqual(typed)
  })
})

describe('every kind of draft is discarded with its console, and named as it is', () => {
  it.each(draftKinds.map((kind) => [kind]))('%s: removing the console discards its drafts only', (kind) => {
    const { type, shown } = kinds[kind]
    switchTo('hq')
    type()
    switchTo('harbour')
    type()
    const discarded = discardDraftsOf('hq')
    expect(discarded).toHaveLength(1)
    expect(discarded[0]).toMatch(/\S/)
    expect(draftsKeptWith('hq')).toBe(0)
    expect(nothing(shown())).toBe(false)
    switchTo('hq')
    expect(nothing(shown())).toBe(true)
  })
})

describe('Visitors: an edit not saved survives a console switch and back', () => {
  it('the form is gone on the other console, back as typed on its own; the switch says it keeps it', async () => {
    const state = { activeId: 'b' }
    const { bridge } = scriptedBridge({
      'connections.list': () =>
        ({
          ok: true,
          result: {
            profiles: [profileFixture('a', 'Head office'), profileFixture('b', 'Harbour')],
            activeId: state.activeId
          }
        }) as Envelope,
      'connections.select': (input) => ((state.activeId = (input as { id: string }).id), { ok: true, result: null }),
      'connections.reach': () => ({ ok: true, result: null }),
      'sites.topology': () => ({ ok: true, result: { groups: [] } }),
      // Rosa is on console B only.
      'visitors.list': () => ({
        ok: true,
        result: state.activeId === 'b' ? { items: [rosa], total: 1 } : { items: [], total: 0 }
      }),
      'visitors.get': () => ({ ok: true, result: rosa }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } }),
      'visitors.qrState': () => ({ ok: true, result: { assigned: true, pngBase64: null } })
    })
    setApiForTests(bridge)
    await connection.load()

    render(VisitorsScreen)
    await fireEvent.click(
      within(await screen.findByTestId('visitors-table')).getByRole('button', { name: 'Rosa Jensen' })
    )
    await fireEvent.click(await screen.findByRole('button', { name: 'Edit…' }))
    await fireEvent.input(screen.getByLabelText('Company'), { target: { value: 'SameTab Co' } })
    // Settings → Use this console (A): the screens go, the switch says what it keeps with B.
    cleanup()
    expect(keptWords(await connection.select('a'))).toBe('1 unsaved edit kept with Harbour.')
    forgetConsoleData()

    render(VisitorsScreen)
    await screen.findByTestId('visitors-empty')
    expect(screen.queryByTestId('visitor-form')).toBeNull()
    expect(screen.queryByDisplayValue('SameTab Co')).toBeNull()
    cleanup()

    // Back to B: the form, as typed, on Rosa.
    expect(await connection.select('b')).toBeNull()
    forgetConsoleData()
    render(VisitorsScreen)
    await screen.findByTestId('visitor-form')
    expect(screen.getByLabelText('Company')).toHaveValue('SameTab Co')
    expect(screen.getByLabelText('First name')).toHaveValue('Rosa')
  })
})
