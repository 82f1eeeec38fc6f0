import type { Component } from 'svelte'
import type { ScreenId } from '../stores/router.svelte'
import { codeLoadFailed } from '../lib/code-load-failed'
import type { Area } from '../../../shared/i18n/areas'
import { loadWords } from '../lib/i18n/area-words'
import { deskLanguage } from '../lib/i18n/desk-language.svelte'

/**
 * Each screen is its own chunk, loaded when it is first asked for: the first paint loads the shell
 * and the screen on show, not the code of twelve screens (bench/bundle-size.bench.ts holds the size).
 * The kiosk never loads any of them (src/renderer/src/main.ts picks its own root).
 */
const loaders: Record<ScreenId, () => Promise<{ default: Component }>> = {
  start: () => import('./StartScreen.svelte'),
  today: () => import('./TodayScreen.svelte'),
  cards: () => import('./CardsScreen.svelte'),
  enroll: () => import('./EnrollScreen.svelte'),
  import: () => import('./ImportScreen.svelte'),
  roster: () => import('./RosterScreen.svelte'),
  pins: () => import('./PinsScreen.svelte'),
  'touch-passes': () => import('./TouchPassesScreen.svelte'),
  visitors: () => import('./VisitorsScreen.svelte'),
  badges: () => import('./BadgesScreen.svelte'),
  audit: () => import('./AuditScreen.svelte'),
  consoles: () => import('./ConsolesScreen.svelte'),
  settings: () => import('./SettingsScreen.svelte')
}

/**
 * The words a screen shows at its first render (and the visitor form Visitors opens), besides the
 * shell's (shell, common, errors): loaded with the screen's code in the desk's language, so that its
 * first frame has its words — no catalogue is in any screen's code, English included
 * (lib/i18n/area-words). The desk's first screen's are loaded before the desk mounts (main.ts). A
 * screen's other areas (a dialog's) load when shown, as any area does.
 */
const firstWords: Record<ScreenId, readonly Area[]> = {
  start: ['start'],
  today: ['today'],
  cards: ['cards'],
  enroll: ['enroll'],
  import: ['import'],
  roster: ['roster'],
  pins: ['pins'],
  'touch-passes': ['touchPasses'],
  visitors: ['visitors', 'visitorForm'],
  badges: ['badges'],
  audit: ['audit'],
  consoles: ['consoles'],
  settings: ['settings', 'consoles', 'language']
}

/** The areas the desk shows at its first render with `id` on screen: the shell's and the screen's. */
export function firstPaintAreas(id: ScreenId): readonly Area[] {
  return ['shell', 'common', 'errors', ...firstWords[id]]
}

/** The screens loaded so far (reactive: the shell shows a screen as soon as its code is here). */
const loaded = $state<Partial<Record<ScreenId, Component>>>({})
// Plain Map on purpose: loads in flight are bookkeeping, nothing on screen depends on them.
// eslint-disable-next-line svelte/prefer-svelte-reactivity
const pending = new Map<ScreenId, Promise<Component>>()

/** The screen's component once its chunk has loaded, else undefined. */
export function screenComponent(id: ScreenId): Component | undefined {
  return loaded[id]
}

/**
 * Loads a screen's chunk (once). A failed load (a chunk gone after an update of the files under a
 * running page) is forgotten so that the next ask tries again; the caller says what failed.
 */
export function loadScreen(id: ScreenId): Promise<Component> {
  const known = loaded[id]
  if (known) return Promise.resolve(known)
  let load = pending.get(id)
  if (!load) {
    // The screen's words in the language shown now (a failed words load is said by the screen itself).
    const words = firstWords[id].map((area) => loadWords(area, deskLanguage.locale).catch(() => undefined))
    load = Promise.all([loaders[id](), ...words]).then(
      ([module]) => {
        loaded[id] = module.default
        pending.delete(id)
        return module.default
      },
      (err: unknown) => {
        pending.delete(id)
        throw codeLoadFailed('This screen', err)
      }
    )
    pending.set(id, load)
  }
  return load
}

/**
 * After the first screen is up, the others are fetched while the desk is idle, one at a time, so
 * that a later click opens its screen at once without delaying the first paint. Returns the stop
 * (App passes it to onMount, so an unmounted desk fetches nothing more).
 */
export function prefetchScreens(): () => void {
  const ids = Object.keys(loaders) as ScreenId[]
  let stopped = false
  const next = (): void => {
    const id = ids.shift()
    if (!id || stopped) return
    void loadScreen(id)
      .catch(() => undefined)
      .then(() => whenIdle(next))
  }
  whenIdle(next)
  return () => {
    stopped = true
  }
}

/**
 * Resolves once no screen chunk is loading. Tests await it before their environment goes: a chunk
 * still loading then would import its modules into a torn-down environment.
 */
export async function screenLoadsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending.values()])
}

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 })
  else setTimeout(run, 50)
}
