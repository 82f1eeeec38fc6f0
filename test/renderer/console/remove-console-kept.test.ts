import { Translator } from '../../../src/shared/i18n/translator'
import type { Locale } from '../../../src/shared/i18n/locales'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import ConnectionSettings from '../../../src/renderer/src/screens/settings/ConnectionSettings.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { formDrafts } from '../../../src/renderer/src/lib/form-drafts.svelte'
import { draftsKeptWith } from '../../../src/renderer/src/lib/draft-kinds'
import { aliasDrafts } from '../../../src/renderer/src/stores/cards.svelte'
import type { BatchSummary } from '../../../src/shared/batches/schemas'
import type { ProfileSummary } from '../../../src/shared/connections'
import { eventBridge, ok } from '../enroll/event-bridge'
import { profileFixture } from '../../support/profile-fixture'
import { card } from '../cards/cards-main'

/**
 * Removing a console never drops what the desk keeps with it in silence: the question names its unsaved
 * edits (discarded with it) and its import batches not wholly uploaded (kept, no longer sendable); the
 * removal says what it discarded, once, the focus on the section's heading. A console saved again is a
 * new profile: nothing typed against the removed one is offered on it.
 */
afterEach(() => {
  cleanup()
  formDrafts.clear()
  aliasDrafts.clear()
  connection.activeId = null
})

const batch = (id: string, profileId: string | null, imported: number): BatchSummary =>
  ({
    id,
    name: id,
    console: profileId ? { profileId, name: profileId } : null,
    counts: { total: 3, pending: 3 - imported, imported, failed: 0, unknown: 0 }
  }) as BatchSummary

const ivan = { id: 'v9', first_name: 'Ivan', last_name: 'Petrov' }

const catalogue = (area: string, lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(process.cwd(), 'src/shared/i18n/messages', area, `${lang}.json`), 'utf8')) as Record<
    string,
    string
  >

describe('Settings → Remove: what is kept with the console is named, then said discarded', () => {
  it('names the unsaved edits and batches, discards the edits, says so once, focus on the heading', async () => {
    // Typed on Harbour: Ivan Petrov's visit (Remarks) and a card's alias; then HQ was made active.
    connection.activeId = 'harbour'
    formDrafts.here().take('visitors.form', 'v9', () => ({ remarks: 'Parks at gate 2', changed: true }), ivan)
    aliasDrafts.keep('tok-1', { base: '', value: 'Dock-X', record: card(1), label: () => 'Card 0001' })
    connection.activeId = 'hq'
    formDrafts.here().take('today.walk-in', 'new', () => ({ first_name: 'Ola', changed: true }))

    let profiles: ProfileSummary[] = [profileFixture('hq', 'Head office'), profileFixture('harbour', 'Harbour')]
    const main = eventBridge({
      'connections.list': () => ok({ profiles, activeId: 'hq' }),
      'connections.certificate': () => ok({ id: 'x', pinned: 'AA', presented: null, changed: false }),
      'connections.reach': () => ok(null),
      'connections.remove': (input) => {
        profiles = profiles.filter((p) => p.id !== (input as { id: string }).id)
        return ok(null)
      },
      // One of Harbour's batches is not wholly on it; one is; one is HQ's; one was never uploaded.
      'batches.list': () =>
        ok({
          batches: [batch('b1', 'harbour', 1), batch('b2', 'harbour', 3), batch('b3', 'hq', 0), batch('b4', null, 0)]
        })
    })
    setApiForTests(main.bridge)
    await connection.load()
    render(ActionAnnouncer)
    render(ConnectionSettings)

    const harbour = screen.getByRole('listitem', { name: 'Harbour' })
    await fireEvent.click(within(harbour).getByRole('button', { name: /^Remove the connection / }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByTestId('remove-drafts')).toHaveTextContent(
      '2 unsaved edits kept with Harbour will be discarded when it is removed: Ivan Petrov and Card 0001. Save them on Harbour first to keep them.'
    )
    expect(await within(dialog).findByTestId('remove-batches')).toHaveTextContent(
      '1 import batch is not wholly uploaded to Harbour: it stays in Import but can no longer be sent.'
    )
    // Removing stays a question: Cancel is where the focus is.
    expect(document.activeElement).toHaveTextContent('Cancel')

    await fireEvent.click(within(dialog).getByRole('button', { name: 'Remove connection' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(main.calls).toContainEqual(['connections.remove', { id: 'harbour' }])
    await waitFor(() =>
      expect(screen.getByTestId('action-announcer')).toHaveTextContent(
        'Connection Harbour removed. 2 unsaved edits discarded: Ivan Petrov and Card 0001.'
      )
    )
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Connections' })))

    // Nothing is kept with Harbour any longer; HQ's walk-in is untouched.
    expect(draftsKeptWith('harbour')).toBe(0)
    expect(draftsKeptWith('hq')).toBe(1)
    connection.activeId = 'harbour'
    expect(formDrafts.peek('visitors.form')).toBeNull()
    expect(aliasDrafts.list()).toEqual([])
  })

  it('a console with nothing kept asks only the plain question', async () => {
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [profileFixture('hq', 'Head office')], activeId: 'hq' }),
      'connections.certificate': () => ok({ id: 'x', pinned: 'AA', presented: null, changed: false }),
      'connections.reach': () => ok(null),
      'batches.list': () => ok({ batches: [] })
    })
    setApiForTests(main.bridge)
    await connection.load()
    render(ConnectionSettings)
    await fireEvent.click(screen.getByRole('button', { name: /^Remove the connection / }))
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(main.calls.map(([c]) => c)).toContain('batches.list'))
    expect(within(dialog).queryByTestId('remove-drafts')).toBeNull()
    expect(within(dialog).queryByTestId('remove-batches')).toBeNull()
    expect(dialog).toHaveTextContent('Access Desk forgets its address, certificate and stored token.')
  })

  it('says once, in every language, that what is kept with the console is discarded when it is removed', () => {
    const said = (lang: Locale) =>
      new Translator(lang, catalogue('settings', lang)).t('remove.drafts', {
        count: 1,
        name: 'Empfang Nord',
        list: 'Card 0001'
      })
    expect(said('en')).toBe(
      '1 unsaved edit kept with Empfang Nord will be discarded when it is removed: Card 0001. Save it on Empfang Nord first to keep it.'
    )
    expect(said('de')).toBe(
      '1 nicht gespeicherte Änderung, die bei Empfang Nord liegt, wird beim Entfernen verworfen: Card 0001. Speichern Sie sie zuerst auf Empfang Nord, um sie zu behalten.'
    )
    expect(said('fr')).toMatch(
      /^1 modification non enregistrée gardée avec Empfang Nord sera abandonnée à sa suppression/
    )
    expect(said('es')).toMatch(/^1 cambio sin guardar que se conserva con Empfang Nord se descartará al quitarla/)
  })
})
