import { afterEach, describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { rosterStore } from '../../../src/renderer/src/stores/roster.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { summary } from './fixtures'

afterEach(() => {
  deskLanguage.choose(null)
  rosterStore.summary = null
  connection.activeId = null
  connection.profiles = []
})

/** The roster's read-only note (a roster planned on another console) in the desk's language. */
describe('the roster’s read-only note', () => {
  it('is said in German on a German desk, naming both consoles', async () => {
    deskLanguage.choose('de')
    connection.profiles = [
      { id: 'site-a', name: 'Site A' },
      { id: 'lobby', name: 'Lobby view' }
    ] as typeof connection.profiles
    connection.activeId = 'lobby'
    rosterStore.summary = summary({ phase: 'planned', console: { profileId: 'site-a', name: 'Site A' } })
    await waitFor(
      () =>
        expect(rosterStore.readOnly).toBe(
          'Schreibgeschützt, solange Lobby view aktiv ist: Diese Liste gehört zu Site A. Wechseln Sie in den Einstellungen zu Site A, um sie fortzusetzen. Für Lobby view öffnen Sie die Listendatei erneut.'
        ),
      { timeout: 3000 }
    )
  })
})
