import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/svelte'
import { router, screens } from '../../../src/renderer/src/stores/router.svelte'
import { screenName } from '../../../src/renderer/src/lib/screen-name'
import { renderDeskWithNoConsole } from '../../support/desk-shell'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/**
 * One rule of the shell, held over every screen: a screen opened from the sidebar takes the focus on
 * its title (h1), so that its keyboard shortcuts work at once — never left on the sidebar's button.
 */
describe('a screen opened from the sidebar', () => {
  it('has the focus on its title, for every screen', { timeout: 60_000 }, async () => {
    renderDeskWithNoConsole()
    const nav = screen.getByRole('navigation', { name: 'Screens' })
    // Every screen from another one (the first from the last), so that each is a navigation.
    for (const s of [...screens.slice(1), screens[0]!]) {
      const button = within(nav).getByRole('button', { name: screenName(s.id) })
      button.focus()
      button.click()
      await waitFor(
        () => {
          expect(button).toHaveAttribute('aria-current', 'page')
          const title = document.querySelector('main h1')
          expect(title, s.id).not.toBeNull()
          expect(document.activeElement, s.id).toBe(title)
        },
        // The screen's code is loaded on its first open: slow on a busy machine.
        { timeout: 25_000 }
      )
    }
  })

  it(
    'a screen left with the focus inside it (its title, a link in it): the focus leaves it before it is removed',
    { timeout: 60_000 },
    async () => {
      // An element removed while it holds the focus makes Chromium lay the page out mid-removal, in the
      // task that draws the next screen. Each removal is checked as it is made.
      const removedFocused: string[] = []
      const check = (node: Node) => {
        const active = document.activeElement
        if (active && active !== document.body && node.contains(active))
          removedFocused.push(active.outerHTML.slice(0, 60))
      }
      const remove = Element.prototype.remove
      vi.spyOn(Element.prototype, 'remove').mockImplementation(function (this: Element) {
        check(this)
        remove.call(this)
      })
      const removeChild = Node.prototype.removeChild
      vi.spyOn(Node.prototype, 'removeChild').mockImplementation(function <T extends Node>(this: Node, child: T): T {
        check(child)
        return removeChild.call(this, child) as T
      })
      renderDeskWithNoConsole()
      const nav = screen.getByRole('navigation', { name: 'Screens' })
      for (const [from, to] of [
        ['Cards', 'pins'],
        ['Audit', 'settings']
      ] as const) {
        const button = within(nav).getByRole('button', { name: from })
        button.focus()
        button.click()
        await waitFor(() => expect(document.activeElement).toBe(document.querySelector('main h1')), { timeout: 25_000 })
        removedFocused.length = 0
        const leaving = document.querySelector('main h1')
        // Asked from inside the screen (as Consoles' Find opens a card, or a script clicks the sidebar).
        router.go(to)
        await waitFor(() => expect(document.querySelector('main h1')).not.toBe(leaving), { timeout: 25_000 })
        expect(removedFocused, `${from} → ${to}`).toEqual([])
        // Not lost to the page's body, nor left on the sidebar where it waited while the screen changed: on
        // the new screen's title, as after a click on the sidebar (a walk found it left on the sidebar entry).
        await waitFor(() => expect(document.activeElement).toBe(document.querySelector('main h1')), { timeout: 25_000 })
        expect(document.activeElement).not.toBe(leaving)
      }
    }
  )

  it(
    'is focused without a scroll into view: the title is at the top, and the scroll would lay the screen out mid-draw',
    { timeout: 60_000 },
    async () => {
      const focused: { element: HTMLElement; options: FocusOptions | undefined }[] = []
      const focus = HTMLElement.prototype.focus
      vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options?: FocusOptions) {
        focused.push({ element: this, options })
        focus.call(this, options)
      })
      renderDeskWithNoConsole()
      const nav = screen.getByRole('navigation', { name: 'Screens' })
      for (const label of ['Cards', 'Touch Passes']) {
        const button = within(nav).getByRole('button', { name: label })
        button.focus()
        button.click()
        await waitFor(() => expect(button).toHaveAttribute('aria-current', 'page'), { timeout: 8000 })
        // The screen's code is loaded on its first open: slow on a busy machine.
        await waitFor(() => expect(document.activeElement).toBe(document.querySelector('main h1')), { timeout: 25_000 })
        const onTitle = focused.filter((f) => f.element === document.activeElement)
        expect(onTitle.length, label).toBeGreaterThan(0)
        expect(
          onTitle.every((f) => f.options?.preventScroll === true),
          label
        ).toBe(true)
      }
    }
  )

  it(
    'takes the focus, and the address says the screen, once its first frame is painted: not while it is drawn',
    { timeout: 60_000 },
    async () => {
      // Frames held until the test paints one: what runs before it is what the first frame waits for.
      const frames: FrameRequestCallback[] = []
      vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => frames.push(run))
      const paint = () => frames.splice(0).forEach((run) => run(performance.now()))
      const replaced = vi.spyOn(history, 'replaceState')
      renderDeskWithNoConsole()
      const nav = screen.getByRole('navigation', { name: 'Screens' })
      // Every screen from another one (the first from the last), as above.
      for (const s of [...screens.slice(1), screens[0]!]) {
        paint()
        await new Promise((resolve) => setTimeout(resolve, 20))
        const button = within(nav).getByRole('button', { name: screenName(s.id) })
        button.focus()
        replaced.mockClear()
        const before = document.querySelector('main h1')
        button.click()
        // The screen drawn (its chunk loaded on its first open: slow on a busy machine), its frame not yet painted.
        await waitFor(() => expect(document.querySelector('main h1')).not.toBe(before), { timeout: 25_000 })
        await waitFor(() => expect(document.querySelector('main h1')).not.toBeNull(), { timeout: 25_000 })
        await new Promise((resolve) => setTimeout(resolve, 20))
        // A focus moved or an address written lays the page out or holds the frame back.
        expect(document.activeElement, s.id).toBe(button)
        expect(replaced, s.id).not.toHaveBeenCalled()
        await waitFor(
          () => {
            paint()
            expect(document.activeElement, s.id).toBe(document.querySelector('main h1'))
          },
          { timeout: 8000 }
        )
        expect(replaced, s.id).toHaveBeenCalledWith(null, '', `#/${s.id}`)
      }
    }
  )
})
