import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte'
import KioskSettingsPanel from '../../../src/renderer/src/components/kiosk/KioskSettingsPanel.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { kioskKeys } from '../../../src/shared/access/permissions'
import { eventBridge, ok } from '../enroll/event-bridge'

/**
 * Settings → Kiosk warns before kiosk mode starts with a token that lacks a key check-in needs (the
 * one list of them: shared/access/permissions.ts `kioskKeys`), naming the keys, from the one connection
 * state the sidebar says: a view-only token's kiosk would otherwise send every visitor without a QR
 * code to the desk with nobody told why.
 */
describe('Settings → Kiosk: the keys check-in needs', () => {
  let off = () => undefined as void
  afterEach(() => (off(), cleanup()))

  async function panel(missing: string[] | null) {
    const settings = { pinSet: true, idleSeconds: 60, directions: '', deskName: 'Reception' }
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok(null),
      'kiosk.settings': () => ok(settings)
    })
    setApiForTests(main.bridge)
    off = connection.listen()
    await connection.load()
    main.emit('connections.reach', {
      profileId: 'site',
      checkedAt: 1,
      ...(missing ? { state: 'permissions', missing, message: 'lacks' } : { state: 'reachable' })
    })
    render(KioskSettingsPanel)
    return screen.findByTestId('kiosk-settings')
  }

  it('a view-only token: the Start button says which keys check-in lacks, and still starts', async () => {
    const settingsPanel = await panel(['edit:credential', 'edit:user', 'edit:visitor'])
    const start = await within(settingsPanel).findByRole('button', { name: 'Start kiosk mode' })
    const warning = await within(settingsPanel).findByTestId('kiosk-keys-missing')
    expect(warning).toHaveTextContent(
      'Check-in at the kiosk needs edit:visitor, which this token lacks: visitors without a QR code will be sent to the desk.'
    )
    // Only the keys check-in needs: not the card keys the sidebar names too.
    expect(warning).not.toHaveTextContent('edit:credential')
    expect(start).toHaveAccessibleDescription(expect.stringContaining('edit:visitor'))
    expect(start).toBeEnabled()
    expect(kioskKeys).toContain('edit:visitor')
  })

  it('a token with every key check-in needs: no warning', async () => {
    const settingsPanel = await panel(null)
    await within(settingsPanel).findByRole('button', { name: 'Start kiosk mode' })
    await waitFor(() => expect(connection.reach?.state).toBe('reachable'))
    expect(within(settingsPanel).queryByTestId('kiosk-keys-missing')).toBeNull()
  })
})
