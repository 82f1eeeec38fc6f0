import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import KioskApp from '../../../src/renderer/src/screens/kiosk/KioskApp.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { KioskFound } from '../../../src/shared/kiosk/schemas'
import type { AppErrorData } from '../../../src/shared/errors'
import { scriptedBridge } from '../../support/fake-bridge'
import { formats } from '../../../src/shared/format/formats'

const source = { online: true, loadedAt: new Date().toISOString(), visitors: 3, canCheckInOffline: 3 }
const settings = { pinSet: true, idleSeconds: 60, directions: '', deskName: 'the front desk' }

afterEach(() => cleanup())

/** The kiosk with main's answers scripted: `found` for the search, `badge` refused with `badgeError`. */
function kiosk(found: KioskFound, badgeError?: AppErrorData) {
  const { bridge } = scriptedBridge({
    'app.info': () => ({ ok: true, result: { transport: 'web' } }),
    'kiosk.refresh': () => ({ ok: true, result: { source, settings } }),
    'kiosk.find': () => ({ ok: true, result: { found, source } }),
    ...(badgeError && { 'kiosk.badge': () => ({ ok: false, error: badgeError }) })
  })
  setApiForTests(bridge)
  render(KioskApp)
}

async function typeName(name: string) {
  // The kiosk's words load on first render (a cold start can take more than the default second).
  await fireEvent.click(await screen.findByRole('button', { name: 'Check in' }, { timeout: 10_000 }))
  await fireEvent.input(screen.getByRole('textbox', { name: 'Your first and last name' }), {
    target: { value: name }
  })
  await fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
}

describe('the kiosk sends a visitor to the desk with the reason', () => {
  it('says when a visit that is too early starts', async () => {
    const startsAt = Math.floor(new Date().setHours(14, 0, 0, 0) / 1000) // today: another day is said with its weekday
    const clock = formats().time(new Date(startsAt * 1000))
    kiosk({ kind: 'none', reason: 'not-now', refusal: { reason: 'too-early', startsAt } })
    await typeName('Ana Ruiz')
    expect(await screen.findByTestId('kiosk-none')).toHaveTextContent(
      `Your visit starts at ${clock}; check-in opens an hour before. Please see the front desk.`
    )
  })

  it('says a visit that opens no door would get a badge that opens nothing', async () => {
    kiosk({ kind: 'none', reason: 'not-now', refusal: { reason: 'no-doors' } })
    await typeName('Aroha Ngata')
    expect(await screen.findByTestId('kiosk-none')).toHaveTextContent(
      'Your visit opens no doors yet, so a badge from this kiosk would not let you in. Please see the front desk.'
    )
  })

  it('says a cancelled visit was cancelled', async () => {
    kiosk({ kind: 'none', reason: 'not-now', refusal: { reason: 'cancelled' } })
    await typeName('王伟')
    expect(await screen.findByTestId('kiosk-none')).toHaveTextContent(
      'Your visit was cancelled. Please see the front desk.'
    )
  })
})

describe('a visit found that cannot be printed is sent to the desk with the reason', () => {
  it('says the code for the badge is not on the kiosk while it is offline, not only "see the desk"', async () => {
    const visit = { visitorId: 'v1', name: 'Manaia Rewiti', company: '', host: '', validFrom: 0, validTo: 0 }
    kiosk(
      { kind: 'one', visit },
      {
        kind: 'network',
        code: 'KIOSK_NO_QR_OFFLINE',
        message:
          'The code for your badge is not on this kiosk, and the kiosk cannot fetch it while it is offline. Please see the front desk.',
        hint: 'They will help you.',
        retryable: true,
        details: { refusal: { reason: 'offline-no-code' } }
      }
    )
    await typeName('Manaia Rewiti')
    await fireEvent.click(await screen.findByRole('button', { name: 'Yes, print my badge' }))
    expect(await screen.findByRole('heading', { name: 'Please see the front desk' })).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The code for your badge is not on this kiosk, and the kiosk cannot fetch it while it is offline. Please see the front desk.'
    )
  })

  it('a token the console refused is "see the desk" in visitor words: never "offline", never a token or a key', async () => {
    const visit = { visitorId: 'v2', name: 'Ana Lemalu', company: '', host: '', validFrom: 0, validTo: 0 }
    kiosk(
      { kind: 'one', visit },
      {
        kind: 'conflict',
        code: 'KIOSK_CODE_NOT_GIVEN',
        message: 'Your badge cannot be made at this kiosk. Please see the front desk.',
        hint: 'They will help you.',
        retryable: false,
        details: { refusal: { reason: 'console-refused', cause: 'permission', key: 'edit:visitor' } }
      }
    )
    await typeName('Ana Lemalu')
    await fireEvent.click(await screen.findByRole('button', { name: 'Yes, print my badge' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your badge cannot be made at this kiosk. Please see the front desk.')
    expect(alert).not.toHaveTextContent(/offline|edit:visitor|token/i)
  })
})
