import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { printPdfOverIpp } from '../../../src/main/services/printing/ipp-print'
import {
  jobEnded,
  jobNotFinished,
  printerBusy,
  printerNotAnswering,
  printerNotReady,
  printerUnreachable
} from '../../../src/main/services/printing/printer-failure'
import { printerStatusOf, reasonWords } from '../../../src/shared/badges/printer-state'
import { badgeStocks } from '../../../src/shared/badges/schemas'
import { AppError } from '../../../src/shared/errors'
import { useAppServices } from '../../support/app-services'
import { IPP_STACK_HOOK_MS, ippPrinterStack, type IppPrinterStack } from '../../support/ipp-printer'

/**
 * A failed test label is worded by main as a test label's, never a badge's (Badges, the screen, may be
 * named): "The test label was not printed." and "… then print a test label again", the printer's reason
 * and its fix kept. Through the
 * app's own graph (badges.testLabel) on real IPP printers for the failures a printer gives, and on the
 * failure-words functions for those a loopback printer cannot be made to give; the renderer shows the
 * message as main gives it (test/renderer/badges/test-label.test.ts).
 */
const NOT_PRINTED = 'The test label was not printed.'
const AGAIN = /print a test label again\.$/
const lobby = { url: 'ipp://localhost:1/ipp/print', displayName: 'Lobby' }

/** A test label's failure: its own words, and not one word of a badge. */
function expectTestLabelWords(e: unknown) {
  const error = AppError.from(e)
  expect(`${error.message} ${error.hint ?? ''}`).not.toMatch(/\bbadge\b/i)
  return error
}

describe('a failed test label, worded by main', () => {
  const app = useAppServices()
  let stack: IppPrinterStack
  beforeAll(async () => {
    stack = await ippPrinterStack()
  }, IPP_STACK_HOOK_MS)
  afterAll(() => stack?.stop())

  const testLabel = async (url: string, name: string) => {
    await app.call('badges.addPrinter', { url, name })
    return app.call('badges.testLabel', { printer: url }).catch((e: unknown) => e)
  }

  it('out of labels: the job the printer aborts, then the state asked before the next one', async () => {
    const empty = await stack.start({ behaviour: 'out-of-media', name: 'Empty roll' })
    const aborted = expectTestLabelWords(await testLabel(empty.url, 'Empty roll'))
    expect(aborted).toMatchObject({
      code: 'PRINT_JOB_ABORTED',
      message: `The printer “Empty roll” is out of labels. ${NOT_PRINTED}`,
      hint: 'Load a new roll of labels, then print a test label again.'
    })
    const refused = expectTestLabelWords(await app.call('badges.testLabel', { printer: empty.url }).catch((e) => e))
    expect(refused).toMatchObject({
      code: 'PRINTER_NOT_READY',
      message: `The printer “Empty roll” is out of labels. ${NOT_PRINTED}`,
      hint: 'Load a new roll of labels, then print a test label again.'
    })
    // One job only: the second was refused before anything was sent.
    expect(await empty.documents()).toHaveLength(1)
  })

  it('a printer that does not take the label size', async () => {
    const office = await stack.start({ media: 'office', name: 'Office' })
    const refused = expectTestLabelWords(await testLabel(office.url, 'Office'))
    expect(refused).toMatchObject({
      code: 'PRINTER_MEDIA_UNSUPPORTED',
      message: `The printer “Office” does not take 62 × 100 mm labels. ${NOT_PRINTED}`
    })
  })

  it('a printer gone since it was added', async () => {
    const gone = await stack.start({ name: 'Gone' })
    await app.call('badges.addPrinter', { url: gone.url, name: 'Gone' })
    await gone.stop()
    const failed = expectTestLabelWords(await app.call('badges.testLabel', { printer: gone.url }).catch((e) => e))
    expect(failed).toMatchObject({
      code: 'PRINTER_UNREACHABLE',
      message: `The printer “Gone” cannot be reached. ${NOT_PRINTED}`,
      hint: expect.stringMatching(AGAIN)
    })
  })

  it('a job that never completes is cancelled, as a test label', async () => {
    const stuck = await stack.start({ behaviour: 'never-completes' })
    const failed = expectTestLabelWords(
      await printPdfOverIpp(stuck.url, new Uint8Array([0x25, 0x50, 0x44, 0x46]), badgeStocks['dk-11202'], {
        timeoutMs: 3000,
        pollMs: 200,
        what: 'test label'
      }).catch((e) => e)
    )
    expect(failed.code).toBe('PRINT_NOT_FINISHED')
    expect(failed.message).toMatch(
      /took the test label but did not finish it in 3 s\. The job was cancelled and the test label was not printed\.$/
    )
    expect(failed.hint).toMatch(AGAIN)
  })

  it('every other failure of a test label, in its words (what a loopback printer does not give)', () => {
    const outOfLabels = printerStatusOf('stopped', ['media-empty-error'], undefined, 'test label')
    const notTaking = printerStatusOf('idle', [], false, 'test label')
    const failures = [
      printerNotReady(lobby, outOfLabels, 'test label'),
      printerNotReady(lobby, notTaking, 'test label'),
      printerNotReady(lobby, { state: 'offline', reasons: [], words: 'Offline' }, 'test label'),
      printerUnreachable(lobby, 'ECONNREFUSED', 'test label'),
      printerNotAnswering(lobby, 'timeout', 'test label'),
      printerBusy(lobby, 'busy', null, 'test label'),
      printerBusy(lobby, 'busy', printerStatusOf('idle', ['cover-open-error'], true, 'test label'), 'test label'),
      jobEnded(lobby, 3, 'canceled', [], [], 'test label'),
      jobEnded(lobby, 3, 'aborted', ['media-jam-error'], [], 'test label')
    ]
    for (const failure of failures) {
      expectTestLabelWords(failure)
      expect(failure.message).toMatch(/The test label was not printed\.$/)
      expect(failure.hint).toMatch(/print a test label again\.$|cupsaccept\), then print a test label again\.$/)
    }
    expect(failures[0]!.message).toBe(`The printer “Lobby” is out of labels. ${NOT_PRINTED}`)
    expect(failures[5]!.message).toBe(
      `The printer “Lobby” is busy with another job and did not take the test label. ${NOT_PRINTED}`
    )
    expect(failures[7]!.message).toBe(`The printer “Lobby” cancelled the test label. ${NOT_PRINTED}`)
    const late = expectTestLabelWords(jobNotFinished(lobby, 3, 'processing', 3000, ['media-jam'], 'test label'))
    expect(late.message).toBe(
      'The printer “Lobby” took the test label but did not finish it in 3 s. Labels are jammed in the printer “Lobby”. ' +
        'The job was cancelled and the test label was not printed.'
    )
    expect(late.hint).toBe('Open the printer, clear the jammed label, then print a test label again.')
    // The printer's reason names it as every sentence of the catalogue does (printer.reason.*: {calledIn}).
    const open = jobNotFinished(lobby, 3, 'processing', 3000, ['cover-open'])
    expect(open.message).toContain('did not finish it in 3 s. The cover of the printer “Lobby” is open.')
  })

  it('each reason the printer gives is fixed, then a test label printed again', () => {
    const reasons = [
      'media-empty',
      'media-needed',
      'media-jam',
      'cover-open',
      'door-open',
      'marker-supply-empty',
      'toner-empty',
      'offline',
      'shutdown',
      'paused',
      'some-vendor-error'
    ]
    for (const reason of reasons) {
      const words = reasonWords([reason], 'test label')!
      expect(words.hint, reason).toMatch(AGAIN)
      expect(words.hint, reason).not.toMatch(/\bbadge\b/i)
    }
  })
})
