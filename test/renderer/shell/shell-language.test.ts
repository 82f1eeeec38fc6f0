import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import App from '../../../src/renderer/src/App.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { ConsoleReach } from '../../../src/shared/connections'
import { eventBridge, ok } from '../enroll/event-bridge'
import { profileFixture } from '../../support/profile-fixture'
import { visitorFixture } from '../../support/visitor-fixture'

let off: (() => void) | undefined
afterEach(() => {
  off?.()
  cleanup()
  visitors.reset()
  sites.reset()
  deskLanguage.choose(null)
})

const site = profileFixture('site', 'Front desk', { url: 'https://10.0.0.2:12445', tokenStorage: 'encrypted' })
const lacking: ConsoleReach = {
  profileId: 'site',
  state: 'permissions',
  checkedAt: 1,
  missing: ['edit:visitor'],
  message: 'This token lacks edit:visitor.'
}

/**
 * Issue 36: the desk's frame spoke English whatever the desk's language. Switched with the desk open
 * on Visitors, the sidebar's screen names, the console's connection line, the pager and the
 * missing-permission note follow at once, without a restart; the screen shown stays.
 */
describe('the desk’s frame in the desk’s language', () => {
  it(
    'switches the sidebar, the connection line, a pager and a permission note from English to German',
    { timeout: 60_000 },
    async () => {
      const main = eventBridge({
        'connections.list': () => ok({ profiles: [site], activeId: 'site' }),
        'connections.reach': () => ok(lacking),
        'sites.topology': () => ok({ groups: [] }),
        'visitors.capabilities': () => ok({ canEdit: false }),
        'visitors.list': () => ok({ items: [visitorFixture('v1', 'Rosa', 'Jensen')], total: 60 })
      })
      setApiForTests(main.bridge)
      off = connection.listen()
      render(App)
      const nav = await screen.findByRole('navigation', { name: 'Screens' })
      await fireEvent.click(within(nav).getByRole('button', { name: 'Visitors' }))
      const line = await screen.findByTestId('console-answers')
      await waitFor(() => expect(line).toHaveTextContent('Missing permissions'))
      expect(within(line).getByRole('button', { name: 'Check again' })).toBeInTheDocument()
      expect(await screen.findByTestId('pager-summary', {}, { timeout: 15_000 })).toHaveTextContent(
        /^Page 1 of \d+ · 60 visitors$/
      )
      expect(screen.getByTestId('permission-note')).toHaveTextContent(
        /^Visitors needs edit:visitor, which this token lacks: the actions/
      )

      deskLanguage.choose('de')
      const deNav = await screen.findByRole('navigation', { name: 'Bildschirme' })
      for (const [name, current] of [
        ['Heute', false],
        ['Besucher', true],
        ['Einstellungen', false]
      ] as const) {
        const entry = within(deNav).getByRole('button', { name })
        if (current) expect(entry).toHaveAttribute('aria-current', 'page')
      }
      expect(within(deNav).getByText('Konsole')).toBeInTheDocument()
      await waitFor(() => expect(line).toHaveTextContent('Fehlende Berechtigungen'))
      expect(within(line).getByRole('button', { name: 'Erneut prüfen' })).toBeInTheDocument()
      const pager = screen.getByRole('navigation', { name: 'Seiten' })
      expect(within(pager).getByRole('button', { name: 'Zurück' })).toBeDisabled()
      expect(within(pager).getByRole('button', { name: 'Weiter' })).toBeEnabled()
      expect(screen.getByTestId('pager-summary')).toHaveTextContent(/^Seite 1 von \d+ · 60 Besucher$/)
      expect(screen.getByTestId('permission-note')).toHaveTextContent(
        /^Besucher braucht edit:visitor, die diesem Token fehlt: Die Aktionen, die sie brauchen, sind ausgeschaltet\./
      )
      // Every screen of the router has its name in the catalogue (a key shown would read "screen.x").
      expect(
        within(deNav)
          .getAllByRole('button')
          .map((b) => b.textContent)
      ).not.toContainEqual(expect.stringMatching(/^screen\./))
      // Nothing of the frame is left in English.
      expect(within(deNav).queryByText(/^(Today|Visitors|Settings|Console)$/)).toBeNull()
      // The reason under the line: the keys main found missing, said in German.
      expect(line).toHaveTextContent(
        'Dem API-Token fehlt insgesamt 1 Berechtigung: edit:visitor. Jede Ansicht nennt die, die sie braucht. Fügen Sie sie dem Token auf der Konsole hinzu, oder nutzen Sie „Token ändern…“ in den Einstellungen.'
      )
      expect(line).not.toHaveTextContent('This token lacks')
      // What was announced before the switch, in the app's one live region, was said then and is not redrawn.
      expect(
        screen.queryByText(/Missing permissions|Check again|Page 1 of|Previous|Next/, {
          ignore: 'script, style, [data-testid="action-announcer"]'
        })
      ).toBeNull()

      // And back: the words follow every switch, not only the first.
      deskLanguage.choose('en')
      await waitFor(() =>
        expect(screen.getByTestId('pager-summary')).toHaveTextContent(/^Page 1 of \d+ · 60 visitors$/)
      )
      expect(within(nav).getByRole('button', { name: 'Visitors' })).toHaveAttribute('aria-current', 'page')
    }
  )
})
