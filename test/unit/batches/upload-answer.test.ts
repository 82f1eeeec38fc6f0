import { describe, expect, it } from 'vitest'
import type { Demo } from '../access/support'
import { madeUpAnswer, uniqueHex, useUploadHarness, type UploadHarness } from './upload-harness'
import { cardNfcId } from '../../../src/shared/nfc/card-number'
import { errorFromResponse } from '../../../src/main/services/access/errors'
import { endpoints } from '../../../src/shared/access/endpoints'
import { CardViews } from '../../../src/main/services/cards/card-view'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'

/**
 * How the console's answer to an import becomes row results: matched by NFC ID, failures explained
 * from the console's cards as they are after the import, and the console's card numbers recorded.
 * The demo console over real HTTPS; where a live console answers differently from it (order, case,
 * no NFC ID), its real answer is reshaped on the way back.
 */
describe("the console's answer to an upload", () => {
  let demo: Demo
  let h: UploadHarness

  useUploadHarness((started, harness) => {
    demo = started
    h = harness
  })

  /** Reshape the real answer of every import request. */
  const reshape = (
    change: (records: Awaited<ReturnType<UploadHarness['client']['nfcCards']['importCsv']>>) => typeof records
  ) => {
    const importCsv = h.client.nfcCards.importCsv
    h.client.nfcCards.importCsv = async (...args) => change(await importCsv(...madeUpAnswer(args)))
  }

  const rowsWithTokens = async (batchId: string, ids: string[]) => {
    const detail = await h.service.get(batchId)
    const cards = await Promise.all(ids.map(async (id) => (await h.onConsole(id))[0]))
    return { detail, cards }
  }

  it('matches records to rows by NFC ID, whatever their order and case', async () => {
    const hex = uniqueHex()
    const ids = [`6A${hex}0000AB`, `6A${hex}0000CD`]
    const batch = await h.service.create({ name: 'Order' })
    for (const id of ids) await h.service.addScan(batch.id, id)
    reshape((records) => records.map((r) => ({ ...r, nfc_id: r.nfc_id.toLowerCase() })).reverse())
    expect(await h.service.upload(batch.id)).toMatchObject({ imported: 2 })
    const { detail, cards } = await rowsWithTokens(batch.id, ids)
    expect(detail.rows.map((r) => [r.status, r.token, r.displayId])).toEqual(
      cards.map((card) => ['imported', card!.token, card!.display_id])
    )
  })

  it('matches records by position when the answer carries no NFC IDs', async () => {
    const hex = uniqueHex()
    const ids = [`6B${hex}000001`, `6B${hex}000002`]
    const batch = await h.service.create({ name: 'Position' })
    for (const id of ids) await h.service.addScan(batch.id, id)
    reshape((records) => records.map((r) => ({ ...r, nfc_id: '' })))
    expect(await h.service.upload(batch.id)).toMatchObject({ imported: 2 })
    const { detail, cards } = await rowsWithTokens(batch.id, ids)
    expect(detail.rows.map((r) => r.token)).toEqual(cards.map((card) => card!.token))
  })

  it('a row the answer does not mention is to check; checking finds it imported', async () => {
    const hex = uniqueHex()
    const ids = [`6C${hex}000001`, `6C${hex}000002`]
    const batch = await h.service.create({ name: 'Missing' })
    for (const id of ids) await h.service.addScan(batch.id, id)
    reshape((records) => records.filter((r) => r.nfc_id !== ids[0]))
    expect(await h.service.upload(batch.id)).toEqual({
      uploadId: expect.any(String),
      sent: 2,
      imported: 1,
      failed: 0,
      unknown: 1
    })
    let detail = await h.service.get(batch.id)
    expect(detail.rows.map((r) => [r.status, r.reason])).toEqual([
      ['unknown', "The console's answer does not mention this card: check on the console whether it was imported."],
      ['imported', undefined]
    ])
    expect(h.progress.at(-1)).toMatchObject({ done: 2, imported: 1, unknown: 1, finished: true })
    expect(await h.service.check(batch.id)).toEqual({ found: 1, absent: 0 })
    detail = await h.service.get(batch.id)
    const cards = await h.onConsole(ids[0]!)
    expect(cards).toHaveLength(1)
    expect(detail.rows[0]).toMatchObject({ status: 'imported', token: cards[0]!.token })
    expect(detail.state).toBe('imported')
  })

  it("explains failures from the console's cards as they are now, reading them once per upload", async () => {
    const hex = uniqueHex()
    const held = `6D${hex}000001`
    const heldNoAlias = `6D${hex}000002`
    const aliasOwner = `6D${hex}000003`
    const batch = await h.service.create({ name: 'Explain' })
    await h.service.addScan(batch.id, held, `Mine-${hex}-1`)
    await h.service.addScan(batch.id, heldNoAlias, `Mine-${hex}-2`)
    await h.service.addScan(batch.id, `6D${hex}000004`, `Used-${hex}`)
    await h.service.addScan(batch.id, `6D${hex}000005`, `Mine-${hex}-5`)
    // A preview reads (and keeps) the console's cards before these arrive on the console.
    await h.service.previewCsv(`${held}\n`, batch.id)
    await h.client.nfcCards.importCsv(`${held},Theirs-${hex}\n${heldNoAlias}\n${aliasOwner},Used-${hex}\n`)
    const [card1, card2, card3] = [
      (await h.onConsole(held))[0]!,
      (await h.onConsole(heldNoAlias))[0]!,
      (await h.onConsole(aliasOwner))[0]!
    ]
    h.cardLists = 0

    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 4, imported: 1, failed: 3 })
    const rows = (await h.service.get(batch.id)).rows
    expect(rows.map((r) => r.reason)).toEqual([
      `Already on the console as card ${card1.display_id} ("Theirs-${hex}"): remove this row, or find the card on Cards.`,
      `Already on the console as card ${card2.display_id}: remove this row, or find the card on Cards.`,
      `The alias "Used-${hex}" is already used on the console by card ${card3.display_id}: change the alias here, or free it on the console (rename or remove that card), then retry failed rows.`,
      undefined
    ])
    // Once after each part (each has failures to explain); the second, after the last import, names the imported card too.
    expect(h.cardLists).toBe(2)
    expect(rows[3]).toMatchObject({
      status: 'imported',
      displayId: (await h.onConsole(`6D${hex}000005`))[0]!.display_id
    })

    // The upload changed the console's cards: the next preview reads them again.
    const preview = await h.service.previewCsv(`6D${hex}000005\n`)
    expect(preview.rows[0]).toMatchObject({ status: 'duplicate' })
    expect(h.cardLists).toBe(3)
  })

  it('keeps the console’s own words of a refusal or an error answer as facts, said as the console’s', async () => {
    const hex = uniqueHex()
    const batch = await h.service.create({ name: 'Refused' })
    await h.service.addScan(batch.id, `5E${hex}000001`, `Refused-${hex}`)
    const importCsv = h.client.nfcCards.importCsv
    h.client.nfcCards.importCsv = async () => {
      throw errorFromResponse(endpoints.E16, 400, { code: 'CODE_PARAMS_INVALID', msg: 'nfc_id format error' })
    }
    await h.service.upload(batch.id).catch(() => undefined)
    const refused = (await h.service.get(batch.id)).rows[0]!
    expect(refused.reasonSaid).toEqual({ key: 'refusedSaid', values: { said: 'nfc_id format error' } })
    expect(refused.reason).toBe(
      'The console refused this part of the upload, so this card was not imported. The console said: “nfc_id format error”. Fix the cause and upload again.'
    )

    h.client.nfcCards.importCsv = async () => {
      throw errorFromResponse(endpoints.E16, 500, { code: 'CODE_SYSTEM_ERROR', msg: 'database busy' })
    }
    await h.service.upload(batch.id).catch(() => undefined)
    expect((await h.service.get(batch.id)).rows[0]!.reasonSaid).toEqual({
      key: 'lostServerErrorSaid',
      values: { said: 'database busy' }
    })
    h.client.nfcCards.importCsv = importCsv
  })

  it('says when the console gave no reason, and does not look up numbers when nothing was imported', async () => {
    const hex = uniqueHex()
    const [taken] = await h.client.nfcCards.importCsv(`6E${hex}000000,Busy-${hex}\n`)
    const batch = await h.service.create({ name: 'No reason' })
    await h.service.addScan(batch.id, `6E${hex}000001`, `Busy-${hex}`)
    // By the time the app reads the cards, the alias was freed on the console: no cause is left to show.
    const importCsv = h.client.nfcCards.importCsv
    h.client.nfcCards.importCsv = async (...args) => {
      const answer = await importCsv(...madeUpAnswer(args))
      await h.client.nfcCards.update(taken!.token, { alias: `Moved-${hex}` })
      return answer
    }
    // A console whose every card shows its NFC ID (the demo's UA cards left out of its list).
    const all = h.client.nfcCards.all
    h.client.nfcCards.all = async (...args) => (await all(...args)).filter((c) => cardNfcId(c.display_id))
    h.cardLists = 0
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 1, imported: 0, failed: 1 })
    // Every card of the console shows its NFC ID: what is left to do is check the ID itself.
    expect((await h.service.get(batch.id)).rows[0]!.reason).toBe(
      'The console did not import this row and gave no reason; none of its cards shows this NFC ID or alias. Check the NFC ID, look it up on Cards, then retry failed rows.'
    )
    expect(h.cardLists).toBe(1)
    expect((await h.journal(batch.id)).map((e) => e.t)).not.toContain('numbers')
  })

  it('no reason given, and some cards show no NFC ID (UA cards): likely one of them, and how to check', async () => {
    const hex = uniqueHex()
    const [taken] = await h.client.nfcCards.importCsv(`7E${hex}000000,Ua-${hex}\n`)
    const batch = await h.service.create({ name: 'UA card' })
    await h.service.addScan(batch.id, `7E${hex}000001`, `Ua-${hex}`)
    const importCsv = h.client.nfcCards.importCsv
    h.client.nfcCards.importCsv = async (...args) => {
      const answer = await importCsv(...madeUpAnswer(args))
      await h.client.nfcCards.update(taken!.token, { alias: `Moved-${hex}` })
      return answer
    }
    // The console's UA cards (enrolled on its readers) show their own short number, not their NFC ID.
    const cards = await h.client.nfcCards.all()
    const ua = cards.filter((c) => !cardNfcId(c.display_id)).map((c) => c.display_id)
    expect(ua.length).toBeGreaterThan(5)
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 1, imported: 0, failed: 1 })
    const { reason } = (await h.service.get(batch.id)).rows[0]!
    // The row names the newest of those cards by the number Cards shows (the highest first), then how many more.
    const named = [...ua].sort((a, b) => b.localeCompare(a, 'en', { numeric: true })).slice(0, 5)
    expect(reason).toBe(
      `The console did not import this row and gave no reason. It likely holds this card already as a UA card: its cards ${named.join(', ')} and ${ua.length - 5} more show no NFC ID, so this one could not be compared. Search Cards for those numbers, and if this card is one of them, remove this row.`
    )
    expectCardsFinds(cards, reason)
  })

  it('no reason given, and a few cards show no NFC ID: the row names each by number, and Cards finds it', async () => {
    const hex = uniqueHex()
    const [taken] = await h.client.nfcCards.importCsv(`7F${hex}000000,Few-${hex}\n`)
    const batch = await h.service.create({ name: 'Few UA cards' })
    await h.service.addScan(batch.id, `7F${hex}000001`, `Few-${hex}`)
    const importCsv = h.client.nfcCards.importCsv
    h.client.nfcCards.importCsv = async (...args) => {
      const answer = await importCsv(...madeUpAnswer(args))
      await h.client.nfcCards.update(taken!.token, { alias: `Moved-${hex}` })
      return answer
    }
    // A console with two UA cards (the demo's others left out of its list).
    const all = h.client.nfcCards.all
    const few = (list: NfcCard[]) => {
      const ua = list.filter((c) => !cardNfcId(c.display_id)).slice(0, 2)
      return list.filter((c) => cardNfcId(c.display_id) || ua.includes(c))
    }
    h.client.nfcCards.all = async (...args) => few(await all(...args))
    const cards = await h.client.nfcCards.all()
    const ua = cards.filter((c) => !cardNfcId(c.display_id)).map((c) => c.display_id)
    expect(ua).toHaveLength(2)
    expect(await h.service.upload(batch.id)).toMatchObject({ failed: 1 })
    const { reason } = (await h.service.get(batch.id)).rows[0]!
    const named = [...ua].sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))
    expect(reason).toBe(
      `The console did not import this row and gave no reason. It likely holds this card already as a UA card: its cards ${named.join(', ')} show no NFC ID, so this one could not be compared. Search Cards for those numbers, and if this card is one of them, remove this row.`
    )
    expectCardsFinds(cards, reason)
  })

  /** Every card number a row's reason names is found by Cards' filter (its search, as the screen asks it). */
  function expectCardsFinds(cards: NfcCard[], reason: string | undefined): void {
    const numbers = /UA card: its cards? (.+?)(?: and \d+ more)? shows? no NFC ID/.exec(reason ?? '')?.[1]?.split(', ')
    expect(numbers?.length).toBeGreaterThan(0)
    const views = new CardViews()
    for (const number of numbers!) {
      const view = views.answer(cards, true, {
        filter: number,
        status: 'all',
        sortKey: 'display_id',
        descending: false,
        offset: 0,
        limit: 50
      })
      expect(view.rows.find((c) => c.display_id === number)).toMatchObject({ display_id: number })
    }
  }

  it("when the console's cards cannot be read, failures get the likely reason and imported rows stay imported", async () => {
    const hex = uniqueHex()
    await h.client.nfcCards.importCsv(`6F${hex}000000,Gone-${hex}\n`)
    const batch = await h.service.create({ name: 'No list' })
    await h.service.addScan(batch.id, `6F${hex}000001`, `Gone-${hex}`)
    await h.service.addScan(batch.id, `6F${hex}000002`, `Fine-${hex}`)
    await demo.control('PUT', '/__demo/faults', { errorRate: { 'GET /credentials/nfc_cards/tokens': 1 } })
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 2, imported: 1, failed: 1 })
    const rows = (await h.service.get(batch.id)).rows
    expect(rows[0]).toMatchObject({
      status: 'failed',
      reason: 'The console did not import this row (usually a duplicate alias or a card it already knows).'
    })
    const card = (await h.onConsole(`6F${hex}000002`))[0]!
    expect(rows[1]).toMatchObject({ status: 'imported', token: card.token })
    expect(rows[1]!.displayId).toBeUndefined()
    expect((await h.journal(batch.id)).map((e) => e.t)).not.toContain('numbers')
  })

  it("an upload the console takes whole reads the console's cards once, for the numbers, and explains nothing", async () => {
    const hex = uniqueHex()
    const ids = ['01', '02', '03'].map((n) => `7A${hex}0000${n}`)
    const batch = await h.service.create({ name: 'Clean' })
    for (const id of ids) await h.service.addScan(batch.id, id)
    h.cardLists = 0
    // Two parts (the harness sends 2 rows a part), nothing refused.
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 3, imported: 3, failed: 0 })
    expect(h.cardLists).toBe(1)
    const rows = (await h.service.get(batch.id)).rows
    expect(rows.map((r) => r.displayId)).toEqual(
      await Promise.all(ids.map(async (id) => (await h.onConsole(id))[0]!.display_id))
    )
    expect(rows.map((r) => r.reason)).toEqual([undefined, undefined, undefined])
  })

  it('an unexpected error from the client stops the upload with a code of its own and leaves the rows to check', async () => {
    const hex = uniqueHex()
    const batch = await h.service.create({ name: 'Unexpected' })
    await h.service.addScan(batch.id, `7B${hex}000001`)
    h.client.nfcCards.importCsv = async () => {
      throw new TypeError('reading the answer went wrong')
    }
    await expect(h.service.upload(batch.id)).rejects.toMatchObject({
      kind: 'server',
      code: 'UPLOAD_FAILED',
      message: 'The upload stopped at part 1 of 1: Unexpected error: reading the answer went wrong'
    })
    expect((await h.service.get(batch.id)).rows[0]).toMatchObject({ status: 'unknown' })
  })
})
