import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import { tick } from 'svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { formDrafts, type DraftSlot } from '../../../src/renderer/src/lib/form-drafts.svelte'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'

/**
 * One rule for every form that is left open when the desk goes to another screen (lib/form-drafts):
 * coming back shows it open with what was typed; Cancel and Save drop it; a console switch keeps it with
 * its console (lib/draft-kinds). Held here for both forms that follow it: Visitors' New visitor and
 * Today's walk-in.
 */
const now = Math.floor(Date.now() / 1000)
const created: Visitor = {
  id: 'v-new',
  first_name: 'Walter',
  last_name: 'Inn',
  status: 'ACTIVE',
  visit_reason: 'Business',
  start_time: now,
  end_time: now + 3600,
  nfc_cards: [],
  pin_code: null,
  schedule: null,
  resources: [],
  license_plates: []
}

function scripted() {
  const ok = (result: unknown) => ({ ok: true as const, result })
  const view = {
    day: '2026-11-23',
    dayStart: now - 3600,
    dayEnd: now + 80_000,
    rows: [],
    readAt: Date.now(),
    source: { kind: 'off' }
  }
  const { bridge } = scriptedBridge({
    'visitors.list': () => ok({ items: [], total: 0 }),
    'visitors.capabilities': () => ok({ canEdit: true }),
    'visitors.create': () => ok(created),
    'today.list': () => ok(view),
    'today.watch': () => ok({ kind: 'polling', everySeconds: 15, reason: 'test', why: { key: 'closed', code: 1006 } }),
    'today.unwatch': () => ok({ stopped: true }),
    'today.settings': () => ok({ walkInDoors: [] }),
    'today.capabilities': () => ok({ missing: [] }),
    'sites.topology': () => ok({ groups: [] })
  })
  setApiForTests(bridge)
}

interface KeptForm {
  name: string
  slot: DraftSlot
  screen: typeof VisitorsScreen | typeof TodayScreen
  opener: string
}
const forms: KeptForm[] = [
  { name: 'Visitors: New visitor', slot: 'visitors.form', screen: VisitorsScreen, opener: 'New visitor…' },
  { name: 'Today: Add walk-in', slot: 'today.walk-in', screen: TodayScreen, opener: 'Add walk-in…' }
]

/** The screen shown (again, after a switch): its form if it is open. */
async function show(form: KeptForm) {
  cleanup()
  render(form.screen)
  await screen.findByRole('button', { name: new RegExp(`^${form.opener}`) })
  await tick()
  return screen.queryByTestId('visitor-form')
}
async function openAndType(form: KeptForm) {
  await show(form)
  await fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${form.opener}`) }))
  const open = await screen.findByTestId('visitor-form')
  await fireEvent.input(within(open).getByLabelText('First name'), { target: { value: 'Walter' } })
  await fireEvent.input(within(open).getByLabelText('Last name'), { target: { value: 'Inn' } })
  await tick()
  return open
}

afterEach(() => {
  cleanup()
  forgetConsoleData()
  formDrafts.clear()
  connection.activeId = null
})

describe.each(forms)('$name keeps its typing across a screen switch, by the one mechanism', (form) => {
  it('comes back open with what was typed', async () => {
    scripted()
    await openAndType(form)
    const again = await show(form)
    expect(again).not.toBeNull()
    expect(within(again!).getByLabelText('First name')).toHaveValue('Walter')
    expect(within(again!).getByLabelText('Last name')).toHaveValue('Inn')
  })

  it('Cancel drops it: back on the screen, no form, and a new one starts empty', async () => {
    scripted()
    const open = await openAndType(form)
    await fireEvent.click(within(open).getByRole('button', { name: 'Cancel' }))
    expect(formDrafts.peek(form.slot)).toBeNull()
    expect(await show(form)).toBeNull()
    await fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${form.opener}`) }))
    expect(within(await screen.findByTestId('visitor-form')).getByLabelText('First name')).toHaveValue('')
  })

  it('Save drops it', async () => {
    scripted()
    const open = await openAndType(form)
    await fireEvent.change(within(open).getByLabelText('Reason for the visit'), { target: { value: 'Business' } })
    await fireEvent.click(within(open).getByRole('button', { name: 'Create visitor' }))
    const noDoors = await screen.findByTestId('no-doors')
    await fireEvent.click(within(noDoors).getByRole('button', { name: 'Create without doors' }))
    await expect.poll(() => formDrafts.peek(form.slot)).toBeNull()
    expect(await show(form)).toBeNull()
  })

  it('a console switch keeps it with its console: not shown on another, back open as typed on switching back', async () => {
    scripted()
    connection.activeId = 'hq'
    await openAndType(form)
    cleanup()
    connection.activeId = 'harbour'
    forgetConsoleData()
    expect(formDrafts.peek(form.slot)).toBeNull()
    expect(await show(form)).toBeNull()
    cleanup()
    connection.activeId = 'hq'
    forgetConsoleData()
    const again = await show(form)
    expect(again).not.toBeNull()
    expect(within(again!).getByLabelText('First name')).toHaveValue('Walter')
  })
})
