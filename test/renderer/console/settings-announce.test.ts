import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import SettingsScreen from '../../../src/renderer/src/screens/SettingsScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import type { Envelope } from '../../../src/shared/ipc/define'
import type { TokenCheck } from '../../../src/shared/connections'
import { eventBridge } from '../enroll/event-bridge'
import { profileFixture } from '../../support/profile-fixture'

const lab = profileFixture('lab', 'Lab console', {
  url: 'https://10.0.0.5:12445',
  fingerprint256: Array.from({ length: 32 }, () => 'AA').join(':')
})
const works: TokenCheck = {
  ok: true,
  url: lab.url,
  latencyMs: 9,
  checkedAt: 1,
  permissions: [{ key: 'view:credential', status: 'allowed', uses: 'list cards' }]
}
const ok = (result: unknown): Envelope => ({ ok: true, result }) as Envelope

/**
 * Settings says the result of Test connection (and of Save, a token changed, a certificate trusted) in
 * the app's one live region, not in a status line of its own, and puts the focus on the result.
 */
describe('Settings: a result said once, the focus on it', () => {
  it('Test connection: said in the one live region; the focus on the result under the buttons', async () => {
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [lab], activeId: 'lab' }),
      'connections.certificate': () => ok({ id: 'lab', pinned: lab.fingerprint256, presented: null, changed: false }),
      'connections.reach': () => ok(null),
      'connections.test': () => ok(works)
    })
    setApiForTests(main.bridge)
    const off = connection.listen()
    try {
      await connection.load()
      render(ActionAnnouncer)
      render(SettingsScreen)
      const card = screen.getByRole('listitem', { name: 'Lab console' })
      const button = within(card).getByRole('button', { name: /^Test connection to / })
      button.focus()
      await fireEvent.click(button)
      const result = within(card).getByTestId('test-result')
      await waitFor(() =>
        expect(screen.getByTestId('action-announcer')).toHaveTextContent(/Connected to https:\/\/10\.0\.0\.5/)
      )
      expect(result).toHaveTextContent('address, certificate and token work')
      expect(document.activeElement).toBe(result)
      expect(result).not.toHaveAttribute('role')
      expect(result).not.toHaveAttribute('aria-live')
    } finally {
      off()
    }
  })
})
