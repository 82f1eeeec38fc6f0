export const screens = [
  { id: 'start', label: 'Home' },
  { id: 'today', label: 'Today' },
  { id: 'cards', label: 'Cards' },
  { id: 'enroll', label: 'Enroll' },
  { id: 'import', label: 'Import' },
  { id: 'roster', label: 'Roster' },
  { id: 'pins', label: 'PINs' },
  { id: 'touch-passes', label: 'Touch Passes' },
  { id: 'visitors', label: 'Visitors' },
  { id: 'badges', label: 'Badges' },
  { id: 'audit', label: 'Audit' },
  { id: 'settings', label: 'Settings' }
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
 * Which screen is shown. Kept in the URL hash so a reload (web mode) stays on it; a first start
 * opens Start, which says what each screen is for;
 * later launches open Today.
 */
export class Router {
  current = $state<ScreenId>('start')

  constructor() {
    this.current = fromHash() ?? firstScreen()
    // An address typed or a link followed (`#/cards`) switches the screen too.
    window.addEventListener('hashchange', () => {
      const id = fromHash()
      if (id) this.current = id
    })
  }

  go(id: ScreenId): void {
    this.current = id
    history.replaceState(null, '', `#/${id}`)
  }
}

export const router = new Router()
