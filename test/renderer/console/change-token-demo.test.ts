import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import SettingsScreen from '../../../src/renderer/src/screens/SettingsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import type { Envelope } from '../../../src/shared/ipc/define'
import type { ProfileSummary, TokenCheck } from '../../../src/shared/connections'
import { scriptedBridge } from '../../support/fake-bridge'

/**
 * Change token on the built-in demo console offers its own tokens by what they allow; the one chosen
 * is sent as a typed token is (connections.changeToken). A real console's dialog offers none.
 */
const fp = (byte: string) => Array.from({ length: 32 }, () => byte).join(':')
const demo: ProfileSummary = {
  id: 'demo',
  name: 'Demo console',
  url: 'https://127.0.0.1:40000',
  fingerprint256: fp('DD'),
  demo: true,
  hasToken: true,
  tokenStorage: 'demo'
}
const real: ProfileSummary = { ...demo, id: 'lab', name: 'Lab console', demo: false, tokenStorage: 'file' }
const viewOnly: TokenCheck = {
  ok: true,
  url: demo.url,
  latencyMs: 5,
  checkedAt: 1,
  permissions: [
    { key: 'view:credential', status: 'allowed', uses: 'list cards' },
    { key: 'edit:credential', status: 'missing', uses: 'enroll, import, rename and delete cards' }
  ]
}
const tokens = [
  { scope: 'full', token: 'FULLxxxxxxxxxxxxxxxxxx' },
  { scope: 'view', token: 'VIEWxxxxxxxxxxxxxxxxxx' },
  { scope: 'none', token: 'NONExxxxxxxxxxxxxxxxxx' }
]

async function openChangeToken(profile: ProfileSummary) {
  const scripted = scriptedBridge({
    'connections.list': (): Envelope => ({ ok: true, result: { profiles: [profile], activeId: profile.id } }),
    'connections.certificate': (): Envelope => ({
      ok: true,
      result: { id: profile.id, pinned: fp('DD'), presented: {} as never, changed: false }
    }),
    'connections.demoTokens': (): Envelope => ({ ok: true, result: { tokens } }),
    'connections.changeToken': (): Envelope => ({ ok: true, result: viewOnly })
  })
  setApiForTests(scripted.bridge)
  await connection.load()
  render(SettingsScreen)
  const card = (await screen.findAllByTestId('profile'))[0]!
  await fireEvent.click(within(card).getByRole('button', { name: /^Change token of / }))
  return { ...scripted, dialog: await screen.findByRole('dialog') }
}

describe('Change token on the demo console: its own tokens', () => {
  it('offers full, view-only and none; the one chosen is checked and saved as a typed token', async () => {
    const { dialog, calls } = await openChangeToken(demo)
    const group = await within(dialog).findByRole('group', { name: "The demo console's own tokens" })
    const view = await within(group).findByRole('radio', { name: /^View only/ })
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value'))
    ).toEqual(['full', 'view', 'none'])
    expect(within(group).getByRole('radio', { name: /^Full access/ })).not.toBeChecked()
    await fireEvent.click(view)
    expect(view).toBeChecked()
    // The token field holds it, hidden as a typed token is.
    const field = within(dialog).getByLabelText('New API token')
    expect(field).toHaveAttribute('type', 'password')
    expect(field).toHaveValue('VIEWxxxxxxxxxxxxxxxxxx')
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Check and save token' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.filter((c) => c[0] === 'connections.changeToken').map((c) => c[1])).toEqual([
      { id: 'demo', token: 'VIEWxxxxxxxxxxxxxxxxxx', allowPlaintextToken: false }
    ])
    await waitFor(() => expect(screen.getByTestId('test-result')).toHaveTextContent(/accepted the new token/))
  })

  it('a real console offers no tokens of its own', async () => {
    const { dialog, calls } = await openChangeToken(real)
    expect(within(dialog).queryByRole('group')).toBeNull()
    expect(within(dialog).queryByRole('radio')).toBeNull()
    expect(calls.map((c) => c[0])).not.toContain('connections.demoTokens')
  })
})
