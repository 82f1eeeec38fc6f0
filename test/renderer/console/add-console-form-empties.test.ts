import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import App from '../../../src/renderer/src/App.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { router } from '../../../src/renderer/src/stores/router.svelte'
import { clearSavedFormTyping, keptTyping } from '../../../src/renderer/src/lib/saved-form-typing.svelte'
import type { ProfileSummary, TokenCheck } from '../../../src/shared/connections'
import type { Envelope } from '../../../src/shared/ipc/define'
import { eventBridge, ok } from '../enroll/event-bridge'

const fp = (byte: string) => Array.from({ length: 32 }, () => byte).join(':')
const profile = (id: string, name: string, byte: string, host: number): ProfileSummary => ({
  id,
  name,
  url: `https://10.0.0.${host}:12445`,
  fingerprint256: fp(byte),
  demo: false,
  hasToken: true,
  tokenStorage: 'file'
})
const lab = profile('lab', 'Lab console', 'AA', 5)
const office = profile('office', 'Office', 'BB', 6)
const certificate = (fingerprint256: string) => ({
  fingerprint256,
  subject: 'CN=Access console',
  issuer: 'CN=Access console',
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2036-01-01T00:00:00.000Z'
})
const works: TokenCheck = {
  ok: true,
  url: office.url,
  latencyMs: 9,
  checkedAt: 1,
  permissions: [{ key: 'view:credential', status: 'allowed', uses: 'list cards' }]
}
const refused: Envelope = {
  ok: false,
  error: {
    kind: 'auth',
    code: 'TOKEN_REFUSED',
    message: 'The console at https://10.0.0.6:12445 refused this API token, so nothing was saved.',
    retryable: false
  }
}

let off: (() => void) | undefined
afterEach(() => {
  off?.()
  cleanup()
  clearSavedFormTyping()
})

/**
 * The whole desk (App, whose {#key} remounts the screens when the active console changes) on Settings,
 * with one saved console; `save` answers as main does (a refusal saves nothing).
 */
async function settingsWithOneConsole(accept: () => boolean) {
  let profiles = [lab]
  let activeId = 'lab'
  const main = eventBridge({
    'connections.list': () => ok({ profiles, activeId }),
    'connections.certificate': (input) => {
      const p = profiles.find((x) => x.id === (input as { id: string }).id)!
      return ok({ id: p.id, pinned: p.fingerprint256, presented: certificate(p.fingerprint256), changed: false })
    },
    'connections.reach': () => ok(null),
    'connections.probe': () => ok(certificate(office.fingerprint256)),
    'connections.save': () => {
      if (!accept()) return refused
      profiles = [lab, office]
      return ok({ ...office, check: works })
    },
    'connections.select': (input) => {
      activeId = (input as { id: string }).id
      main.emit('connections.changed', { activeId })
      return ok(profiles.find((p) => p.id === activeId))
    }
  })
  setApiForTests(main.bridge)
  off = connection.listen()
  router.go('settings')
  render(App)
  await screen.findByRole('form', { name: 'Add a console' }, { timeout: 15_000 })
  return main
}

const form = () => screen.getByRole('form', { name: 'Add a console' })
const field = (name: 'Name' | 'Address' | 'API token') =>
  name === 'API token'
    ? within(form()).getByLabelText<HTMLInputElement>('API token')
    : within(form()).getByRole<HTMLInputElement>('textbox', { name })

async function typeAndSave() {
  await fireEvent.input(field('Name'), { target: { value: 'Office' } })
  await fireEvent.input(field('Address'), { target: { value: office.url } })
  await fireEvent.input(field('API token'), { target: { value: 'S3cr3t-office' } })
  await fireEvent.click(within(form()).getByRole('button', { name: 'Check certificate' }))
  await fireEvent.click(await within(form()).findByRole('checkbox', { name: /I compared the fingerprint/ }))
  await fireEvent.click(within(form()).getByRole('button', { name: 'Save and use' }))
}

describe('Settings → Add a console', () => {
  it('empties after a console is saved (the token above all), though the switch remounts the screen', async () => {
    const main = await settingsWithOneConsole(() => true)
    await typeAndSave()
    await waitFor(() => expect(connection.activeId).toBe('office'), { timeout: 15_000 })
    await waitFor(() =>
      expect(within(screen.getByRole('listitem', { name: 'Office' })).getByTestId('test-result')).toHaveTextContent(
        'Saved "Office" and made it active.'
      )
    )
    expect(main.calls.filter(([c]) => c === 'connections.save')).toHaveLength(1)
    await waitFor(() => expect(field('API token').value).toBe(''))
    expect(field('Name').value).toBe('')
    expect(field('Address').value).toBe('https://')
    expect(within(form()).queryByTestId('certificate-read')).toBeNull()
    expect(within(form()).queryByText('Not saved yet')).toBeNull()
    // Nothing of it kept for the next visit to Settings either.
    expect(keptTyping('settings.add-console')).toBeNull()
  }, 30_000)

  it('keeps everything typed when the save is refused, and says why', async () => {
    const main = await settingsWithOneConsole(() => false)
    await typeAndSave()
    const refusal = await within(form()).findByRole('alert')
    expect(refusal).toHaveTextContent('refused this API token, so nothing was saved')
    // The reason takes the focus (as a certificate not read does), not left on Save and unread.
    await waitFor(() => expect(refusal).toHaveFocus())
    expect(connection.activeId).toBe('lab')
    expect(main.calls.map(([c]) => c)).not.toContain('connections.select')
    expect(field('Name').value).toBe('Office')
    expect(field('Address').value).toBe(office.url)
    expect(field('API token').value).toBe('S3cr3t-office')
    expect(within(form()).getByRole('checkbox', { name: /I compared the fingerprint/ })).toBeChecked()
  }, 30_000)
})
