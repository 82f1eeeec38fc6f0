import type { ErrorWording } from '../errors-wording'
import { errorWordingOf, printerReasonParts } from '../errors-wording'
import { actingReason, type PrinterStatus } from './printer-state'

/**
 * A printer's state as Badges' printer list says it, in the desk's language (errors area, `printer.state.*`):
 * the state's word as the message, and — when main gave one — its hint from the same facts main's English
 * came from: not taking jobs, the printer's own reason (printerReasonParts: one message per known keyword, an
 * unknown one named as the printer gives it), or stopped with no reason. The printer is not named (the list
 * names it) and the print is a badge, as main's status hint says.
 */
export function printerStatusWording(status: PrinterStatus): ErrorWording {
  // Not asked because its certificate is not trusted (printer-state.ts unaskedPrinterStatus): said as such.
  const untrusted = status.failure?.kind === 'tls'
  const message = `printer.state.${untrusted ? 'untrusted' : status.notTaking ? 'notTaking' : status.state}`
  if (status.hint === undefined) return { message }
  // Offline: what to do is the failure's own hint (PRINTER_UNREACHABLE…), from its facts, as a print says it.
  const failed = status.failure && errorWordingOf(status.failure)
  if (failed?.hint) return { message, hint: failed.hint, values: failed.values, parts: failed.parts }
  // A failure with no hint of its own: unaskedPrinterStatus's.
  if (status.failure && status.failure.hint === undefined) return { message, hint: 'printer.state.offline.hint' }
  const acting = actingReason(status.reasons)
  const hint = status.notTaking
    ? 'printer.state.notTaking.hint'
    : acting
      ? acting.known
        ? 'printer.state.reason.hint'
        : 'printer.state.otherReason.hint'
      : 'printer.state.stopped.hint'
  const part = (key: string) => ({ key: `printer.${key}` })
  return {
    message,
    hint,
    values: { printed: 'badge', named: 'none', printerName: '', printerHost: '' },
    parts: {
      called: part('called'),
      calledIn: part('calledIn'),
      the: part('the'),
      again: part('again'),
      againFromBadges: part('againFromBadges'),
      ...(acting && printerReasonParts(acting.keyword))
    }
  }
}
