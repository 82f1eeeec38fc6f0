import { getContext, setContext } from 'svelte'
import type { ScreenId } from '../stores/router.svelte'

/**
 * Which screen a component is drawn in, given by the shell (App.svelte) to the screen on show and all it
 * holds: a part every screen shares (the missing-permission banner) names its screen without each
 * screen passing its own name down. Drawn outside the shell (a component on its own), it is not known.
 */
const SCREEN_SHOWN = Symbol('screen-shown')

/** Called by the shell once, at its start: the screen on show, read when asked (it follows the router). */
export function giveScreenShown(shown: () => ScreenId): void {
  setContext(SCREEN_SHOWN, shown)
}

/** The screen this component is drawn in, or undefined outside the shell. Call at a component's start. */
export function screenShown(): (() => ScreenId) | undefined {
  return getContext<(() => ScreenId) | undefined>(SCREEN_SHOWN)
}

/** The context a test gives a component to draw it as the shell draws it in screen `id`. */
export function screenShownContext(id: ScreenId): Map<symbol, () => ScreenId> {
  return new Map([[SCREEN_SHOWN, () => id]])
}
