import '@testing-library/jest-dom/vitest'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import ReaderPanel from '../../../src/renderer/src/components/import/ReaderPanel.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { ReaderSupervisor } from '../../../src/main/services/reader/supervisor'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { ScanSession } from '../../../src/main/services/batches/scan-session'
import type { ReaderCard } from '../../../src/shared/reader/schemas'
import type { TapOutcome } from '../../../src/shared/batches/tap'
import { scripted } from '../../support/scripted-host'
import { sleep } from '../../pcsc/harness'
import { tempDir } from '../../support/temp'

/** A card tapped on a scripted reader host, as main's supervisor reports it. */
async function tapped(uid: string): Promise<ReaderCard> {
  const { hosts, forkHost } = scripted()
  const cards: ReaderCard[] = []
  const sup = new ReaderSupervisor({
    forkHost,
    emit: (event, payload) => void (event === 'reader.card' && cards.push(payload as ReaderCard)),
    platform: 'linux',
    serviceUp: () => Promise.resolve(true)
  })
  sup.status()
  while (hosts.length === 0) await sleep(5)
  const host = hosts[0]!
  host.say({ type: 'hello', pid: 1 })
  host.say({ type: 'readers', readers: ['ACR122U'] })
  host.say({ type: 'card', reader: 'ACR122U', uid, atr: '3B00', standard: 'TAG_ISO_14443_3', detectedAt: 1, uidAt: 1 })
  while (cards.length === 0) await sleep(5)
  await sup.stop()
  return cards[0]!
}

/** What main's scan session makes of the tap with a batch open (the batch on disk). */
async function outcomeOf(card: ReaderCard): Promise<TapOutcome> {
  const dir = await tempDir()
  const batches = new BatchService({ dir: join(dir.path, 'batches'), emit: () => {} })
  try {
    const session = new ScanSession({ batches, beep: async () => true, emit: () => {} })
    await session.select((await batches.create({ name: 'Lote' })).id)
    return await session.tap(card)
  } finally {
    await batches.close()
    await dir.remove()
  }
}

async function panelSays(card: ReaderCard, outcome: TapOutcome): Promise<HTMLElement> {
  render(ReaderPanel, {
    status: { state: 'ready', message: 'Ready', readers: ['ACR122U'], os: 'linux' },
    error: null,
    taps: [{ key: 'k1', card, outcome }],
    present: null,
    onselect: () => {},
    onretry: () => {}
  })
  await screen.findByRole('heading', { name: 'Lector USB' }, { timeout: 5000 })
  return screen.getByRole('listitem')
}

describe('Import: why main refused a tap, in the desk’s language', () => {
  afterEach(() => {
    cleanup()
    deskLanguage.choose(null)
  })

  it('a 5-byte UID on a Spanish desk: its length said in Spanish, both times, never in English', async () => {
    deskLanguage.choose('es')
    const card = await tapped('0411223344')
    const outcome = await outcomeOf(card)
    expect(outcome.kind).toBe('refused')
    const tap = await panelSays(card, outcome)
    expect(tap).toHaveTextContent(
      'Un UID NFC tiene 4, 7 o 10 bytes (8, 14 o 20 dígitos hexadecimales); este tiene 5 bytes.'
    )
    expect(tap).toHaveTextContent('No añadida: Un UID NFC tiene 4, 7 o 10 bytes')
    expect(tap.textContent).not.toMatch(/An NFC UID|this one is/)
  })

  it('a random UID refused by the batch: said from the error’s code, in Spanish', async () => {
    deskLanguage.choose('es')
    const card = await tapped('08A1B2C3')
    const outcome = await outcomeOf(card)
    expect(outcome.kind).toBe('refused')
    const tap = await panelSays(card, outcome)
    await expect.poll(() => tap.textContent).toMatch(/No añadida: UID aleatorio: esta tarjeta \(o teléfono\)/)
    expect(tap.textContent).not.toMatch(/Random UID: this card|new ID at every tap/)
  })
})
