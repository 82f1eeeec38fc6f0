import type { ScreenId } from '../stores/router.svelte'
import { shellWords } from './i18n/shell-messages.svelte'

/**
 * A screen's one name, in the desk's language: the sidebar's entry, the screen's title (h1) and the
 * window's title all say it, from one catalogue key per screen (shell `screen.<id>`), so no language
 * names a screen one way in the sidebar and another above it (German Enroll did once). Reactive.
 * test/renderer/shell/one-name-per-screen.test.ts holds every screen in every language to it.
 */
export function screenName(id: ScreenId): string {
  return shellWords().t(`screen.${id}`)
}

/** The window's title while a screen is shown: the screen's name, then the app's. */
export function windowTitle(id: ScreenId): string {
  return shellWords().t('windowTitle', { screen: screenName(id) })
}
