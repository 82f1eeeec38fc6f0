import { afterPaint } from '../lib/after-paint'
import { focusOffLeavingScreen } from '../lib/focus-off-leaving-screen'

/**
 * The desk's screens, in the sidebar's order. Only their ids: each screen's name is the catalogue's, in the
 * desk's language (lib/screen-name.ts), never an English word kept here beside it.
 */
export const screens = [
  { id: 'start' },
  { id: 'today' },
  { id: 'cards' },
  { id: 'enroll' },
  { id: 'import' },
  { id: 'roster' },
  { id: 'pins' },
  { id: 'touch-passes' },
  { id: 'visitors' },
  { id: 'badges' },
  { id: 'audit' },
  { id: 'consoles' },
  { id: 'settings' }
] as const

export type ScreenId = (typeof screens)[number]['id']

function fromHash(): ScreenId | undefined {
  const id = location.hash.replace(/^#\/?/, '')
  return screens.find((s) => s.id === id)?.id
}

const STARTED_KEY = 'access-desk.started'

/** Start on the very first launch (it says where each job begins), Today (the reception's home) after. */
function firstScreen(): ScreenId {
  try {
    if (localStorage.getItem(STARTED_KEY)) return 'today'
    localStorage.setItem(STARTED_KEY, '1')
  } catch {
    // No storage (a locked-down profile): Start every time is harmless.
  }
  return 'start'
}

/**
 * How long the screen on show stays while the one asked for reads its first page. Within it, a list
 * opens whole (rows, total, pager) instead of drawing an empty table and its rows a moment later;
 * past it, the screen opens with its loading state. 100 ms is the limit under which an answer still
 * feels immediate. It also keeps Chromium from painting the empty screen while main reads the page:
 * on a 2-core machine that painting took the CPU main needed (the first page of Touch Passes came
 * ~10 ms later).
 */
export const FIRST_PAGE_WAIT_MS = 100

/**
 * Which screen is shown. Kept in the URL hash so a reload (web mode) stays on it; a first start
 * opens Start, which says what each screen is for;
 * later launches open Today.
 */
export class Router {
  current = $state<ScreenId>('start')
  /** What a screen reads before it is shown (its first page), begun as soon as it is asked for. */
  private readonly firstReads: Partial<Record<ScreenId, () => Promise<void>>> = {}
  /** Only the screen asked for last is shown: a click on another during the wait wins. */
  private asked = 0

  constructor() {
    this.current = fromHash() ?? firstScreen()
    // An address typed or a link followed (`#/cards`) switches the screen too.
    window.addEventListener('hashchange', () => {
      const id = fromHash()
      if (!id) return
      this.asked++
      this.current = id
    })
  }

  /**
   * `id` opens once `read` is done, or after FIRST_PAGE_WAIT_MS. A failed read opens it too: the
   * screen says what failed.
   */
  opensAfter(id: ScreenId, read: () => Promise<void>): void {
    this.firstReads[id] = read
  }

  go(id: ScreenId): void {
    const ticket = ++this.asked
    const show = () => {
      if (ticket !== this.asked) return
      // Before the screen on show is removed: a focused element removed lays the page out mid-draw.
      if (id !== this.current) focusOffLeavingScreen(id)
      this.current = id
      // The address once the screen's first frame is painted: written as the screen is drawn, it
      // held that frame back (~2-12 ms a screen change, the browser process told at once).
      void afterPaint().then(() => {
        if (ticket === this.asked) history.replaceState(null, '', `#/${id}`)
      })
    }
    const read = this.firstReads[id]
    if (!read) return show()
    const waited = new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))
    void Promise.race([read().catch(() => undefined), waited]).then(show)
  }
}

export const router = new Router()
