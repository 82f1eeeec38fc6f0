import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import type { Demo } from '../access/support'
import { madeUpAnswer, uniqueHex, useUploadHarness, type UploadHarness } from './upload-harness'

/**
 * How an upload says what happened to rows it could not finish (issue 31's walk): the count agrees
 * with its words ("1 row … it is marked"), and a request cancelled because the app was closing is
 * said in the user's words — what happened to that row and what to do — not as "Import
 * third-party NFC cards (E16) was cancelled". Over the demo console's real HTTPS.
 */
describe('upload words', () => {
  let demo: Demo
  let h: UploadHarness

  useUploadHarness((started, harness) => {
    demo = started
    h = harness
  })

  it('one row left "to check": "1 row may or may not be on the console: it is marked"', async () => {
    const batch = await h.service.create({ name: 'One' })
    await h.service.addScan(batch.id, `0B${uniqueHex()}000001`)
    await demo.control('PUT', '/__demo/faults', { resetRate: 1 })
    const error = await h.service.upload(batch.id).catch((err: unknown) => err)
    expect(error).toMatchObject({ kind: 'network', details: { unknown: 1 } })
    expect((error as AppError).hint).toBe(
      '1 row may or may not be on the console: it is marked "to check". Press "Check with the console" once it ' +
        'answers again to find out; rows already imported are never sent again.'
    )
  })

  it('a request cancelled after it went out (the app closing): the row is to check, said in the user’s words', async () => {
    const batch = await h.service.create({ name: 'Closing' })
    const id = `4E${uniqueHex()}000001`
    await h.service.addScan(batch.id, id)
    const importCsv = h.client.nfcCards.importCsv
    let closing: Promise<void> | undefined
    h.client.nfcCards.importCsv = async (...args) => {
      await importCsv(...madeUpAnswer(args))
      closing ??= h.service.close()
      // What AccessHttp answers for a request aborted after it was written.
      throw new AppError({
        kind: 'cancelled',
        code: 'CANCELLED',
        message: 'Import third-party NFC cards (E16) was cancelled.',
        details: { requestWritten: true }
      })
    }
    await h.service.upload(batch.id).catch(() => undefined)
    await closing
    const detail = await (await h.reopen()).get(batch.id)
    expect(detail.rows.map((r) => r.status)).toEqual(['unknown'])
    expect(detail.rows[0]!.reason).toBe(
      'The upload was stopped because Access Desk was closing, after this card was sent and before the console ' +
        'answered: it may or may not have imported it. Use "Check with the console" before sending it again.'
    )
    expect(await h.onConsole(id)).toHaveLength(1)
  })
})
