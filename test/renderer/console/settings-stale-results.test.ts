import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import SettingsScreen from '../../../src/renderer/src/screens/SettingsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import type { Envelope } from '../../../src/shared/ipc/define'
import type { ProfileSummary, TokenCheck } from '../../../src/shared/connections'
import { eventBridge } from '../enroll/event-bridge'

const fp = (byte: string) => Array.from({ length: 32 }, () => byte).join(':')
const profile = (id: string, name: string, byte: string): ProfileSummary => ({
  id,
  name,
  url: `https://10.0.0.${byte === 'AA' ? 5 : 6}:12445`,
  fingerprint256: fp(byte),
  demo: false,
  hasToken: true,
  tokenStorage: 'file'
})
const lab = profile('lab', 'Lab console', 'AA')
const office = profile('office', 'Office', 'BB')
const works = (url: string): TokenCheck => ({
  ok: true,
  url,
  latencyMs: 9,
  checkedAt: 1,
  permissions: [{ key: 'view:credential', status: 'allowed', uses: 'list cards' }]
})
const ok = (result: unknown): Envelope => ({ ok: true, result }) as Envelope

/** Settings with two saved consoles; `select` makes one active as main would (list answers it next). */
async function twoConsoles() {
  let profiles = [lab]
  let activeId = 'lab'
  let refuseLab = false
  const main = eventBridge({
    'connections.list': () => ok({ profiles, activeId }),
    'connections.certificate': (input) => {
      const p = profiles.find((x) => x.id === (input as { id: string }).id)!
      return ok({ id: p.id, pinned: p.fingerprint256, presented: certificate(p.fingerprint256), changed: false })
    },
    'connections.reach': () => ok(null),
    'connections.probe': () => ok(certificate(office.fingerprint256)),
    'connections.save': () => {
      profiles = [lab, office]
      return ok({ ...office, check: works(office.url) })
    },
    'connections.select': (input) => {
      activeId = (input as { id: string }).id
      main.emit('connections.changed', { activeId })
      return ok(profiles.find((p) => p.id === activeId))
    },
    'connections.test': (input) =>
      (input as { id: string }).id === 'lab' && refuseLab
        ? { ok: false, error: { kind: 'auth', message: 'The console refuses the saved API token.', retryable: false } }
        : ok(works((input as { id: string }).id === 'lab' ? lab.url : office.url))
  })
  setApiForTests(main.bridge)
  const off = connection.listen()
  await connection.load()
  render(SettingsScreen)
  const card = (name: string) => screen.getByRole('listitem', { name })
  return { card, off, refuseLab: () => (refuseLab = true) }
}

function certificate(fingerprint256: string) {
  return {
    fingerprint256,
    subject: 'CN=Access console',
    issuer: 'CN=Access console',
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2036-01-01T00:00:00.000Z'
  }
}

describe('Settings results belong to their moment', () => {
  it('"Saved…" and a test result go with a later switch of console; a later action replaces an earlier result', async () => {
    const { card, off, refuseLab } = await twoConsoles()
    try {
      // Add the office console: "Saved…" and what its token can do, on its entry.
      const form = screen.getByRole('form', { name: 'Add a console' })
      await fireEvent.input(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Office' } })
      await fireEvent.input(within(form).getByRole('textbox', { name: 'Address' }), { target: { value: office.url } })
      await fireEvent.input(within(form).getByLabelText('API token'), { target: { value: 'token' } })
      await fireEvent.click(within(form).getByRole('button', { name: 'Check certificate' }))
      await fireEvent.click(await within(form).findByRole('checkbox', { name: /I compared the fingerprint/ }))
      await fireEvent.click(within(form).getByRole('button', { name: 'Save and use' }))
      const officeResult = () => within(card('Office')).getByTestId('test-result')
      await waitFor(() => expect(officeResult()).toHaveTextContent('Saved "Office" and made it active.'))
      expect(connection.activeId).toBe('office')

      // Back to the lab console: what was said when Office was added is of an earlier moment.
      await fireEvent.click(within(card('Lab console')).getByRole('button', { name: /^Use / }))
      await waitFor(() => expect(connection.activeId).toBe('lab'))
      await waitFor(() => expect(officeResult().textContent?.trim()).toBe(''))

      // A test of Office shows its result; a switch clears it again.
      await fireEvent.click(within(card('Office')).getByRole('button', { name: /^Test connection to / }))
      await waitFor(() => expect(officeResult()).toHaveTextContent(/Connected to https:\/\/10\.0\.0\.6/))
      await fireEvent.click(within(card('Office')).getByRole('button', { name: /^Use / }))
      await waitFor(() => expect(connection.activeId).toBe('office'))
      await waitFor(() => expect(officeResult().textContent?.trim()).toBe(''))

      // A later action on another console replaces an earlier result, its error included.
      await fireEvent.click(within(card('Office')).getByRole('button', { name: /^Test connection to / }))
      await waitFor(() => expect(officeResult()).toHaveTextContent(/Connected to/))
      refuseLab()
      await fireEvent.click(within(card('Lab console')).getByRole('button', { name: /^Test connection to / }))
      await within(card('Lab console')).findByRole('alert')
      expect(officeResult().textContent?.trim()).toBe('')
      await fireEvent.click(within(card('Office')).getByRole('button', { name: /^Test connection to / }))
      await waitFor(() => expect(officeResult()).toHaveTextContent(/Connected to/))
      await waitFor(() => expect(within(card('Lab console')).queryByRole('alert')).toBeNull())
    } finally {
      off()
    }
  }, 20_000)
})
