import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import SettingsScreen from '../../../src/renderer/src/screens/SettingsScreen.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import type { Envelope } from '../../../src/shared/ipc/define'
import type { ProfileSummary, TokenCheck } from '../../../src/shared/connections'
import { eventBridge } from '../enroll/event-bridge'
import { profileFixture } from '../../support/profile-fixture'

/**
 * Settings: after Change token…, Check certificate and Use this console, the focus is on what the action
 * brought (the result in that console's card, the certificate to compare, the console now active), and
 * what happened is said in the one live region: never left on the button, nor on a heading.
 */
const fingerprint = Array.from({ length: 32 }, () => 'AA').join(':')
const annexFingerprint = Array.from({ length: 32 }, () => 'BB').join(':')
const lab = profileFixture('lab', 'Lab console', { url: 'https://10.0.0.5:12445', fingerprint256: fingerprint })
const office: ProfileSummary = { ...lab, id: 'office', name: 'Head office', url: 'https://10.0.0.9:12445' }
const works: TokenCheck = {
  ok: true,
  url: lab.url,
  latencyMs: 9,
  checkedAt: 1,
  permissions: [{ key: 'view:credential', status: 'allowed', uses: 'list cards' }]
}
const ok = (result: unknown): Envelope => ({ ok: true, result }) as Envelope

let off: () => void = () => undefined
afterEach(() => {
  off()
  cleanup()
  connection.results = {}
})

async function settings(answers: Parameters<typeof eventBridge>[0] = {}, profiles = [lab, office]) {
  const state = { activeId: 'lab' }
  const main = eventBridge({
    'connections.list': () => ok({ profiles, activeId: state.activeId }),
    'connections.certificate': () => ok({ id: 'lab', pinned: fingerprint, presented: null, changed: false }),
    'connections.reach': () => ok(null),
    'connections.changeToken': () => ok(works),
    'connections.select': (input) => {
      state.activeId = (input as { id: string }).id
      return ok(null)
    },
    // A console not saved yet: its own certificate (one saved already is the same console, refused).
    'connections.probe': () =>
      ok({
        fingerprint256: annexFingerprint,
        subject: 'CN=unifi.local',
        issuer: 'CN=unifi.local',
        validFrom: '2026-01-01T00:00:00Z',
        validTo: '2027-01-01T00:00:00Z'
      }),
    ...answers
  })
  setApiForTests(main.bridge)
  off = connection.listen()
  await connection.load()
  render(ActionAnnouncer)
  render(SettingsScreen)
  return { state, calls: main.calls }
}
const announced = () => screen.getByTestId('action-announcer')

describe('Settings: the focus after each action is on its result', () => {
  it('Change token…: the focus on the result in the console card, said once', async () => {
    await settings()
    const card = screen.getByRole('listitem', { name: 'Lab console' })
    await fireEvent.click(within(card).getByRole('button', { name: /^Change token of / }))
    const dialog = await screen.findByRole('dialog')
    await fireEvent.input(within(dialog).getByLabelText('New API token'), { target: { value: 'new-token' } })
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Check and save token' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const result = within(card).getByTestId('test-result')
    await waitFor(() => expect(announced()).toHaveTextContent(/accepted the new token/))
    await waitFor(() => expect(document.activeElement).toBe(result))
  })

  it('Change token… sent with Enter in the field: the focus on the result all the same', async () => {
    await settings()
    const card = screen.getByRole('listitem', { name: 'Lab console' })
    const opener = within(card).getByRole('button', { name: /^Change token of / })
    opener.focus()
    await fireEvent.click(opener)
    const dialog = await screen.findByRole('dialog')
    const field = within(dialog).getByLabelText('New API token')
    await fireEvent.input(field, { target: { value: 'new-token' } })
    await fireEvent.keyDown(field, { key: 'Enter' })
    await fireEvent.submit(field.closest('form')!)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(announced()).toHaveTextContent(/accepted the new token/))
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByTestId('test-result')))
  })

  it('Check certificate: the focus on the certificate to compare, in the Add a console form', async () => {
    await settings()
    const form = screen.getByRole('form', { name: 'Add a console' })
    await fireEvent.input(within(form).getByLabelText('Name'), { target: { value: 'Annex' } })
    await fireEvent.input(within(form).getByLabelText('Address'), { target: { value: 'https://10.0.0.7:12445' } })
    await fireEvent.input(within(form).getByLabelText('API token'), { target: { value: 'tok' } })
    const check = within(form).getByRole('button', { name: 'Check certificate' })
    check.focus()
    await fireEvent.click(check)
    const read = await within(form).findByTestId('certificate-read')
    await waitFor(() => expect(document.activeElement).toBe(read))
    await waitFor(() => expect(announced()).toHaveTextContent(/compare its fingerprint/i))
  })

  it('Use this console: "Using Head office" said, the focus on its card, now the active one', async () => {
    const { state } = await settings()
    const card = screen.getByRole('listitem', { name: 'Head office' })
    const use = within(card).getByRole('button', { name: /^Use / })
    use.focus()
    await fireEvent.click(use)
    await waitFor(() => expect(state.activeId).toBe('office'))
    await waitFor(() => expect(announced()).toHaveTextContent('Using Head office'))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('listitem', { name: 'Head office' })))
  })

  // The walk: a wrong token's refusal showed, but the focus went to the legend "The demo console's own
  // tokens" (the busy button's form's first heading), not to the message.
  it('Change token… refused: the focus on the refusal, never on the demo tokens’ legend', async () => {
    const demo: ProfileSummary = { ...lab, demo: true }
    let answer: (envelope: Envelope) => void = () => undefined
    // Bounded: the dialog once read them again and again while open (the test then never ended).
    let reads = 0
    await settings(
      {
        'connections.demoTokens': () =>
          ++reads > 5
            ? new Promise<Envelope>(() => undefined)
            : ok({ tokens: [{ scope: 'full', token: 'full-token' }] }),
        'connections.changeToken': () => new Promise<Envelope>((resolve) => (answer = resolve))
      },
      [demo, office]
    )
    const card = screen.getByRole('listitem', { name: 'Lab console' })
    await fireEvent.click(within(card).getByRole('button', { name: /^Change token of / }))
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByRole('radio')
    const field = within(dialog).getByLabelText('New API token')
    await fireEvent.input(field, { target: { value: 'wrong-token' } })
    const send = within(dialog).getByRole('button', { name: 'Check and save token' })
    send.focus()
    await fireEvent.click(send)
    // While the console is asked: never the legend.
    await new Promise((r) => setTimeout(r, 50))
    expect(document.activeElement?.tagName).not.toBe('LEGEND')
    answer({ ok: false, error: { kind: 'auth', message: 'The console refused this token.', retryable: false } })
    const refusal = await within(dialog).findByRole('alert')
    await waitFor(() => expect(document.activeElement).toBe(refusal))
    // The demo console's tokens are read once for the dialog, not again after each answer.
    expect(reads).toBe(1)
  })

  // The walk: while "Saving…" the focus sat on the legend "Directions shown after check-in".
  it('Save kiosk settings: never on the directions’ legend while saving; then on the saved line', async () => {
    const kiosk = { pinSet: true, idleSeconds: 60, directions: '', deskName: 'Reception' }
    let answer: (envelope: Envelope) => void = () => undefined
    await settings({
      'kiosk.settings': () => ok(kiosk),
      'kiosk.saveSettings': () => new Promise<Envelope>((resolve) => (answer = resolve))
    })
    const panel = await screen.findByTestId('kiosk-settings')
    const save = await within(panel).findByRole('button', { name: 'Save kiosk settings' })
    save.focus()
    await fireEvent.click(save)
    // Off while saving, and keeping the focus it had (lib/off-keeps-focus): never handed to the legend.
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true')
    )
    await new Promise((r) => setTimeout(r, 50))
    expect(document.activeElement?.tagName).not.toBe('LEGEND')
    expect(document.activeElement).not.toBe(document.body)
    answer(ok(kiosk))
    const line = await within(panel).findByRole('status')
    await waitFor(() => expect(document.activeElement).toBe(line))
  })
})
