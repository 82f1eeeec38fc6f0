import { mount, unmount } from 'svelte'
import './app.css'
// The desk's language, and <html lang> set from it, before anything shows.
import { deskLanguage } from './lib/i18n/desk-language.svelte'
import { loadWords } from './lib/i18n/area-words'

/** The self check-in kiosk has no navigation: `/kiosk` in web mode, `?kiosk` in the Electron kiosk window. */
const kiosk = location.pathname.endsWith('/kiosk') || new URLSearchParams(location.search).has('kiosk')

/**
 * The desk's shell with its first screen's code and words (in the desk's language; no screen's code
 * carries a catalogue) loaded: it mounts whole, so its title can take the focus at once and no frame
 * (and no screen reader) meets a screen without its words. A words chunk that fails to load is said
 * by its screen, as later.
 */
async function deskReady(): Promise<(target: HTMLElement) => void> {
  const [{ default: App }, { router }, { loadScreen, firstPaintAreas }] = await Promise.all([
    import('./App.svelte'),
    import('./stores/router.svelte'),
    import('./screens/screen-modules.svelte')
  ])
  const { locale } = deskLanguage
  await Promise.all([
    loadScreen(router.current).catch(() => undefined),
    ...firstPaintAreas(router.current).map((area) => loadWords(area, locale).catch(() => undefined))
  ])
  return (target) => void mount(App, { target })
}

/**
 * Each root is its own chunk: the kiosk loads none of the desk's screens, the desk loads its shell
 * and the screen on show (the others follow when idle, screens/screen-modules.svelte.ts).
 */
async function start(): Promise<void> {
  const target = document.getElementById('app')!
  if (kiosk) {
    const { default: KioskApp } = await import('./screens/kiosk/KioskApp.svelte')
    const shown = mount(KioskApp, {
      target,
      props: {
        /**
         * Web mode's way out (the PIN accepted): the desk replaces the kiosk in this page, not by a page
         * loaded anew, which had the window blank and the focus on the body for a second. The kiosk keeps
         * its "Opening the desk" heading focused until the desk is ready, then the desk's title takes it.
         */
        openDesk: async (path: string) => {
          history.replaceState(history.state, '', path)
          const mountDesk = await deskReady()
          await unmount(shown)
          mountDesk(target)
        }
      }
    })
    return
  }
  ;(await deskReady())(target)
}

void start()
