import { describe, expect, it } from 'vitest'
import type { Demo } from '../access/support'
import { uniqueHex, useUploadHarness, type UploadHarness } from './upload-harness'
import { reverseBytes } from '../../../src/shared/nfc/card-identity'

/**
 * A typed NFC ID is checked against the console's cards like a CSV line: one the console holds, or
 * an alias a console card uses, is refused before it is added (the upload would fail on it), saying
 * which card. Offline, typing goes on without waiting for the console again.
 */
describe('typed IDs and the console', () => {
  let demo: Demo
  let h: UploadHarness
  useUploadHarness((started, harness) => {
    demo = started
    h = harness
  })

  it('refuses an ID the console holds and an alias it uses, naming the card; the rest is added and uploaded once', async () => {
    const hex = uniqueHex()
    const held = `3A${hex}`
    const [card] = await h.client.nfcCards.importCsv(`${held},Held-${hex}\n`)
    expect(card!.token).not.toBe('')
    const number = (await h.onConsole(held))[0]!.display_id
    const batch = await h.service.create({ name: 'Typed' })

    await expect(h.service.addScan(batch.id, held.toLowerCase(), 'Mine', 'typed')).rejects.toMatchObject({
      code: 'NFC_ID_ON_CONSOLE',
      message: `${held} is already on the console as card ${number} ("Held-${hex}"): not added to the batch.`
    })
    await expect(h.service.addScan(batch.id, `3B${hex}`, `Held-${hex}`, 'typed')).rejects.toMatchObject({
      code: 'ALIAS_ON_CONSOLE',
      message: `The alias "Held-${hex}" is already used on the console by card ${number}; aliases must be unique.`
    })
    expect((await h.service.get(batch.id)).rows).toEqual([])
    expect(await h.service.addScan(batch.id, `3B${hex}`, `Free-${hex}`, 'typed')).toMatchObject({ duplicate: false })
    // The console's cards were read once for the three typed IDs.
    expect(h.cardLists).toBe(1)

    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 1, imported: 1, failed: 0 })
    expect(await h.onConsole(held)).toMatchObject([{ alias: `Held-${hex}` }])
    expect(await h.onConsole(`3B${hex}`)).toMatchObject([{ alias: `Free-${hex}` }])
  })

  it('a card the console holds in the other byte order is the same card: typed or in a CSV, it is not imported again', async () => {
    const hex = uniqueHex()
    const held = `3E${hex}`
    const reversed = reverseBytes(held)
    await h.client.nfcCards.importCsv(`${held},Rev-${hex}\n`)
    const number = (await h.onConsole(held))[0]!.display_id
    const batch = await h.service.create({ name: 'Other order' })

    await expect(h.service.addScan(batch.id, reversed, undefined, 'typed')).rejects.toMatchObject({
      code: 'NFC_ID_ON_CONSOLE',
      message: `${reversed} is already on the console as card ${number} ("Rev-${hex}") (as ${held}, the other byte order): not added to the batch.`
    })
    const preview = await h.service.previewCsv(`${reversed},Again-${hex}\n`, batch.id)
    expect(preview.rows.map((r) => [r.status, r.messages])).toEqual([
      ['duplicate', [`Already on the console as card ${number}`]]
    ])
    expect((await h.service.importCsv(batch.id, `${reversed},Again-${hex}\n`)).added).toBe(0)
    expect((await h.service.get(batch.id)).rows).toEqual([])
    // The console holds the card once, in the order it was first imported.
    expect(await h.onConsole(held)).toHaveLength(1)
    expect(await h.onConsole(reversed)).toEqual([])
  })

  it('a console that cannot be reached: the typed ID is added, and the next one does not wait for the console', async () => {
    const hex = uniqueHex()
    const batch = await h.service.create({ name: 'Offline' })
    await demo.control('PUT', '/__demo/faults', { resetRate: 1 })
    expect(await h.service.addScan(batch.id, `3C${hex}`, undefined, 'typed')).toMatchObject({ duplicate: false })
    expect(await h.service.addScan(batch.id, `3D${hex}`, undefined, 'typed')).toMatchObject({ duplicate: false })
    expect(h.cardLists).toBe(1)
    expect((await h.service.get(batch.id)).rows.map((r) => r.nfcId)).toEqual([`3C${hex}`, `3D${hex}`])
  })
})
