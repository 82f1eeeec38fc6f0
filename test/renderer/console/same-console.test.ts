import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import SettingsScreen from '../../../src/renderer/src/screens/SettingsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { sameConsole } from '../../../src/main/services/connections/same-console'
import type { ProfileRecord } from '../../../src/main/services/connections/profiles'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'

/**
 * Settings → Add a console, for a console already saved (the same certificate, under any address): the
 * form says so as soon as the certificate is read (shared/same-console.ts, the rule main refuses by),
 * main refuses the save as the same console (connections/same-console.ts, its refusal as main makes it
 * here), and the form offers to open that one instead of a second profile; opening it makes it active
 * and its entry says so. Nothing is saved.
 */
const fp = Array.from({ length: 32 }, () => 'AA').join(':')
const lab: ProfileRecord = {
  id: 'lab',
  name: 'Lab console',
  url: 'https://10.0.0.5:12445',
  fingerprint256: fp,
  certificatePems: [],
  demo: false,
  tokenStorage: 'file'
}
const demoFp = Array.from({ length: 32 }, () => 'BB').join(':')
const demo = { id: 'demo', name: 'Demo console', url: 'https://127.0.0.1:4000', fingerprint256: demoFp, demo: true }
const summary = { id: lab.id, name: lab.name, url: lab.url, fingerprint256: fp, demo: false, hasToken: true }
const certificate = {
  fingerprint256: fp,
  subject: 'CN=Access console',
  issuer: 'CN=Access console',
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2036-01-01T00:00:00.000Z'
}

describe('Settings: a console already saved', () => {
  it('says it is the same console and offers to open that one; nothing is saved', async () => {
    let activeId = 'demo'
    const profiles = [
      { ...demo, hasToken: true, tokenStorage: 'demo' },
      { ...summary, tokenStorage: 'file' }
    ]
    const scripted = scriptedBridge({
      'connections.list': (): Envelope => ({ ok: true, result: { profiles, activeId } }),
      'connections.certificate': (): Envelope => ({
        ok: true,
        result: { id: activeId, pinned: demoFp, presented: { ...certificate, fingerprint256: demoFp }, changed: false }
      }),
      'connections.probe': (): Envelope => ({ ok: true, result: certificate }),
      'connections.save': (): Envelope => ({ ok: false, error: sameConsole(lab).toData() }),
      'connections.select': (input): Envelope => {
        activeId = (input as { id: string }).id
        return { ok: true, result: { ...summary, tokenStorage: 'file' } }
      }
    })
    setApiForTests(scripted.bridge)
    await connection.load()
    render(SettingsScreen)
    const form = screen.getByRole('form', { name: 'Add a console' })
    await fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Lab again' } })
    const byName = 'https://lab-console.local:12445'
    await fireEvent.input(within(form).getByRole('textbox', { name: 'Address' }), { target: { value: byName } })
    await fireEvent.input(within(form).getByLabelText('API token'), { target: { value: 'tok' } })
    await fireEvent.click(within(form).getByRole('button', { name: 'Check certificate' }))
    // Said as soon as the certificate is read (by another address too), before the token is tried.
    const early = await within(form).findByTestId('already-saved')
    expect(early).toHaveTextContent(
      'This certificate is the one of “Lab console”, already saved: it is the same console. Open “Lab console” instead of saving it twice.'
    )
    expect(within(form).getByRole('button', { name: 'Open “Lab console”' })).toBeInTheDocument()
    await fireEvent.click(await within(form).findByRole('checkbox', { name: /I compared the fingerprint/ }))
    await fireEvent.click(within(form).getByRole('button', { name: 'Save and use' }))

    const alert = await within(form).findByRole('alert')
    expect(alert).toHaveTextContent(
      'This is the console already saved as “Lab console”: it presents the same certificate.'
    )
    expect(alert).toHaveTextContent('Open “Lab console” to change its name or token instead of saving it twice.')
    const open = within(form).getByRole('button', { name: 'Open “Lab console”' })
    expect(scripted.calls.map(([c]) => c)).not.toContain('connections.select')

    await fireEvent.click(open)
    await waitFor(() => expect(scripted.calls).toContainEqual(['connections.select', { id: 'lab' }]))
    await waitFor(() => expect(connection.activeId).toBe('lab'))
    const card = screen.getAllByTestId('profile').find((c) => c.textContent?.includes('Lab console'))!
    await within(card).findByText('“Lab console” is open: change its name or token here.')
    // The form is cleared: nothing of the second profile stays to be saved.
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('')
    expect(scripted.calls.filter(([c]) => c === 'connections.save')).toHaveLength(1)
  })
})
