import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { FIRST_PAGE_WAIT_MS, Router } from '../../../src/renderer/src/stores/router.svelte'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'
import { passOf } from '../touch-passes/pass-fixture'

/** A read the test finishes (or fails) when it chooses. */
function heldRead() {
  let finish: (() => void) | undefined
  let fail: ((err: Error) => void) | undefined
  const read = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        finish = resolve
        fail = reject
      })
  )
  return { read, finish: () => finish!(), fail: (err: Error) => fail!(err) }
}

describe('A list screen opens with its first page (Router.go)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    history.replaceState(null, '', '#/pins')
  })
  afterEach(() => vi.useRealTimers())

  it('keeps the screen on show until the one asked for has its first page, then shows it', async () => {
    const router = new Router()
    const page = heldRead()
    router.opensAfter('touch-passes', page.read)
    router.go('touch-passes')
    // The read begins with the click, not when the screen is drawn.
    expect(page.read).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS - 1)
    expect(router.current).toBe('pins')
    expect(location.hash).toBe('#/pins')
    page.finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(router.current).toBe('touch-passes')
    // The address follows once the screen's first frame is painted (it held that frame back).
    await vi.advanceTimersByTimeAsync(20)
    expect(location.hash).toBe('#/touch-passes')
  })

  it('shows the screen with its loading state when the page takes longer than the wait', async () => {
    const router = new Router()
    const page = heldRead()
    router.opensAfter('visitors', page.read)
    router.go('visitors')
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS - 1)
    expect(router.current).toBe('pins')
    await vi.advanceTimersByTimeAsync(1)
    expect(router.current).toBe('visitors')
  })

  it('shows the screen when its read fails: the screen says why', async () => {
    const router = new Router()
    const page = heldRead()
    router.opensAfter('visitors', page.read)
    router.go('visitors')
    page.fail(new Error('console unreachable'))
    await vi.advanceTimersByTimeAsync(0)
    expect(router.current).toBe('visitors')
  })

  it('a screen asked for during the wait wins; the first one does not open over it afterwards', async () => {
    const router = new Router()
    const page = heldRead()
    router.opensAfter('touch-passes', page.read)
    router.go('touch-passes')
    // Cards reads everything first and shows its progress: it opens at once.
    router.go('cards')
    expect(router.current).toBe('cards')
    page.finish()
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS)
    expect(router.current).toBe('cards')
    expect(location.hash).toBe('#/cards')
  })

  it('an address followed during the wait wins too', async () => {
    const router = new Router()
    const page = heldRead()
    router.opensAfter('touch-passes', page.read)
    router.go('touch-passes')
    location.hash = '#/audit'
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    expect(router.current).toBe('audit')
    page.finish()
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS)
    expect(router.current).toBe('audit')
  })
})

describe('The page read before the screen opens is the one it shows', () => {
  const pass = (id: string) => passOf(id, 'ACTIVE')

  beforeEach(() => touchPasses.reset())

  it('is asked once: the screen joins the read the router began, then asks what the token may change', async () => {
    const { bridge, calls } = scriptedBridge({
      'touchPasses.list': () => ({ ok: true, result: { items: [pass('1')], total: 1 } }),
      'touchPasses.capabilities': () => ({ ok: true, result: { canEdit: true, canAssign: true } })
    })
    setApiForTests(bridge)
    await touchPasses.firstPage()
    render(TouchPassesScreen)
    // Drawn with its rows in the first render: nothing else to wait for.
    expect(screen.getByTestId('passes-table')).toHaveTextContent('AAAA-BBBB-CCCC-0001')
    await vi.waitFor(() => expect(calls.map(([c]) => c)).toEqual(['touchPasses.list', 'touchPasses.capabilities']))
  })

  it('asks what the token may change once the page is painted, and not at all for a console switched away from', async () => {
    const { bridge, calls } = scriptedBridge({
      'touchPasses.list': () => ({ ok: true, result: { items: [pass('1')], total: 1 } }),
      'touchPasses.capabilities': () => ({ ok: true, result: { canEdit: false, canAssign: true } })
    })
    setApiForTests(bridge)
    await touchPasses.firstPage()
    // The page is in; the frame that draws it has not been painted yet.
    expect(calls.map(([c]) => c)).toEqual(['touchPasses.list'])
    touchPasses.reset()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(calls.map(([c]) => c)).toEqual(['touchPasses.list'])
    expect(touchPasses.editBlocked).toBeNull()
  })

  it('a page already held opens at once and is read again behind it', async () => {
    let answer: ((e: Envelope) => void) | undefined
    let pages = 0
    const { bridge, calls } = scriptedBridge({
      'touchPasses.list': () =>
        ++pages === 1
          ? { ok: true, result: { items: [pass('1')], total: 1 } }
          : new Promise<Envelope>((resolve) => (answer = resolve)),
      'touchPasses.capabilities': () => ({ ok: true, result: { canEdit: true, canAssign: true } })
    })
    setApiForTests(bridge)
    await touchPasses.start()
    let opened = false
    const first = touchPasses.firstPage().then(() => (opened = true))
    await first
    expect(opened).toBe(true)
    // The second read is out and unanswered: the held page is what the screen shows meanwhile.
    expect(calls.filter(([c]) => c === 'touchPasses.list')).toHaveLength(2)
    expect(answer).toBeDefined()
    render(TouchPassesScreen)
    expect(screen.getByTestId('passes-table')).toHaveTextContent('AAAA-BBBB-CCCC-0001')
    answer!({ ok: true, result: { items: [pass('2')], total: 1 } })
    await vi.waitFor(() => expect(screen.getByTestId('passes-table')).toHaveTextContent('AAAA-BBBB-CCCC-0002'))
    expect(calls.filter(([c]) => c === 'touchPasses.list')).toHaveLength(2)
  })
})
