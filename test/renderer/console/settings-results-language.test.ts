import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import SettingsScreen from '../../../src/renderer/src/screens/SettingsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import type { ProfileSummary, TokenCheck } from '../../../src/shared/connections'
import { eventBridge, ok } from '../enroll/event-bridge'
import { profileFixture } from '../../support/profile-fixture'

/**
 * A result Settings keeps on screen (a token replaced, a console saved, a certificate trusted) is kept as
 * its facts and worded as it is drawn: switching the desk's language with it shown says it in the new one.
 */
const fingerprint = Array.from({ length: 32 }, () => 'AA').join(':')
const lab = profileFixture('lab', 'Lab console', { url: 'https://10.0.0.5:12445', fingerprint256: fingerprint })
const office: ProfileSummary = { ...lab, id: 'office', name: 'Head office', url: 'https://10.0.0.9:12445' }
const works: TokenCheck = {
  ok: true,
  url: lab.url,
  latencyMs: 9,
  checkedAt: 1,
  permissions: [{ key: 'view:credential', status: 'allowed', uses: 'list cards' }]
}

let off: () => void = () => undefined
afterEach(() => {
  off()
  cleanup()
  connection.results = {}
  deskLanguage.choose(null)
})

async function settings() {
  const main = eventBridge({
    'connections.list': () => ok({ profiles: [lab, office], activeId: 'lab' }),
    'connections.certificate': () => ok({ id: 'lab', pinned: fingerprint, presented: null, changed: false }),
    'connections.reach': () => ok(null),
    'connections.changeToken': () => ok(works)
  })
  setApiForTests(main.bridge)
  off = connection.listen()
  await connection.load()
  render(SettingsScreen)
}

describe('Settings: a result shown follows the desk’s language', () => {
  it('"The console accepted the new token" is said in German once the desk switches to Deutsch', async () => {
    await settings()
    const card = screen.getByRole('listitem', { name: 'Lab console' })
    await fireEvent.click(within(card).getByRole('button', { name: /^Change token of / }))
    const dialog = await screen.findByRole('dialog')
    await fireEvent.input(within(dialog).getByLabelText('New API token'), { target: { value: 'new-token' } })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Check and save token' }))
    const result = within(card).getByTestId('test-result')
    await waitFor(() =>
      expect(result).toHaveTextContent('The console accepted the new token; it replaced the old one.')
    )

    deskLanguage.choose('de')
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('listitem', { name: 'Lab console' })).getByTestId('test-result')
        ).toHaveTextContent('Die Konsole hat das neue Token angenommen; es ersetzt das alte.'),
      { timeout: 10_000 }
    )
    expect(
      within(screen.getByRole('listitem', { name: 'Lab console' })).getByTestId('test-result')
    ).not.toHaveTextContent(/accepted/)
  })

  it('a saved console’s line ("Saved … and made it active", with the edits kept) is said in German too', async () => {
    await settings()
    connection.showResult('lab', {
      notice: [
        { area: 'settings', key: 'add.saved', values: { name: 'Lab console' } },
        { area: 'common', key: 'drafts.keptWith', values: { count: 2, name: 'Head office' } }
      ]
    })
    const result = within(screen.getByRole('listitem', { name: 'Lab console' })).getByTestId('test-result')
    await waitFor(() =>
      expect(result).toHaveTextContent('Saved "Lab console" and made it active. 2 unsaved edits kept with Head office.')
    )
    deskLanguage.choose('de')
    await waitFor(() => expect(result).not.toHaveTextContent(/Saved|unsaved/), { timeout: 10_000 })
    expect(result).toHaveTextContent('Lab console')
    expect(result).toHaveTextContent('Head office')
  })
})
