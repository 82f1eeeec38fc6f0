import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import App from '../../../src/renderer/src/App.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { eventBridge, ok } from '../enroll/event-bridge'
import { profileFixture } from '../../support/profile-fixture'
import { visitorFixture } from '../../support/visitor-fixture'

/** A slow disk or network: the Visitors screen's German words come in well after the shell's. */
vi.mock('../../../src/renderer/src/lib/i18n/load-catalogue', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/renderer/src/lib/i18n/load-catalogue')>()
  return {
    loadCatalogue: async (...[area, locale]: Parameters<typeof real.loadCatalogue>) => {
      const catalogue = await real.loadCatalogue(area, locale)
      if (area === 'visitors' && locale === 'de') await new Promise((resolve) => setTimeout(resolve, 1000))
      return catalogue
    }
  }
})

let off: (() => void) | undefined
afterEach(() => {
  off?.()
  cleanup()
  visitors.reset()
  sites.reset()
  void deskLanguage.choose(null)
})

const site = profileFixture('site', 'Front desk', { url: 'https://10.0.0.2:12445', tokenStorage: 'encrypted' })

describe('a language switch', () => {
  it(
    'shows the screen’s title and its body in the new language together, never one before the other',
    { timeout: 60_000 },
    async () => {
      const main = eventBridge({
        'connections.list': () => ok({ profiles: [site], activeId: 'site' }),
        'connections.reach': () => ok({ profileId: 'site', state: 'reachable', checkedAt: 1 }),
        'sites.topology': () => ok({ groups: [] }),
        'visitors.capabilities': () => ok({ canEdit: true }),
        'visitors.list': () => ok({ items: [visitorFixture('v1', 'Rosa', 'Jensen')], total: 1 })
      })
      setApiForTests(main.bridge)
      off = connection.listen()
      render(App)
      const nav = await screen.findByRole('navigation', { name: 'Screens' })
      await fireEvent.click(within(nav).getByRole('button', { name: 'Visitors' }))
      await screen.findByRole('button', { name: 'Search' }, { timeout: 30_000 })
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Visitors')

      // Every state of the page a frame could show: the DOM after each batch of changes.
      const mixed: string[] = []
      const watch = new MutationObserver(() => {
        const title = document.querySelector('h1')?.textContent ?? ''
        const search = screen.queryByRole('button', { name: /^(Search|Suchen)$/ })?.textContent ?? ''
        if ((title === 'Besucher') !== (search === 'Suchen')) mixed.push(`${title} / ${search}`)
      })
      watch.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })

      await deskLanguage.choose('de')
      await screen.findByRole('button', { name: 'Suchen' }, { timeout: 10_000 })
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Besucher')
      await new Promise((resolve) => setTimeout(resolve, 0))
      watch.disconnect()
      expect(mixed).toEqual([])
      expect(document.documentElement.lang).toBe('de')
    }
  )
})
