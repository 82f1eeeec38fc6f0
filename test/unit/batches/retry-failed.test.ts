import { describe, expect, it } from 'vitest'
import { copyFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'
import type { Demo } from '../access/support'
import { uniqueHex, useUploadHarness, type UploadHarness } from './upload-harness'

/**
 * "Retry failed rows" sends the failed rows the same again may change (and those the user fixed
 * since), never a row the console would refuse alike as it is (shared/batches/row-way-on.ts), nor a
 * row of unknown outcome: that one may already be on the console and is checked first.
 */
describe('"Retry failed rows"', () => {
  let demo: Demo
  let h: UploadHarness

  useUploadHarness((started, harness) => {
    demo = started
    h = harness
  })

  const statuses = async (batchId: string) => (await h.service.get(batchId)).rows.map((r) => r.status)

  it('re-sends only rows that definitely failed, never rows to check nor rows never sent', async () => {
    const hex = uniqueHex()
    await h.client.nfcCards.importCsv(`1A${hex}000000,Taken-${hex}\n`)
    const ids = ['01', '02', '03', '04'].map((n) => `1B${hex}0000${n}`)
    const batch = await h.service.create({ name: 'Retry' })
    // Row 0 fails (its alias is taken on the console); row 1 is imported; rows 2-3 get no answer.
    for (const [i, id] of ids.entries())
      await h.service.addScan(batch.id, id, i === 0 ? `Taken-${hex}` : `T${hex}-${i}`)
    let calls = 0
    const importCsv = h.client.nfcCards.importCsv
    h.client.nfcCards.importCsv = async (...args) => {
      if (++calls === 2) await demo.control('PUT', '/__demo/faults', { resetRate: 1 })
      return importCsv(...args)
    }
    await expect(h.service.upload(batch.id)).rejects.toMatchObject({ kind: 'network' })
    expect(await statuses(batch.id)).toEqual(['failed', 'imported', 'unknown', 'unknown'])
    // A card scanned after that upload has never been sent: it is not a failed row either.
    const late = `1C${hex}000005`
    await h.service.addScan(batch.id, late, `T${hex}-late`)

    await demo.control('DELETE', '/__demo/faults')
    // Its alias is another card's: Retry sends it once it is changed.
    const [refused] = (await h.service.get(batch.id)).rows
    await h.service.updateRow(batch.id, refused!.id, { alias: `Freed-${hex}` })
    h.requests.length = 0
    h.progress.length = 0
    const retry = await h.service.upload(batch.id, { onlyFailed: true })
    expect(retry).toMatchObject({ sent: 1, imported: 1, failed: 0, unknown: 0 })
    expect(h.requests).toEqual([[ids[0]]])
    expect(h.progress.at(-1)).toMatchObject({ finished: true, done: 1, total: 1, imported: 1 })
    expect(await statuses(batch.id)).toEqual(['imported', 'imported', 'unknown', 'unknown', 'pending'])
    // The rows to check were not sent: the console does not hold them (the reset came before its handler).
    expect(await h.onConsole(ids[2]!)).toEqual([])
    expect(await h.onConsole(ids[3]!)).toEqual([])
    expect(await h.onConsole(ids[0]!)).toMatchObject([{ alias: `Freed-${hex}` }])

    // Once checked they go out with the never-sent row, and every card is on the console once.
    expect(await h.service.check(batch.id)).toMatchObject({ found: 0, absent: 2 })
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 3, imported: 3 })
    for (const id of [...ids, late]) expect(await h.onConsole(id)).toHaveLength(1)
    expect((await h.service.get(batch.id)).state).toBe('imported')
  })

  it("Upload sends only the rows never sent: a failed row, as it is or fixed, is Retry's alone (issue 31)", async () => {
    const hex = uniqueHex()
    await h.client.nfcCards.importCsv(`6A${hex}000000,Held-${hex}\n6A${hex}000009,Kept-${hex}\n`)
    const batch = await h.service.create({ name: 'One owner' })
    const failing = `6B${hex}000001`
    const fixing = `6B${hex}000002`
    await h.service.addScan(batch.id, failing, `Held-${hex}`)
    const { row } = await h.service.addScan(batch.id, fixing, `Kept-${hex}`)
    await h.service.addScan(batch.id, `6B${hex}000003`, `Ok-${hex}`)
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 3, imported: 1, failed: 2 })
    await h.service.updateRow(batch.id, row.id, { alias: `Fixed-${hex}` })
    const fresh = `6B${hex}000004`
    await h.service.addScan(batch.id, fresh, `New-${hex}`)

    h.requests.length = 0
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 1, imported: 1, failed: 0 })
    expect(h.requests).toEqual([[fresh]])
    // Nothing never sent is left: a second Upload sends nothing; the fixed row and the row whose alias
    // another card holds (that card may have been renamed on the console since) are Retry's. The alias
    // still taken, the console refuses that row again, and it stays failed, saying why.
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 0 })
    expect(await h.service.upload(batch.id, { onlyFailed: true })).toMatchObject({ sent: 2, imported: 1, failed: 1 })
    expect(h.requests).toEqual([[fresh], [failing, fixing]])
    expect(await h.onConsole(fixing)).toMatchObject([{ alias: `Fixed-${hex}` }])
    expect(await h.onConsole(fresh)).toHaveLength(1)
    expect(await h.onConsole(failing)).toEqual([])
  })

  it('a row to check is sent again only when the user asks for it ("Send again" after looking at the console)', async () => {
    const hex = uniqueHex()
    const ids = ['01', '02'].map((n) => `2B${hex}0000${n}`)
    const batch = await h.service.create({ name: 'Send again' })
    for (const id of ids) await h.service.addScan(batch.id, id)
    await demo.control('PUT', '/__demo/faults', { resetRate: 1 })
    await expect(h.service.upload(batch.id)).rejects.toMatchObject({ kind: 'network' })
    await demo.control('DELETE', '/__demo/faults')
    h.requests.length = 0

    expect(await h.service.upload(batch.id, { onlyFailed: true })).toMatchObject({ sent: 0 })
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 0 })
    expect(h.requests).toEqual([])
    expect(await h.service.upload(batch.id, { onlyFailed: true, resendUnknown: true })).toMatchObject({
      sent: 2,
      imported: 2
    })
    expect(h.requests).toEqual([ids])
    expect(await statuses(batch.id)).toEqual(['imported', 'imported'])
    for (const id of ids) expect(await h.onConsole(id)).toHaveLength(1)
  })

  it('a failed row fixed since is sent by "Retry failed" even after the console refused that retry whole', async () => {
    const hex = uniqueHex()
    await h.client.nfcCards.importCsv(`3A${hex}000000,Held-${hex}\n`)
    const batch = await h.service.create({ name: 'Fixed' })
    const { row } = await h.service.addScan(batch.id, `3B${hex}000001`, `Held-${hex}`)
    const untouched = await h.service.addScan(batch.id, `3B${hex}000002`, `Held-${hex}-2`)
    expect(await h.service.upload(batch.id)).toMatchObject({ imported: 1, failed: 1 })
    await h.service.updateRow(batch.id, row.id, { alias: `Fixed-${hex}` })
    expect((await h.service.get(batch.id)).rows[0]).toMatchObject({ status: 'pending', retry: true })
    expect((await h.service.get(batch.id)).rows[0]!.reason).toBeUndefined()

    // The console limits requests: the retry is refused whole, nothing was imported.
    await demo.control('PUT', '/__demo/faults', { rateLimit: { requests: 0, retryAfterSeconds: 60 } })
    await expect(h.service.upload(batch.id, { onlyFailed: true })).rejects.toMatchObject({ kind: 'rate-limited' })
    await demo.control('DELETE', '/__demo/faults')
    h.requests.length = 0
    expect(await h.service.upload(batch.id, { onlyFailed: true })).toMatchObject({ sent: 1, imported: 1 })
    expect(h.requests).toEqual([[`3B${hex}000001`]])
    expect(await h.onConsole(`3B${hex}000001`)).toMatchObject([{ alias: `Fixed-${hex}` }])
    expect(await h.onConsole(untouched.row.nfcId)).toHaveLength(1)
  })

  it('a fixed row whose retry was cut by a crash mid-request is to check, and "Retry failed" does not send it again', async () => {
    const hex = uniqueHex()
    await h.client.nfcCards.importCsv(`5A${hex}000000,Held-${hex}\n`)
    const batch = await h.service.create({ name: 'Crashed retry' })
    const { row } = await h.service.addScan(batch.id, `5B${hex}000001`, `Held-${hex}`)
    expect(await h.service.upload(batch.id)).toMatchObject({ failed: 1 })
    await h.service.updateRow(batch.id, row.id, { alias: `Fixed-${hex}` })

    // While the retry's request is in flight, take the journal as a kill -9 would leave it: sent, no answer.
    const crashed = await tempDir()
    const crashedDir = join(crashed.path, 'batches')
    const importCsv = h.client.nfcCards.importCsv
    h.client.nfcCards.importCsv = async (...args) => {
      await mkdir(crashedDir)
      await copyFile(join(h.batchesDir, `${batch.id}.jsonl`), join(crashedDir, `${batch.id}.jsonl`))
      return importCsv(...args)
    }
    expect(await h.service.upload(batch.id, { onlyFailed: true })).toMatchObject({ sent: 1, imported: 1 })
    h.client.nfcCards.importCsv = importCsv

    const restarted = new BatchService({ dir: crashedDir, client: async () => h.client, chunkSize: 2 })
    try {
      const [after] = (await restarted.get(batch.id)).rows
      // The user's fix is remembered (a check finding it absent makes it pending for "Retry failed"),
      // but its outcome is unknown: the console may hold it.
      expect(after).toMatchObject({ status: 'unknown', retry: true })
      h.requests.length = 0
      expect(await restarted.upload(batch.id, { onlyFailed: true })).toMatchObject({ sent: 0 })
      expect(h.requests).toEqual([])
      expect(await h.onConsole(`5B${hex}000001`)).toHaveLength(1)
      expect(await restarted.check(batch.id)).toEqual({ found: 1, absent: 0 })
      expect((await restarted.get(batch.id)).rows[0]).toMatchObject({ status: 'imported' })
    } finally {
      await restarted.close()
      await crashed.remove()
    }
  })
  it('a row refused for an alias another card holds is sent by Retry once the alias is freed on the console', async () => {
    const hex = uniqueHex()
    const [holder] = await h.client.nfcCards.importCsv(`7C${hex}000000,Desk-${hex}\n`)
    const batch = await h.service.create({ name: 'Alias freed' })
    await h.service.addScan(batch.id, `7D${hex}000001`, `Desk-${hex}`)
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 1, imported: 0, failed: 1 })
    const view = () => h.service.view({ batchId: batch.id, offset: 0, limit: 10 })
    expect((await view()).rows[0]?.reasonSaid?.key).toBe('aliasOnConsole')
    // The refusal is about another card's alias: the console's side of it can change, so Retry counts it.
    expect(await view()).toMatchObject({ counts: { failed: 1 }, retried: 1, fixed: 0 })

    // The installer frees the alias on the console (the other card renamed), then presses Retry.
    await h.client.nfcCards.update(holder!.token, { alias: `Old-desk-${hex}` })
    h.requests.length = 0
    expect(await h.service.upload(batch.id, { onlyFailed: true })).toMatchObject({ sent: 1, imported: 1, failed: 0 })
    expect(h.requests).toEqual([[`7D${hex}000001`]])
    expect(await h.onConsole(`7D${hex}000001`)).toMatchObject([{ alias: `Desk-${hex}` }])
    expect(await h.onConsole(`7C${hex}000000`)).toMatchObject([{ alias: `Old-desk-${hex}` }])
  })

  it('a row the console refused as it is is neither counted nor sent by Retry; fixed, it is', async () => {
    const hex = uniqueHex()
    const [held] = await h.client.nfcCards.importCsv(`7A${hex}000000,Held-${hex}\n`)
    const batch = await h.service.create({ name: 'Refused alike' })
    // Refused for what the console holds of the row itself: its card is there already.
    const { row: fixing } = await h.service.addScan(batch.id, `7A${hex}000000`, `Again-${hex}`)
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 1, imported: 0, failed: 1 })
    const view = () => h.service.view({ batchId: batch.id, offset: 0, limit: 10 })
    expect((await view()).rows.map((r) => r.reasonSaid?.key)).toEqual(['alreadyOnConsoleAlias'])
    // Retry may not change it as it is: it counts none, and sends none.
    expect(await view()).toMatchObject({ counts: { failed: 1 }, retried: 0, fixed: 0 })
    h.requests.length = 0
    expect(await h.service.upload(batch.id, { onlyFailed: true })).toMatchObject({ sent: 0 })
    expect(h.requests).toEqual([])

    // Changed (another card's NFC ID): counted as fixed, and the only row Retry sends.
    await h.service.updateRow(batch.id, fixing.id, { nfcId: `7B${hex}000002` })
    expect(await view()).toMatchObject({ counts: { failed: 0 }, retried: 0, fixed: 1 })
    expect(await h.service.upload(batch.id, { onlyFailed: true })).toMatchObject({ sent: 1, imported: 1, failed: 0 })
    expect(h.requests).toEqual([[`7B${hex}000002`]])
    // The console: the held card is there once, as it was; the fixed row's card is there.
    expect(await h.onConsole(`7A${hex}000000`)).toMatchObject([{ token: held!.token, alias: `Held-${hex}` }])
    expect(await h.onConsole(`7B${hex}000002`)).toMatchObject([{ alias: `Again-${hex}` }])
  })
})
