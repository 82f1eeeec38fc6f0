import { mount } from 'svelte'
import './app.css'
// The desk's language, and <html lang> set from it, before anything shows.
import './lib/i18n/desk-language.svelte'

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
  const [{ default: App }, { router }, { loadScreen }] = await Promise.all([
    import('./App.svelte'),
    import('./stores/router.svelte'),
    import('./screens/screen-modules.svelte')
  ])
  // The first screen's code is here before the shell mounts: it opens whole, its title can take the focus.
  await loadScreen(router.current).catch(() => undefined)
  mount(App, { target })
}

void start()
