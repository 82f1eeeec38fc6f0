export const screens = [
  { id: 'cards', label: 'Cards' },
  { id: 'enroll', label: 'Enroll' },
  { id: 'import', label: 'Import' },
  { id: 'pins', label: 'PINs' },
  { id: 'touch-passes', label: 'Touch Passes' },
  { id: 'visitors', label: 'Visitors' },
  { id: 'badges', label: 'Badges' },
  { id: 'settings', label: 'Settings' }
] as const

export type ScreenId = (typeof screens)[number]['id']

/** Which screen is shown. Kept in the URL hash so a reload (web mode) stays on it. */
export class Router {
  current = $state<ScreenId>('pins')

  constructor() {
    const fromHash = location.hash.replace(/^#\/?/, '')
    if (screens.some((s) => s.id === fromHash)) this.current = fromHash as ScreenId
  }

  go(id: ScreenId): void {
    this.current = id
    history.replaceState(null, '', `#/${id}`)
  }
}

export const router = new Router()
