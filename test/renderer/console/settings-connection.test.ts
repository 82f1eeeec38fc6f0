import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import SettingsScreen from '../../../src/renderer/src/screens/SettingsScreen.svelte'
import ErrorNotice from '../../../src/renderer/src/components/ErrorNotice.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { router } from '../../../src/renderer/src/stores/router.svelte'
import { AppError } from '../../../src/shared/errors'
import type { Envelope } from '../../../src/shared/ipc/define'
import type { TokenCheck } from '../../../src/shared/connections'
import { scriptedBridge } from '../../support/fake-bridge'

const fp = (byte: string) => Array.from({ length: 32 }, () => byte).join(':')
const lab = {
  id: 'lab',
  name: 'Lab console',
  url: 'https://10.0.0.5:12445',
  fingerprint256: fp('AA'),
  demo: false,
  hasToken: true,
  tokenStorage: 'file'
}
const list = (): Envelope => ({ ok: true, result: { profiles: [lab], activeId: 'lab' } })
const unchanged = (): Envelope => ({
  ok: true,
  result: { id: 'lab', pinned: fp('AA'), presented: certificate(fp('AA')), changed: false }
})
const certificate = (fingerprint256: string) => ({
  fingerprint256,
  subject: 'CN=Access console',
  issuer: 'CN=Access console',
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2036-01-01T00:00:00.000Z'
})
const viewOnly: TokenCheck = {
  ok: true,
  url: lab.url,
  latencyMs: 12,
  checkedAt: 1,
  permissions: [
    { key: 'view:credential', status: 'allowed', uses: 'generate PINs, list cards and Touch Passes' },
    { key: 'edit:credential', status: 'missing', uses: 'enroll, import, rename and delete cards' },
    { key: 'view:user', status: 'allowed', uses: 'find people' }
  ]
}
const refused = (message: string): Envelope => ({
  ok: false,
  error: {
    kind: 'auth',
    code: 'TOKEN_REFUSED',
    message,
    hint: 'Create one on the console: UniFi Access → Settings → General → Advanced → API Token → Create New.',
    retryable: false
  }
})

async function showSettings(answers: Parameters<typeof scriptedBridge>[0]) {
  const scripted = scriptedBridge({ 'connections.list': list, 'connections.certificate': unchanged, ...answers })
  setApiForTests(scripted.bridge)
  await connection.load()
  render(SettingsScreen)
  const card = (await screen.findAllByTestId('profile'))[0]!
  return { ...scripted, card }
}

afterEach(() => vi.restoreAllMocks())

describe('Settings → Connections', () => {
  it('a refused token on "Save and use" is explained next to the button and nothing is selected', async () => {
    const { calls } = await showSettings({
      'connections.probe': () => ({ ok: true, result: certificate(fp('BB')) }),
      'connections.save': () =>
        refused('The console at https://10.0.0.9:12445 refused this API token, so nothing was saved.')
    })
    const form = screen.getByRole('form', { name: 'Add a console' })
    await fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Office' } })
    await fireEvent.input(within(form).getByRole('textbox', { name: 'Address' }), {
      target: { value: 'https://10.0.0.9:12445' }
    })
    await fireEvent.input(within(form).getByLabelText('API token'), { target: { value: 'wrong' } })
    await fireEvent.click(within(form).getByRole('button', { name: 'Check certificate' }))
    await fireEvent.click(await within(form).findByRole('checkbox', { name: /I compared the fingerprint/ }))
    await fireEvent.click(within(form).getByRole('button', { name: 'Save and use' }))
    const alert = await within(form).findByRole('alert')
    expect(alert).toHaveTextContent('nothing was saved')
    expect(alert).toHaveTextContent('API Token → Create New')
    expect(calls.map((c) => c[0])).not.toContain('connections.select')
  })

  it('shows the test result inside the console it tested, scrolled into view and announced', async () => {
    const scrolled = vi.fn()
    Element.prototype.scrollIntoView = scrolled
    const { card } = await showSettings({ 'connections.test': () => ({ ok: true, result: viewOnly }) })
    await fireEvent.click(within(card).getByRole('button', { name: /^Test connection to / }))
    const status = await within(card).findByTestId('test-result')
    await vi.waitFor(() => expect(status).toHaveTextContent(/Connected to https:\/\/10\.0\.0\.5:12445 in 12 ms/))
    // Said by the app's one live region (settings-announce.test.ts), not by a region of its own.
    expect(status).not.toHaveAttribute('aria-live')
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalled())
  })

  it('says what the token can and cannot do, per permission key', async () => {
    const { card } = await showSettings({ 'connections.test': () => ({ ok: true, result: viewOnly }) })
    await fireEvent.click(within(card).getByRole('button', { name: /^Test connection to / }))
    const table = await within(card).findByRole('table', { name: 'Permission keys of this token' })
    const row = within(table).getByRole('row', { name: /edit:credential/ })
    expect(row).toHaveTextContent('Missing')
    expect(within(table).getByRole('row', { name: /view:credential/ })).toHaveTextContent('Allowed')
    expect(within(card).getByTestId('test-result')).toHaveTextContent(/cannot enroll, import, rename and delete cards/)
  })

  it('a test whose key probes all met errors says so: not "Connected", no key called held', async () => {
    const failing: TokenCheck = {
      ...viewOnly,
      permissions: viewOnly.permissions.map((p) => ({ ...p, status: 'unknown' as const }))
    }
    const { card } = await showSettings({ 'connections.test': () => ({ ok: true, result: failing }) })
    await fireEvent.click(within(card).getByRole('button', { name: /^Test connection to / }))
    const status = await within(card).findByTestId('test-result')
    await vi.waitFor(() => expect(status).toHaveTextContent(/answered every check with an error/))
    expect(status).not.toHaveTextContent(/Connected/)
    expect(status).not.toHaveTextContent(/holds every permission key/)
    expect(status).toHaveTextContent(/view:credential, edit:credential, view:user/)
  })

  it('a test where some key probes met errors names the keys it could not tell, never "holds every key"', async () => {
    const partly: TokenCheck = {
      ...viewOnly,
      permissions: viewOnly.permissions.map((p) => (p.key === 'view:user' ? { ...p, status: 'unknown' as const } : p))
    }
    const { card } = await showSettings({ 'connections.test': () => ({ ok: true, result: partly }) })
    await fireEvent.click(within(card).getByRole('button', { name: /^Test connection to / }))
    const status = await within(card).findByTestId('test-result')
    await vi.waitFor(() => expect(status).toHaveTextContent(/Could not tell whether this token holds view:user/))
    expect(status).toHaveTextContent(/The API token lacks \d permissions? in all: edit:credential/)
  })

  it('"Change token…" keeps the dialog open on a refusal and reports the new token once accepted', async () => {
    let attempt = 0
    const { calls, card } = await showSettings({
      'connections.changeToken': () =>
        ++attempt === 1
          ? refused('The console at https://10.0.0.5:12445 refused the new API token. The previous token is kept.')
          : { ok: true, result: viewOnly }
    })
    await fireEvent.click(within(card).getByRole('button', { name: /^Change token of / }))
    const dialog = screen.getByRole('dialog', { name: /Change the API token of Lab console/ })
    const input = within(dialog).getByLabelText('New API token')
    expect(input).toHaveFocus()
    expect(input).toHaveAttribute('type', 'password')
    await fireEvent.input(input, { target: { value: 'wrong' } })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Check and save token' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('previous token is kept')
    await fireEvent.input(input, { target: { value: 'S3cr3t-new-token' } })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Check and save token' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(within(card).getByTestId('test-result')).toHaveTextContent('accepted the new token')
    expect(calls.filter((c) => c[0] === 'connections.changeToken').map((c) => c[1])).toEqual([
      { id: 'lab', token: 'wrong', allowPlaintextToken: false },
      { id: 'lab', token: 'S3cr3t-new-token', allowPlaintextToken: false }
    ])
    // The token is never put on the screen.
    expect(document.body.textContent).not.toContain('S3cr3t-new-token')
  })

  it('a changed certificate: both fingerprints side by side, trusted only after a confirmation that focuses Cancel', async () => {
    let pinned = fp('AA')
    const { calls, card } = await showSettings({
      'connections.certificate': () => ({
        ok: true,
        result: { id: 'lab', pinned, presented: certificate(fp('CD')), changed: pinned !== fp('CD') }
      }),
      'connections.trustCertificate': (input) => {
        pinned = (input as { fingerprint256: string }).fingerprint256
        return { ok: true, result: { ...lab, fingerprint256: pinned } }
      },
      'connections.test': () => ({ ok: true, result: viewOnly })
    })
    const changed = await within(card).findByTestId('certificate-changed')
    expect(within(changed).getByRole('group', { name: /^Trusted SHA-256 fingerprint AA:AA/ })).toBeInTheDocument()
    expect(within(changed).getByRole('group', { name: /^Presented SHA-256 fingerprint CD:CD/ })).toBeInTheDocument()
    expect(changed).toHaveTextContent('intercepting')
    await fireEvent.click(within(changed).getByRole('button', { name: 'Trust the new certificate…' }))
    const dialog = screen.getByRole('dialog', { name: /Trust the new certificate of Lab console/ })
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    expect(calls.map((c) => c[0])).not.toContain('connections.trustCertificate')
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Trust the new certificate' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.find((c) => c[0] === 'connections.trustCertificate')?.[1]).toEqual({
      id: 'lab',
      fingerprint256: fp('CD')
    })
    await vi.waitFor(() =>
      expect(within(card).getByTestId('test-result')).toHaveTextContent('new certificate is trusted')
    )
    expect(within(card).queryByTestId('certificate-changed')).toBeNull()
  })

  it('a certificate error elsewhere offers the way to Settings → Connections', async () => {
    router.go('cards')
    const error = new AppError({
      kind: 'tls',
      code: 'CERT_CHANGED',
      message: 'The certificate of https://10.0.0.5:12445 is not the one you trusted. The connection was refused.'
    })
    render(ErrorNotice, { error })
    await fireEvent.click(screen.getByRole('button', { name: 'Open Settings → Connections' }))
    expect(router.current).toBe('settings')
  })
})
