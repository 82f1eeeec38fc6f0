import { mount } from 'svelte'
import './app.css'
// The desk's language, and <html lang> set from it, before anything shows.
import { deskLanguage } from './lib/i18n/desk-language.svelte'
import { loadWords } from './lib/i18n/area-words'

/** The self check-in kiosk has no navigation: `/kiosk` in web mode, `?kiosk` in the Electron kiosk window. */
const kiosk = location.pathname.endsWith('/kiosk') || new URLSearchParams(location.search).has('kiosk')

/**
 * Each root is its own chunk: the kiosk loads none of the desk's screens, the desk loads its shell
 * and the screen on show (the others follow when idle, screens/screen-modules.svelte.ts).
 */
async function start(): Promise<void> {
  const target = document.getElementById('app')!
  if (kiosk) {
    const { default: KioskApp } = await import('./screens/kiosk/KioskApp.svelte')
    mount(KioskApp, { target })
    return
  }
  const [{ default: App }, { router }, { loadScreen, firstPaintAreas }] = await Promise.all([
    import('./App.svelte'),
    import('./stores/router.svelte'),
    import('./screens/screen-modules.svelte')
  ])
  // The first screen's code is here before the shell mounts: it opens whole, its title can take the focus.
  // A desk in another language than English: its words too, so that no frame (and no screen reader) has
  // the bundled English first. A words chunk that fails to load is said by its screen, as later.
  const { locale } = deskLanguage
  await Promise.all([
    loadScreen(router.current).catch(() => undefined),
    ...(locale === 'en'
      ? []
      : firstPaintAreas(router.current).map((area) => loadWords(area, locale).catch(() => undefined)))
  ])
  mount(App, { target })
}

void start()
