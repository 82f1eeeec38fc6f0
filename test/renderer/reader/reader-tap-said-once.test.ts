import '@testing-library/jest-dom/vitest'
import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/svelte'
import ReaderPanel from '../../../src/renderer/src/components/import/ReaderPanel.svelte'
import type { Tap } from '../../../src/renderer/src/stores/reader.svelte'
import type { ReaderCard } from '../../../src/shared/reader/schemas'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'

/**
 * A tap is said once: a 6-byte UID's "An NFC UID is 4, 7 or 10 bytes" is not written twice (as the
 * card's problem and again as why it was not added), and a screen reader hears the newest tap's
 * outcome as one sentence, not the whole tap list re-read as it grows.
 */
const card = (uid: string, at: number): ReaderCard => ({
  reader: 'ACR122U',
  uid,
  atr: '3B00',
  standard: 'TAG_ISO_14443_3',
  formats: { hex: uid, reversed: uid, decimal: '1' },
  randomUid: false,
  at,
  ...(uid.length === 12 && {
    problem: 'An NFC UID is 4, 7 or 10 bytes (8, 14 or 20 hex digits); this one is 6 bytes.',
    problemSaid: { kind: 'length' as const, bytes: 6 }
  })
})
const sixBytes: Tap = {
  key: 'k2',
  card: card('0499887766AA', 2),
  outcome: {
    kind: 'refused',
    message: 'An NFC UID is 4, 7 or 10 bytes (8, 14 or 20 hex digits); this one is 6 bytes.',
    problem: { kind: 'length', bytes: 6 }
  }
}
const added: Tap = { key: 'k1', card: card('04A23B1C', 1), outcome: { kind: 'added', alias: '', nfcId: '04A23B1C' } }
const props = (taps: Tap[]) => ({
  status: { state: 'ready' as const, message: 'Ready', readers: ['ACR122U'], os: 'linux' as const },
  error: null,
  taps,
  present: null,
  onselect: () => {},
  onretry: () => {}
})

describe('a tap on the USB reader', () => {
  it('says why a 6-byte UID was not added once', () => {
    render(ReaderPanel, props([sixBytes]))
    const tap = screen.getByTestId('tap')
    expect(tap.textContent!.match(/An NFC UID is 4, 7 or 10 bytes/g)).toHaveLength(1)
    expect(tap).toHaveTextContent('Not added: An NFC UID is 4, 7 or 10 bytes')
  })

  it('is announced as one sentence, the newest tap only; the tap list is no live region', async () => {
    const view = render(ReaderPanel, props([added]))
    const list = screen.getByTestId('taps')
    expect(list.closest('[aria-live], [role="status"], [role="log"]')).toBeNull()
    await view.rerender(props([sixBytes, added]))
    await waitFor(() =>
      expect(announcer.message).toBe(
        '0499887766AA: Not added: An NFC UID is 4, 7 or 10 bytes (8, 14 or 20 hex digits); this one is 6 bytes.'
      )
    )
    // The next tap replaces it, it is not appended to it.
    await view.rerender(props([{ ...added, key: 'k3', card: card('04A23B1D', 3) }, sixBytes, added]))
    await waitFor(() => expect(announcer.message).toBe('04A23B1D: added'))
  })
})
