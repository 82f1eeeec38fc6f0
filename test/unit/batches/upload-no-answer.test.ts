import { describe, expect, it } from 'vitest'
import { startDemo, type Demo } from '../access/support'
import { uniqueHex, useUploadHarness, type UploadHarness } from './upload-harness'
import { sayError } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'
import type { AppError } from '../../../src/shared/errors'
import errorsEn from '../../../src/shared/i18n/messages/errors/en.json'
import errorsDe from '../../../src/shared/i18n/messages/errors/de.json'

/**
 * An import request that gets no answer (the connection is reset, or the console answers too late)
 * may or may not have imported its cards: its rows are "to check", never back to "not sent", so a
 * later upload cannot send a card twice. Faults are the demo console's own, over real HTTPS.
 */
describe('upload without an answer from the console', () => {
  let demo: Demo
  let h: UploadHarness

  useUploadHarness((started, harness) => {
    demo = started
    h = harness
  })

  const statuses = async (batchId: string) => (await h.service.get(batchId)).rows.map((r) => r.status)

  it('a connection reset marks the sent rows "to check" (not pending): no upload re-sends them until checked', async () => {
    const hex = uniqueHex()
    const ids = ['01', '02', '03'].map((n) => `0A${hex}0000${n}`)
    const batch = await h.service.create({ name: 'Reset' })
    for (const [i, id] of ids.entries()) await h.service.addScan(batch.id, id, `R${hex}-${i}`)

    await demo.control('PUT', '/__demo/faults', { resetRate: 1 })
    const error = await h.service.upload(batch.id).catch((err: unknown) => err)
    expect(error).toMatchObject({
      kind: 'network',
      code: 'ECONNRESET',
      message: expect.stringMatching(/^The upload stopped at part 1 of 2: .*connection was cut/),
      hint: expect.stringMatching(/^2 rows may or may not be on the console: they are marked "to check"/),
      details: { sent: 2, imported: 0, failed: 0, unknown: 2 }
    })
    // A German desk says the rows to check and what to do in German, from main's facts (not main's English).
    const german = sayError(
      (error as AppError).toData(),
      new Translator('de', errorsDe),
      undefined,
      new Translator('en', errorsEn)
    )
    expect(german.hint).toMatch(/^2 Zeilen sind vielleicht schon auf der Konsole/)
    expect(german.message).toMatch(/^Das Hochladen hat bei Teil 1 von 2 angehalten: /)
    // The first chunk went out and got no answer; the upload stopped before the second.
    expect(h.requests).toEqual([ids.slice(0, 2)])
    let detail = await h.service.get(batch.id)
    expect(detail.rows.map((r) => r.status)).toEqual(['unknown', 'unknown', 'pending'])
    expect(detail.counts).toEqual({ total: 3, pending: 1, imported: 0, failed: 0, unknown: 2 })
    expect(detail.state).toBe('partly-imported')
    // Kept with the row and read after restarts: the console by its profile name, never by an address that
    // may be gone (the built-in demo console moves to another port when its last one is taken).
    expect(detail.rows[0]!.reason).toBe(
      'The connection was cut after this card was sent, before the console answered: it may or may not have imported it. Use "Check with the console" before sending it again.'
    )
    expect(detail.rows[0]!.reason).not.toMatch(/https:\/\//)
    // Kept as facts (its kind of lost answer, access/lost-answer.ts lostKind): a German desk says it in German.
    expect(detail.rows[0]!.reasonSaid).toEqual({ key: 'lostCut' })
    expect(h.progress.at(-1)).toMatchObject({ finished: true, done: 2, total: 3, unknown: 2, chunk: 2, chunks: 2 })

    // The console comes back. Neither "Retry failed" nor a plain upload sends the rows to check.
    await demo.control('DELETE', '/__demo/faults')
    h.requests.length = 0
    expect(await h.service.upload(batch.id, { onlyFailed: true })).toMatchObject({ sent: 0 })
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 1, imported: 1 })
    expect(h.requests).toEqual([[ids[2]]])
    expect(await statuses(batch.id)).toEqual(['unknown', 'unknown', 'imported'])

    // The reset came before the console's handler: checking finds the two absent, then they go out.
    expect(await h.service.check(batch.id)).toMatchObject({ found: 0, absent: 2 })
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 2, imported: 2, unknown: 0 })
    detail = await h.service.get(batch.id)
    expect(detail.state).toBe('imported')
    for (const [i, id] of ids.entries()) {
      const cards = await h.onConsole(id)
      expect(cards.map((c) => c.alias)).toEqual([`R${hex}-${i}`])
      expect(detail.rows[i]!.token).toBe(cards[0]!.token)
    }
  })

  it('a refused certificate sent nothing (the pin is checked before the request is written): the row stays not sent, with the reason, and goes out once trusted', async () => {
    const hex = uniqueHex()
    const batch = await h.service.create({ name: 'TLS' })
    const id = `0C${hex}000001`
    await h.service.addScan(batch.id, id)
    const other = await startDemo()
    const trusted = h.activeClient
    try {
      // A client that trusts another console's certificate: this one's is refused.
      h.activeClient = demo.client('full', {
        pin: { fingerprint256: other.console.fingerprint256, pems: [other.console.certificatePem] }
      })
      const error = await h.service.upload(batch.id).catch((err: unknown) => err)
      expect(error).toMatchObject({ kind: 'tls', details: { sent: 1, unknown: 0 } })
      expect((error as { hint: string }).hint).not.toMatch(/may or may not/)
      const [row] = (await h.service.get(batch.id)).rows
      expect(row!.status).toBe('pending')
      expect(row!.reason).toMatch(/^The certificate of “Site A” is not the one you trusted/)
      expect(await h.onConsole(id)).toEqual([])
    } finally {
      h.activeClient = trusted
      await other.stop()
    }
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 1, imported: 1, unknown: 0 })
    expect(await h.onConsole(id)).toHaveLength(1)
  })

  it('a timeout marks the sent rows "to check" (not pending), and the failed rows of an earlier part stay failed', async () => {
    const hex = uniqueHex()
    // A card the console already holds: its row fails in the first part.
    const known = `0B${hex}000001`
    await h.client.nfcCards.importCsv(`${known},Held-${hex}\n`)
    const ids = [known, `0B${hex}000002`, `0B${hex}000003`, `0B${hex}000004`]
    const batch = await h.service.create({ name: 'Slow' })
    for (const [i, id] of ids.entries()) await h.service.addScan(batch.id, id, `S${hex}-${i}`)
    h.requests.length = 0

    // The second request: the console answers after 400 ms, the app gives up after 100 ms.
    let calls = 0
    const importCsv = h.client.nfcCards.importCsv
    h.client.nfcCards.importCsv = async (...args) => {
      if (++calls === 2) {
        await demo.control('PUT', '/__demo/faults', { latencyMs: 400 })
        h.importTimeoutMs = 100
      }
      return importCsv(...args)
    }
    const error = await h.service.upload(batch.id).catch((err: unknown) => err)
    expect(error).toMatchObject({
      kind: 'network',
      code: 'TIMEOUT',
      message:
        'The upload stopped at part 2 of 2: The console did not answer Import third-party NFC cards (E16) in time.',
      hint: expect.stringMatching(/^2 rows may or may not be on the console/),
      details: { sent: 4, imported: 1, failed: 1, unknown: 2 }
    })
    const detail = await h.service.get(batch.id)
    expect(detail.rows.map((r) => r.status)).toEqual(['failed', 'imported', 'unknown', 'unknown'])
    expect(detail.rows[2]!.reason).toBe(
      'This card was sent, but the console did not answer in time: it may or may not have imported it. Use "Check with the console" before sending it again.'
    )
    expect(detail.counts).toMatchObject({ failed: 1, imported: 1, unknown: 2, pending: 0 })

    // Let the late request finish on the console's side before looking at what it holds.
    await new Promise((resolve) => setTimeout(resolve, 450))
    await demo.control('DELETE', '/__demo/faults')
    h.importTimeoutMs = undefined
    h.requests.length = 0
    // "Retry failed" sends nothing: the failed row's card is the console's, refused alike as it is
    // (row-way-on), and the rows to check are not Retry's.
    expect(await h.service.upload(batch.id, { onlyFailed: true })).toMatchObject({ sent: 0 })
    expect(h.requests).toEqual([])
    expect(await h.service.check(batch.id)).toMatchObject({ found: 0, absent: 2 })
    // The upload sends the two checked absent; the failed row is Retry's only (issue 31), never sent again here.
    h.requests.length = 0
    expect(await h.service.upload(batch.id)).toMatchObject({ sent: 2, imported: 2, failed: 0 })
    expect(h.requests).toEqual([[ids[2], ids[3]]])
    expect(await statuses(batch.id)).toEqual(['failed', 'imported', 'imported', 'imported'])
    for (const id of ids) expect(await h.onConsole(id)).toHaveLength(1)
    expect((await h.onConsole(known))[0]!.alias).toBe(`Held-${hex}`)
  })
})
