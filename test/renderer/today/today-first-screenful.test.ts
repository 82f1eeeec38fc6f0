import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { row, todayBridge, viewOf } from './today-bridge'

afterEach(() => {
  cleanup()
  today.reset()
  vi.unstubAllGlobals()
})

/**
 * A large day draws a page of each group (150 rows): the rows a window shows come in the first frame,
 * the rest of the pages once it is painted (lib/first-screenful), so the rows in view do not wait for
 * rows below the window to be created and laid out. Nothing is left out.
 */
describe('Today draws the rows in view first, the rest after that frame', () => {
  const rows = [
    ...Array.from({ length: 30 }, (_, i) => row({ id: `e${i}`, name: `Expected ${String(i).padStart(2, '0')}` })),
    ...Array.from({ length: 5 }, (_, i) => row({ id: `h${i}`, name: `Here ${i}`, status: 'VISITING', group: 'here' }))
  ]

  it('a first frame of 24 rows in group order, then every group’s page (30 Expected, 5 Here)', async () => {
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb))
    const { bridge } = todayBridge({ 'today.list': () => viewOf(rows) })
    setApiForTests(bridge)
    render(TodayScreen)
    await screen.findByRole('button', { name: 'Expected 00' })
    expect(screen.getAllByTestId('today-row')).toHaveLength(24)
    // The heading counts are whole from the first frame.
    expect(screen.getByRole('heading', { name: /^Here/ })).toHaveTextContent('5')
    // The frame is painted: the rest is drawn.
    await expect.poll(() => frames.length).toBeGreaterThan(0)
    for (const frame of frames.splice(0)) frame(performance.now())
    await expect.poll(() => screen.getAllByTestId('today-row').length).toBe(35)
    expect(screen.getByRole('button', { name: 'Expected 29' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Here 4' })).toBeInTheDocument()
  })
})
