import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { router } from '../../../src/renderer/src/stores/router.svelte'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import { actionKeys } from '../../../src/shared/access/permissions'
import { row, todayBridge, viewOf } from './today-bridge'

afterEach(() => {
  cleanup()
  today.reset()
  announcer.message = ''
})

const now = Math.floor(Date.now() / 1000)
/** Open since an hour, for two more: a pass that works now, if the visit opens a door. */
const open = { start: now - 3600, end: now + 7200 }

describe('Today: what an expected visitor’s pass does now', () => {
  it('a visit with no door is said to open no door, never "Valid now" (the kiosk’s and Badges’ rule)', async () => {
    const { bridge } = todayBridge({
      'today.list': () =>
        viewOf([
          row({ id: 'a', name: 'Aroha Ngata', group: 'expected', status: 'UPCOMING', ...open, doors: [] }),
          row({
            id: 'b',
            name: 'Ben Ortiz',
            group: 'expected',
            status: 'UPCOMING',
            ...open,
            doors: [{ name: 'Lobby', group: false }]
          })
        ])
    })
    setApiForTests(bridge)
    render(TodayScreen)
    const doorless = (await screen.findByRole('button', { name: 'Aroha Ngata' })).closest('tr')!
    expect(doorless).toHaveTextContent('Opens no door')
    expect(doorless).not.toHaveTextContent('Valid now')
    const withDoor = screen.getByRole('button', { name: 'Ben Ortiz' }).closest('tr')!
    expect(within(withDoor).getByText('Valid now')).toBeInTheDocument()
  })
})

describe('Today: the walk-in shortcut on a desk whose token may not add visitors', () => {
  it('W says why nothing opens: the key, as the turned-off button says it', async () => {
    const { bridge } = todayBridge({
      'today.list': () => viewOf([row({ id: 'a', name: 'Ann Berg', ...open })]),
      'today.capabilities': () => ({ missing: [actionKeys.today.walkIn] })
    })
    setApiForTests(bridge)
    render(TodayScreen)
    await screen.findByRole('button', { name: 'Ann Berg' })
    const add = screen.getByRole('button', { name: /Add walk-in/ })
    await expect.poll(() => add).toBeDisabled()
    // As the screen opens: the focus on its title (App.svelte makes it focusable), the key going up to the window.
    const title = screen.getByRole('heading', { level: 1 })
    title.tabIndex = -1
    title.focus()
    await fireEvent.keyDown(title, { key: 'w' })
    await expect.poll(() => announcer.message).toBe(`Needs the permission ${actionKeys.today.walkIn}`)
    // No form opened, and the focus stays where the person was (never the page body).
    expect(screen.queryByTestId('today-walk-in')).toBeNull()
    expect(document.activeElement).toBe(title)
  })
})

describe('Today: P on a visitor whose badge is off says why, as the turned-off button does', () => {
  it('a visit that has ended (Left): one polite announcement, the focus kept on the visitor, nothing opened', async () => {
    const { bridge } = todayBridge({
      'today.list': () =>
        viewOf([
          row({ id: 'l', name: 'Lena Park', group: 'left', status: 'VISITED', start: now - 7200, end: now - 600 })
        ])
    })
    setApiForTests(bridge)
    render(TodayScreen)
    const name = await screen.findByRole('button', { name: 'Lena Park' })
    const print = within(name.closest('tr')!).getByRole('button', { name: /badge for Lena Park/ })
    expect(print).toBeDisabled()
    name.focus()
    await fireEvent.keyDown(name, { key: 'p' })
    await expect.poll(() => announcer.message).toBe('A visit that is over gets no badge: its code would open no door')
    expect(document.activeElement).toBe(name)
    // No badge asked for: Badges is not opened with it.
    expect(router.current).not.toBe('badges')
    expect(badgeDesk.visitorId).toBeNull()
  })
})
