import { describe, expect, it } from 'vitest'
import type { Demo } from '../access/support'
import { useUploadHarness, type UploadHarness } from './upload-harness'
import { ConsoleCards } from '../../../src/main/services/batches/console-cards'
import { cardNfcId, consoleCardNumber } from '../../../src/shared/nfc/card-number'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import type { CardRecord } from '../../../src/demo-console/state/schemas'

/**
 * A UA card's number ("100005") is not its UID (facts 1.9): the desk cannot compare an NFC ID with
 * such a card. Wherever Import would say a card is not on the console (a typed ID, a CSV preview,
 * "Check with the console"), it says how many cards it could compare and how many it could not:
 * one answer, ConsoleCards.lookup.
 */
const unsure = (shown: string, without: string, id: string, card: string) =>
  `No card with ${id} among the console's ${shown} that show one; ${without} no NFC ID (UA cards) and could not be compared — if ${card} was enrolled on a UA reader, it is already on the console`

describe('is this NFC ID on the console, and how sure', () => {
  const card = (display_id: string, token: string): NfcCard =>
    ({ token, display_id, alias: '', status: 'pending', card_type: 'ua_card' }) as unknown as NfcCard

  it('found: the card, in either byte order; not found: unsure when some cards show no NFC ID, sure when all do', () => {
    const numbered = card(consoleCardNumber('04A23B1C'), 't1')
    const cards = new ConsoleCards([numbered, card('100005', 't2'), card('100006', 't3')])
    expect(cards.lookup('04A23B1C')).toEqual({ card: numbered, heldAs: '04A23B1C' })
    expect(cards.lookup('1C3BA204')).toEqual({ card: numbered, heldAs: '04A23B1C' })
    expect(cards.lookup('04112233')).toEqual({
      card: undefined,
      unsure: unsure('1 card', '2 cards show', 'this NFC ID', 'this card')
    })
    expect(new ConsoleCards([numbered]).lookup('04112233')).toEqual({ card: undefined, unsure: undefined })
  })
})

describe('Import and cards the console numbered itself (demo console)', () => {
  let demo: Demo
  let h: UploadHarness
  useUploadHarness((started, harness) => {
    demo = started
    h = harness
  })

  /** A seeded UA card (numbered 1000xx: its UID is not shown) and the counts the desk sees. */
  async function uaCard() {
    const listed = await h.client.nfcCards.all()
    h.cardLists = 0
    const without = listed.filter((c) => !cardNfcId(c.display_id)).length
    const { body } = await demo.control<{ data: CardRecord[] }>('GET', '/__demo/state/cards')
    const ua = body.data.find((c) => c.status === 'pending' && listed.some((l) => l.token === c.token))!
    expect(cardNfcId(ua.display_id)).toBeNull()
    const n = (k: number) => (k === 1 ? '1 card' : `${k} cards`)
    return {
      nfcId: ua.nfc_id,
      shown: n(listed.length - without),
      without: `${n(without)} show${without === 1 ? 's' : ''}`,
      /** As main sends them to the desk (shared/batches/console-unsure.ts). */
      counts: { shown: listed.length - without, without }
    }
  }

  it('typed: the ID of a UA card is added with the word that it could not be compared, not as absent', async () => {
    const { nfcId, counts } = await uaCard()
    const batch = await h.service.create({ name: 'Typed' })
    const answer = await h.service.addScan(batch.id, nfcId, undefined, 'typed')
    // As counts for the desk's words, and in the catalogue's English for the CLI.
    expect(answer).toMatchObject({ duplicate: false, unsure: counts })
    // The demo console's cards all show their own number (facts 1.9): never "among the console's 0 cards".
    expect(answer.note).toBe(
      counts.shown === 0
        ? `None of the console's ${counts.without} cards show their NFC ID (UA cards): this card may be one of those.`
        : `The console shows no card with this NFC ID, but ${counts.without} of its cards do not show their NFC ID (UA cards): it may be one of those.`
    )
    expect((await h.service.get(batch.id)).rows.map((r) => r.nfcId)).toEqual([nfcId])
  })

  it('CSV: the file is said once not to be comparable with the UA cards; its line stays ok', async () => {
    const { nfcId, shown, without } = await uaCard()
    const batch = await h.service.create({ name: 'File' })
    const preview = await h.service.previewCsv(`${nfcId},Mine\n`, batch.id)
    expect(preview.rows.map((r) => r.status)).toEqual(['ok'])
    expect(preview.notes).toEqual([
      `Lines not marked as on the console: ${unsure(shown, without, 'their NFC IDs', 'such a card')}.`
    ])
  })

  it('"Check with the console" of a row to check: not "it does not hold this card" while UA cards could not be compared', async () => {
    const { nfcId, shown, without, counts } = await uaCard()
    const batch = await h.service.create({ name: 'Check' })
    await h.service.addScan(batch.id, nfcId, 'Checked')
    // The connection is cut before the console's handler: the row is to check, and not imported.
    await demo.control('PUT', '/__demo/faults', { resetRate: 1 })
    await h.service.upload(batch.id).catch(() => undefined)
    await demo.control('DELETE', '/__demo/faults')
    expect((await h.service.get(batch.id)).rows.map((r) => r.status)).toEqual(['unknown'])

    const result = await h.service.check(batch.id)
    expect(result).toEqual({
      found: 0,
      absent: 1,
      unsure:
        counts.shown === 0
          ? `None of the console's ${counts.without} cards show their NFC ID (UA cards): a card enrolled on a UA reader may be one of those.`
          : `The console shows no card with their NFC IDs, but ${counts.without} of its cards do not show their NFC ID (UA cards): a card enrolled on a UA reader may be one of those.`,
      unsureSaid: counts
    })
    const [row] = (await h.service.get(batch.id)).rows
    expect(row!.status).toBe('pending')
    expect(row!.reason).toMatch(
      new RegExp(
        `^Checked with the console \\(.*\\): ${unsure(shown, without, 'this NFC ID', 'this card').replace(/[()]/g, '\\$&')}\\. Upload sends it\\.$`
      )
    )
    expect(row!.reason).not.toMatch(/does not hold/)
    // The console holds the card once: the seeded UA card, nothing imported by the check.
    expect(await h.onConsole(nfcId)).toHaveLength(1)
  })
})
