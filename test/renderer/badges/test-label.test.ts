import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, waitFor, within } from '@testing-library/svelte'
import { keepFocus } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { printerStatusOf } from '../../../src/shared/badges/printer-state'
import type { AppError } from '../../../src/shared/errors'
import { printerNotReady } from '../../../src/main/services/printing/printer-failure'
import { tlsIppPrinter, type TlsIppPrinter } from '../../support/ipp-printer'
import { printerPanel, said } from './printer-panel'

/**
 * "Print a test label" keeps the focus on its button while it prints and after, printed or not; a
 * failure is said once, as main words it (a test label's: test/unit/badges/test-label-failure.test.ts),
 * with what to do. The printer's state and the failure are main's own (printerStatusOf, printerNotReady):
 * jsdom makes no badge PDF, so the label itself is answered here; the printer is a real one, added in main.
 */
describe('a test label on Badges', { timeout: 20_000 }, () => {
  let printer: TlsIppPrinter | undefined
  let remove: (() => Promise<void>) | undefined
  let stopFocus: () => void
  beforeAll(() => {
    stopFocus = keepFocus(document)
  })
  afterEach(async () => {
    cleanup()
    await printer?.stop()
    await remove?.()
  })
  afterAll(() => stopFocus())

  async function panelWith(testLabel: () => Promise<unknown>) {
    printer = await tlsIppPrinter({ name: 'Lobby labels' })
    const outOfLabels = printerStatusOf('stopped', ['media-empty-error'])
    let empty = false
    const panel = await printerPanel({
      answers: {
        'badges.printerStatus': () => (empty ? outOfLabels : { state: 'idle', reasons: [], words: 'Ready' }),
        'badges.testLabel': async () => {
          const answer = await testLabel()
          empty = true
          if (answer instanceof Error) throw answer
          return answer
        }
      }
    })
    remove = panel.data.remove
    const probed = await panel.main('badges.probePrinter', { url: printer.url })
    await panel.main('badges.addPrinter', {
      url: printer.url,
      name: 'Lobby',
      fingerprint256: probed.certificate.fingerprint256
    })
    await fireEvent.click(panel.view.getByRole('button', { name: 'Check printers again' }))
    const row = await panel.view.findByTestId('badge-printer')
    return { ...panel, row }
  }

  it('a failed test label is said once, in the words main gave, and the focus stays on its button', async () => {
    let finish!: () => void
    let failure!: AppError
    const { row } = await panelWith(async () => {
      await new Promise<void>((resolve) => (finish = resolve))
      const outOfLabels = printerStatusOf('stopped', ['media-empty-error'], undefined, 'test label')
      failure = printerNotReady({ url: printer!.url, displayName: 'Lobby' }, outOfLabels, 'test label')
      return failure
    })
    const button = within(row).getByRole('button', { name: 'Print a test label on Lobby' })
    button.focus()
    await fireEvent.click(button)
    await waitFor(() => expect(button).toHaveTextContent('Printing…'))
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(document.activeElement).toBe(button)
    finish()
    const notice = await within(row).findByRole('alert')
    // Main's message and hint, shown as main gave them (the renderer rewords nothing).
    expect(notice).toHaveTextContent(failure.message)
    expect(notice).toHaveTextContent(failure.hint!)
    // Said once: the state's own hint is not repeated next to it.
    expect(row.textContent!.split('Load a new roll of labels').length - 1).toBe(1)
    await waitFor(() => expect(within(row).getByTestId('badge-printer-state')).toHaveTextContent('Out of labels'))
    expect(document.activeElement).toBe(button)
    expect(button).toHaveTextContent('Print a test label')
  })

  it('a printed test label is said, with the focus on its button', async () => {
    const { row } = await panelWith(async () => ({ jobId: 7 }))
    const button = within(row).getByRole('button', { name: 'Print a test label on Lobby' })
    button.focus()
    await fireEvent.click(button)
    await said('Test label printed (job 7).')
    expect(document.activeElement).toBe(button)
  })
})
