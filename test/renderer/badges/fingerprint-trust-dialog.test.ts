import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte'
import PrinterCertificateDialog from '../../../src/renderer/src/components/badges/PrinterCertificateDialog.svelte'
import TrustCertificateDialog from '../../../src/renderer/src/screens/settings/TrustCertificateDialog.svelte'
import type { CertificateStatus, ProfileSummary } from '../../../src/shared/connections'

const fp = (byte: string) => Array.from({ length: 32 }, () => byte).join(':')
const certificate = (fingerprint256: string) => ({
  fingerprint256,
  subject: 'CN=device',
  issuer: 'CN=device',
  validFrom: '2026-01-01',
  validTo: '2027-01-01'
})

/**
 * A console's new certificate (Settings) and a badge printer's (Badges) are confirmed in the one
 * fingerprint-compare dialog, itself the app's one confirmation (ConfirmDialog: Cancel first, marked
 * safe and focused; the trust button marked destructive): the same shape, each in its own words.
 */
describe('the one fingerprint-compare dialog', () => {
  afterEach(() => cleanup())

  async function expectOneShape(words: { title: string; fingerprint: RegExp; warning: RegExp; confirm: string }) {
    const box = await screen.findByRole('dialog', { name: words.title })
    expect(within(box).getByRole('group', { name: words.fingerprint })).toBeInTheDocument()
    expect(box).toHaveTextContent(words.warning)
    const buttons = within(box)
      .getAllByRole('button')
      .filter((b) => !b.hasAttribute('data-close'))
    expect(
      buttons.map((b) => [b.textContent, b.hasAttribute('data-safe'), b.hasAttribute('data-destructive')])
    ).toEqual([
      ['Cancel', true, false],
      [words.confirm, false, true]
    ])
    await waitFor(() => expect(document.activeElement).toBe(buttons[0]))
  }

  it('for a console in Settings', async () => {
    render(TrustCertificateDialog, {
      props: {
        profile: { id: 'lab', name: 'Lab console', url: 'https://lab.example:12445' } as unknown as ProfileSummary,
        status: { presented: certificate(fp('CD')) } as unknown as CertificateStatus,
        ontrusted: () => undefined,
        onclose: () => undefined
      }
    })
    await expectOneShape({
      title: 'Trust the new certificate of Lab console?',
      fingerprint: /^New SHA-256 fingerprint CD:CD/,
      warning: /the one the console itself shows/,
      confirm: 'Trust the new certificate'
    })
  })

  it('for a badge printer in Badges, trusted again: both fingerprints', async () => {
    render(PrinterCertificateDialog, {
      props: {
        printer: {
          url: 'ipps://lobby:631/ipp/print',
          name: 'Lobby',
          certificate: certificate(fp('EF')),
          trusted: fp('AB')
        },
        busy: false,
        error: null,
        ontrust: () => undefined,
        onclose: () => undefined
      }
    })
    await expectOneShape({
      title: 'Trust the new certificate of Lobby?',
      fingerprint: /^Printer's SHA-256 fingerprint EF:EF/,
      warning: /the one the printer itself shows/,
      confirm: 'Trust the new certificate'
    })
    expect(screen.getByRole('group', { name: /^Trusted SHA-256 fingerprint AB:AB/ })).toBeInTheDocument()
  })
})
