import '@testing-library/jest-dom/vitest'
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import App from '../../../src/renderer/src/App.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { screens } from '../../../src/renderer/src/stores/router.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { screenLoadsSettled } from '../../../src/renderer/src/screens/screen-modules.svelte'
import type { Envelope } from '../../../src/shared/ipc/define'
import { eventBridge, ok } from '../enroll/event-bridge'
import { profileFixture } from '../../support/profile-fixture'

let off: (() => void) | undefined
afterEach(async () => {
  off?.()
  cleanup()
  await screenLoadsSettled()
  forgetConsoleData()
  deskLanguage.choose(null)
})

const site = profileFixture('site', 'Front desk', { url: 'https://10.0.0.2:12445', tokenStorage: 'encrypted' })
const languages = ['en', 'de', 'fr', 'es'] as const
const shellCatalogue = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(`src/shared/i18n/messages/shell/${lang}.json`, 'utf8')) as Record<string, string>

/**
 * One name per screen, in every language: the sidebar's entry, the screen's title (h1) and the window's
 * title come from one catalogue key (shell `screen.<id>`, lib/screen-name). The sidebar said "Enroll" above
 * "Enroll cards", "PINs" above "PIN codes", German "Personen" above "Personalliste", and the window said
 * "Access Desk" on every screen.
 */
describe('every screen has one name: sidebar, title and window alike', () => {
  for (const lang of languages) {
    it(lang, { timeout: 120_000 }, async () => {
      // The console answers nothing but who it is: each screen shows its title over a failed read.
      const main = eventBridge({
        'connections.list': () => ok({ profiles: [site], activeId: 'site' }),
        'connections.reach': () => ok({ profileId: 'site', state: 'reachable', checkedAt: 1 })
      })
      const answers = main.answers as Record<string, (input: unknown) => Envelope>
      const failing = (): Envelope => ({
        ok: false,
        error: { kind: 'server', message: 'The console answered with an error (HTTP 500).', retryable: true }
      })
      const bridge = eventBridge(new Proxy(answers, { get: (target, channel: string) => target[channel] ?? failing }))
      setApiForTests(bridge.bridge)
      off = connection.listen()
      deskLanguage.choose(lang)
      render(App)
      const names = shellCatalogue(lang)
      const nav = await screen.findByRole('navigation', { name: names['nav.name'] }, { timeout: 15_000 })
      for (const { id } of screens) {
        const name = names[`screen.${id}`]!
        const entry = within(nav).getByRole('button', { name })
        await fireEvent.click(entry)
        await waitFor(
          () => expect(document.querySelector('main h1'), `${lang} ${id}`).toHaveTextContent(new RegExp(`^${name}$`)),
          { timeout: 15_000 }
        )
        expect(entry).toHaveAttribute('aria-current', 'page')
        expect(document.title, `${lang} ${id}`).toBe(`${name} — Access Desk`)
      }
    })
  }
})
