import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import EnrollScreen from '../../../src/renderer/src/screens/EnrollScreen.svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { screenMissing } from '../../../src/renderer/src/stores/screen-keys.svelte'
import { actionKeys, keysUsedBy, type Screen } from '../../../src/shared/access/permissions'
import { eventBridge, ok } from '../enroll/event-bridge'
import { setApiForTests } from '../../../src/renderer/src/lib/api'

/**
 * One list of missing keys, from the one connection state: every screen's banner names each key it uses
 * that the sidebar names missing (PINs and Enroll named only their edit keys), besides what its own probe found.
 */
describe('the keys a screen lacks, from the one connection state', () => {
  let off = () => undefined as void
  afterEach(() => off())

  it('every screen names each key it uses that the sidebar names missing, and no other', async () => {
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok(null)
    })
    setApiForTests(main.bridge)
    off = connection.listen()
    await connection.load()
    const everyKey = ['edit:credential', 'edit:user', 'edit:visitor', 'view:credential', 'view:device', 'view:user']
    main.emit('connections.reach', {
      profileId: 'site',
      state: 'permissions',
      checkedAt: 1,
      missing: [...everyKey, 'view:visitor'],
      message: 'lacks'
    })
    for (const screen of Object.keys(actionKeys) as Screen[]) {
      const used: readonly string[] = keysUsedBy(screen)
      expect(screenMissing(screen), screen).toEqual(
        [...everyKey, 'view:visitor'].filter((k) => used.includes(k)).sort()
      )
    }
    // The walk's findings: PINs names the keys to find people too, Enroll the readers' key.
    // (and view:credential, which Generate PIN needs: actionKeys.pins.generate).
    expect(screenMissing('pins')).toEqual(['edit:user', 'edit:visitor', 'view:credential', 'view:user', 'view:visitor'])
    expect(screenMissing('enroll')).toEqual(['edit:credential', 'view:device', 'view:user'])
    // A screen's own probe adds to it; a console answering again (Connected) leaves only that.
    main.emit('connections.reach', { profileId: 'site', state: 'reachable', checkedAt: 2 })
    expect(screenMissing('pins', ['edit:user'])).toEqual(['edit:user'])
    expect(screenMissing('pins')).toEqual([])
    // The console not answering: which keys the token holds is not known; no banner names any.
    main.emit('connections.reach', { profileId: 'site', state: 'unreachable', checkedAt: 3, message: 'No answer' })
    expect(screenMissing('touchPasses', ['edit:user'])).toEqual([])
  })
})

describe('every screen with a banner says every key it lacks that the sidebar names', () => {
  let off = () => undefined as void
  afterEach(() => {
    off()
    cleanup()
  })

  async function withMissing(missing: string[]) {
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok({ profileId: 'site', state: 'permissions', checkedAt: 1, missing, message: 'x' }),
      'pins.capabilities': () => ok({ missingPermissions: ['edit:user'] }),
      'enroll.capabilities': () => ok({ canEnroll: false, missingPermission: 'edit:credential' }),
      // The screens' own probes find nothing missing: the banner is the connection state's alone.
      'visitors.list': () => ok({ items: [], total: 0 }),
      'visitors.capabilities': () => ok({ canEdit: true }),
      'touchPasses.list': () => ok({ items: [], total: 0 }),
      'touchPasses.capabilities': () => ok({ canEdit: true, canAssign: true }),
      'today.watch': () => ok({ kind: 'notifications', visitorEvents: true, backstopSeconds: 60 }),
      'today.unwatch': () => ok({ stopped: true }),
      'today.settings': () => ok({ walkInDoors: [] }),
      'today.capabilities': () => ok({ missing: [] }),
      'kiosk.checkins': () => ok({ items: [] })
    })
    setApiForTests(main.bridge)
    off = connection.listen()
    await connection.load()
    await waitFor(() => expect(connection.reach?.state).toBe('permissions'))
  }
  const note = () => screen.getByTestId('permission-note')

  it('PINs: the keys to find people too, not only its edit keys', async () => {
    await withMissing(['edit:user', 'view:user', 'view:visitor'])
    render(PinsScreen)
    await waitFor(() => expect(note()).toHaveTextContent('view:user'))
    expect(note()).toHaveTextContent('edit:user')
    expect(note()).toHaveTextContent('view:visitor')
  })

  it('Enroll: the readers’ key too, and no list of readers held from before', async () => {
    await withMissing(['edit:credential', 'view:device'])
    render(EnrollScreen)
    await waitFor(() => expect(screen.getByTestId('readers-refused')).toHaveTextContent('lacks view:device'))
  })

  // Today, Visitors and Touch Passes built their banners from their own probes: a token the sidebar
  // names short of their keys showed no banner there while the probe had not (yet) found it.
  it('Visitors: the edit key the sidebar names, though its own probe found none', async () => {
    visitors.reset()
    await withMissing(['edit:visitor', 'view:device'])
    render(VisitorsScreen)
    await waitFor(() => expect(note()).toHaveTextContent('edit:visitor'))
    expect(note()).not.toHaveTextContent('view:device')
  })

  it('Visitors and Today, a token with no keys: the key to read the list too, not only edit:visitor', async () => {
    visitors.reset()
    await withMissing(['edit:visitor', 'view:visitor', 'view:device'])
    render(VisitorsScreen)
    await waitFor(() => expect(note()).toHaveTextContent('edit:visitor'))
    expect(note()).toHaveTextContent('view:visitor')
    cleanup()
    today.reset()
    render(TodayScreen)
    await waitFor(() => expect(note()).toHaveTextContent('view:visitor'))
    expect(note()).toHaveTextContent('edit:visitor')
  })

  it('Touch Passes: the key to give passes the sidebar names', async () => {
    touchPasses.reset()
    await withMissing(['edit:user', 'view:visitor'])
    render(TouchPassesScreen)
    await waitFor(() => expect(note()).toHaveTextContent('edit:user'))
    expect(note()).not.toHaveTextContent('view:visitor')
  })

  it('Today: the key to add walk-ins and print badges the sidebar names', async () => {
    today.reset()
    await withMissing(['edit:visitor', 'edit:credential'])
    render(TodayScreen)
    await waitFor(() => expect(note()).toHaveTextContent('edit:visitor'))
    expect(note()).not.toHaveTextContent('edit:credential')
  })
})

// The walk: the token's keys given back on the console (and the sidebar Connected again), Visitors and
// Today kept naming the missing key until a reload: their own probe's answer was never asked again.
describe('keys given back: each screen’s own probe is asked afresh when Connected again', () => {
  let off = () => undefined as void
  afterEach(() => {
    off()
    cleanup()
  })

  it('Visitors and Today drop the banner once main says Connected and their probe finds the key held', async () => {
    let held = false
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () =>
        ok({ profileId: 'site', state: 'permissions', checkedAt: 1, missing: ['edit:visitor'], message: 'x' }),
      'visitors.list': () => ok({ items: [], total: 0 }),
      'visitors.capabilities': () =>
        ok(held ? { canEdit: true } : { canEdit: false, missingPermission: 'edit:visitor' }),
      'today.list': () =>
        ok({ day: 'today', dayStart: 0, dayEnd: 86_399, rows: [], readAt: 1, source: { kind: 'off' } }),
      'today.watch': () => ok({ kind: 'notifications', visitorEvents: true, backstopSeconds: 60 }),
      'today.unwatch': () => ok({ stopped: true }),
      'today.settings': () => ok({ walkInDoors: [] }),
      'today.capabilities': () => ok({ missing: held ? [] : ['edit:visitor'] }),
      'kiosk.checkins': () => ok({ items: [] })
    })
    setApiForTests(main.bridge)
    off = connection.listen()
    await connection.load()
    visitors.reset()
    today.reset()
    await visitors.checkCapabilities()
    render(VisitorsScreen)
    render(TodayScreen)
    await waitFor(() => expect(screen.getAllByTestId('permission-note')).toHaveLength(2))

    // The keys given back on the console; Check again (or any call) finds the console Connected.
    held = true
    main.emit('connections.reach', { profileId: 'site', state: 'reachable', checkedAt: 2 })
    await waitFor(() => expect(screen.queryAllByTestId('permission-note')).toHaveLength(0))
    expect(visitors.editBlocked).toBeNull()
  })
})

// The walks: buttons read their screen's own probe, the banner the connection state. A token with no keys
// had Today's buttons on while its banner named the keys; a console failing after the keys came back left
// "Needs the permission edit:visitor" on Today's and Visitors' buttons while the banner named nothing.
describe('buttons, banners and notes of every screen read one permission state', () => {
  let off = () => undefined as void
  afterEach(() => {
    off()
    cleanup()
  })
  const needs = (key: string) => `Needs the permission ${key}`

  async function deskWith(probeMissing: string[], probeAnswers = true) {
    const never = new Promise<never>(() => undefined)
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok(null),
      'visitors.list': () => ok({ items: [], total: 0 }),
      'visitors.capabilities': () =>
        probeAnswers
          ? ok(probeMissing.length ? { canEdit: false, missingPermission: 'edit:visitor' } : { canEdit: true })
          : never,
      'today.list': () =>
        ok({ day: 'today', dayStart: 0, dayEnd: 86_399, rows: [], readAt: 1, source: { kind: 'off' } }),
      'today.watch': () => ok({ kind: 'notifications', visitorEvents: true, backstopSeconds: 60 }),
      'today.unwatch': () => ok({ stopped: true }),
      'today.settings': () => ok({ walkInDoors: [] }),
      'today.capabilities': () => (probeAnswers ? ok({ missing: probeMissing }) : never),
      'kiosk.checkins': () => ok({ items: [] })
    })
    setApiForTests(main.bridge)
    off = connection.listen()
    await connection.load()
    visitors.reset()
    today.reset()
    void visitors.checkCapabilities()
    render(VisitorsScreen)
    render(TodayScreen)
    return main
  }
  const walkIn = () => screen.getByRole('button', { name: /Add walk-in/ })
  const newVisitor = () => screen.getByRole('button', { name: /^New visitor/ })

  it('a token with no keys: the buttons are off, naming the key, as soon as the banner names it', async () => {
    // The screens' own probes have not answered yet: the connection state alone says the keys are missing.
    const main = await deskWith([], false)
    main.emit('connections.reach', {
      profileId: 'site',
      state: 'permissions',
      checkedAt: 1,
      missing: ['edit:credential', 'edit:user', 'edit:visitor', 'view:credential', 'view:device', 'view:visitor'],
      message: 'lacks'
    })
    await waitFor(() => expect(screen.getAllByTestId('permission-note')).toHaveLength(2))
    expect(walkIn()).toBeDisabled()
    expect(newVisitor()).toBeDisabled()
    expect(document.body).toHaveTextContent(needs('edit:visitor'))
    // Today needs view:device for its live updates: its note names it, as the declaration does.
    const [visitorsNote, todayNote] = screen.getAllByTestId('permission-note')
    expect(todayNote).toHaveTextContent('view:device')
    expect(visitorsNote).not.toHaveTextContent('view:device')
  })

  for (const failing of [
    { state: 'trouble', message: 'The console answered 500 to every call' },
    { state: 'unreachable', message: 'No answer from the console' }
  ] as const) {
    it(`keys given back, then the console fails (${failing.state}): no button keeps its probe's "Needs"; New visitor… opens its form as Add walk-in does, its Save says the console`, async () => {
      const main = await deskWith(['edit:visitor'])
      main.emit('connections.reach', {
        profileId: 'site',
        state: 'permissions',
        checkedAt: 1,
        missing: ['edit:visitor'],
        message: 'lacks'
      })
      await waitFor(() => expect(walkIn()).toBeDisabled())
      await waitFor(() => expect(newVisitor()).toBeDisabled())
      main.emit('connections.reach', { profileId: 'site', checkedAt: 2, ...failing })
      // The banner follows the sidebar (nothing named); the buttons and their notes follow the same state.
      await waitFor(() => expect(screen.queryAllByTestId('permission-note')).toHaveLength(0))
      expect(document.body).not.toHaveTextContent(needs('edit:visitor'))
      // One answer on both screens: Today's Add walk-in and Visitors' New visitor… open their form, which a
      // desk may type meanwhile (the draft kept per console); the form's Save is off, saying the console.
      expect(walkIn()).toBeEnabled()
      expect(newVisitor()).toBeEnabled()
      expect(newVisitor()).not.toHaveAccessibleDescription()
      await fireEvent.click(newVisitor())
      const form = await screen.findByTestId('visitor-form')
      const save = within(form).getByRole('button', { name: 'Create visitor' })
      expect(save).toHaveAttribute('aria-disabled', 'true')
      expect(save).toHaveAccessibleDescription(/console cannot be used/)
    })
  }
})
