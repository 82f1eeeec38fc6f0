export const screens = [
  { id: 'start', label: 'Home' },
  { id: 'cards', label: 'Cards' },
  { id: 'enroll', label: 'Enroll' },
  { id: 'import', label: 'Import' },
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

/**
 * Which screen is shown. Kept in the URL hash so a reload (web mode) stays on it; a first start
 * opens Start, which says what each screen is for.
 */
export class Router {
  current = $state<ScreenId>('start')

  constructor() {
    this.current = fromHash() ?? 'start'
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
