import type { PrintFailureFacts } from '../../../shared/kiosk/schemas'
import { AppError } from '../../../shared/errors'
import { reasonWords, type PrinterStatus } from '../../../shared/badges/printer-state'
import { printedWords, type Printed } from '../../../shared/badges/printed-words'
import { CERT_CHANGED } from '../access/tls-pinning'

/**
 * A printer failure's words, made in this one place for every screen: the desk's Badges, the print
 * history, Today's kiosk list and the kiosk itself. A message names the printer as people named it in
 * Badges (its display name), says in plain words what happened and ends with "No badge was printed.";
 * the hint says what to do. `what` (the last argument, a badge when not said) is what was printed:
 * Badges' test label ends "The test label was not printed." instead (shared/badges/printed-words.ts).
 * Technical detail (its address, a socket error, the printer's status text) goes into `details`, never
 * into the words: "localhost:34273/ipp/print (ECONNREFUSED)" tells a receptionist nothing.
 */

/** A printer as a message needs it: its address, and the name it was given in Badges when it has one. */
export interface NamedPrinter {
  url: string
  displayName?: string | undefined
}

/** The printer's host:port; undefined when its address is no URL. */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host
  } catch {
    return undefined
  }
}

/**
 * The printer presents a certificate other than the one the person compared while adding it (Badges'
 * add, or a change between that comparison and the state asked): it was not added. The desk words it
 * from the catalogue's `PRINTER_CERT_MOVED` with {host}.
 */
export function printerCertMoved(host: string, url?: string): AppError {
  return new AppError({
    kind: 'tls',
    code: 'PRINTER_CERT_MOVED',
    message: `The printer ${host} presents a certificate other than the one shown. It was not added.`,
    hint: 'Add it again and compare the fingerprint then shown with the one on the printer’s own page.',
    details: { host, ...(url !== undefined && { printer: url }) }
  })
}

/** "The printer “Front desk labels”" (or, with no name given, "The printer at host:port"). */
export function printerCalled(printer: NamedPrinter): string {
  if (printer.displayName) return `The printer “${printer.displayName}”`
  const host = hostOf(printer.url)
  return host ? `The printer at ${host}` : 'The printer'
}

/**
 * The facts a printer failure's words name, for the desk to say them in its language
 * (shared/errors-wording.ts printerSaid): what was printed, and the printer as printerCalled names it.
 */
export function printerFacts(printer: NamedPrinter, what: Printed): Record<string, string> {
  // No host: printerCalled says "The printer" alone, which the catalogue does not word.
  const host = hostOf(printer.url) ?? ''
  return {
    printed: what === 'badge' ? 'badge' : 'test',
    named: printer.displayName ? 'yes' : host ? 'no' : 'none',
    printerName: printer.displayName ?? '',
    printerHost: host
  }
}

/**
 * The one rule of "this printer cannot print now", from its state as Badges shows it: stopped, out of
 * labels, offline, or not taking jobs. A job sent then only waits on the printer (and a cancelled one
 * stays stuck there, blocking the next), so nothing is sent: the desk asks first and refuses at once.
 */
export function cannotPrintNow(status: PrinterStatus): boolean {
  return status.state === 'stopped' || status.state === 'out-of-media' || status.state === 'offline'
}

/**
 * A sentence of `reasonWords` ("The printer is out of labels.", "Labels are jammed in the printer.") about
 * this printer, by its name: as the catalogue's `printer.reason.*` say it with {called} and {calledIn}.
 */
function aboutThisPrinter(sentence: string, printer: NamedPrinter): string {
  const called = printerCalled(printer)
  return sentence
    .replace(/^The printer(?= )/, called)
    .replace(/ the printer(?=\.| is)/, ` ${called.charAt(0).toLowerCase()}${called.slice(1)}`)
}

/**
 * The facts of a printer's own reason (its printer-state-reasons keyword, as reasonWords chose it), for the
 * desk to say "out of labels" and its fix in its language: `said: 'reason'` picks the code's sentence
 * that holds it (shared/errors-wording.ts printerSaid).
 */
function reasonFacts(printer: NamedPrinter, what: Printed, keyword: string): Record<string, string> {
  return { ...printerFacts(printer, what), said: 'reason', reason: keyword }
}

/** The printer's state refuses the badge: its own reason in words, and what to do about it. */
export function printerNotReady(printer: NamedPrinter, status: PrinterStatus, what: Printed = 'badge'): AppError {
  const w = printedWords(what)
  const words = reasonWords(status.reasons, what)
  const called = printerCalled(printer)
  const said = words
    ? aboutThisPrinter(words.message, printer)
    : status.notTaking
      ? `${called} is not taking jobs.`
      : status.state === 'offline'
        ? `${called} is offline.`
        : `${called} is stopped.`
  // The reason's own hint (the state's names an unknown reason again, which the message already says).
  const hint = (status.notTaking ? status.hint : (words?.hint ?? status.hint)) ?? `Check the printer, then ${w.again}.`
  return new AppError({
    kind: 'conflict',
    code: 'PRINTER_NOT_READY',
    message: `${said} ${w.notPrinted}`,
    hint,
    retryable: true,
    details: {
      printer: printer.url,
      printerState: status.state,
      reasons: status.reasons,
      // Worded in the desk's language: the printer's reason and its fix, or main's own sentence (no reason,
      // no state's hint). A reason with the hint of not taking jobs stays main's words.
      ...(words && hint === words.hint && reasonFacts(printer, what, words.keyword)),
      ...(!words &&
        status.hint === undefined && {
          ...printerFacts(printer, what),
          said: status.notTaking ? 'notTaking' : status.state === 'offline' ? 'offline' : 'stopped'
        })
    }
  })
}

/** Nothing answered at the printer's address (refused, no route, closed). */
export function printerUnreachable(printer: NamedPrinter, cause: string, what: Printed = 'badge'): AppError {
  const w = printedWords(what)
  return new AppError({
    kind: 'network',
    code: 'PRINTER_UNREACHABLE',
    message: `${printerCalled(printer)} cannot be reached. ${w.notPrinted}`,
    hint: `Check that the printer is on and connected to the network, and that its address in Badges is right; then ${w.again}.`,
    retryable: true,
    details: { printer: printer.url, cause, ...printerFacts(printer, what) }
  })
}

/**
 * A printer that gave no answer while it was added in Badges (its state is asked before it is kept):
 * nothing was being printed, so the words are of adding — it was not added; check the address and that
 * the printer is on, then add it again — never "print the badge again". `said: 'adding'` lets the desk
 * say it in its language (the catalogue's `PRINTER_UNREACHABLE.adding.*`). A certificate changed since the
 * fingerprint was compared is the add's PRINTER_CERT_MOVED; any other failure keeps its words and facts, its
 * closing sentence made "It was not added.".
 */
export function printerNotAdded(printer: NamedPrinter, err: unknown): AppError {
  const e = AppError.from(err)
  if (e.code === 'PRINTER_UNREACHABLE' || e.code === 'PRINTER_NOT_ANSWERING') {
    const cause = e.details?.['cause']
    return new AppError({
      kind: e.kind,
      code: e.code,
      message: `${printerCalled(printer)} ${e.code === 'PRINTER_UNREACHABLE' ? 'cannot be reached' : 'did not answer'}. It was not added.`,
      hint: 'Check the address, and that the printer is on and connected to the network; then add it again.',
      retryable: true,
      details: {
        printer: printer.url,
        ...(typeof cause === 'string' && { cause }),
        ...printerFacts(printer, 'badge'),
        said: 'adding'
      }
    })
  }
  if (e.code === CERT_CHANGED) {
    // The certificate changed between the fingerprint compared and the state asked: the add's own refusal
    // (badge-printers.ts), which the desk words — a connection's "trust it again" does not fit a printer
    // not yet added.
    return printerCertMoved(hostOf(printer.url) ?? printer.url, printer.url)
  }
  return new AppError({
    kind: e.kind,
    code: e.code ?? 'PRINTER_UNREACHABLE',
    message: e.message.replace(/ No badge was printed\.$/, ' It was not added.'),
    ...(e.details && { details: e.details }),
    hint: e.hint ?? 'Check the address and that the printer is on, then add it again.',
    retryable: true
  })
}

/** The printer took the connection and said nothing in time. */
export function printerNotAnswering(printer: NamedPrinter, cause: string, what: Printed = 'badge'): AppError {
  const w = printedWords(what)
  return new AppError({
    kind: 'network',
    code: 'PRINTER_NOT_ANSWERING',
    message: `${printerCalled(printer)} did not answer. ${w.notPrinted}`,
    hint: `Check that the printer is on and connected to the network, then ${w.again}.`,
    retryable: true,
    details: { printer: printer.url, cause, ...printerFacts(printer, what) }
  })
}

/**
 * Print-Job refused as busy or not accepting. `status`: the printer's state asked right after; when
 * it names a cause (out of labels, a job stuck behind an empty roll), that cause and its fix are the
 * words — "another job" is only what the printer's queue says, not why.
 */
export function printerBusy(
  printer: NamedPrinter,
  statusText: string,
  status: PrinterStatus | null,
  what: Printed = 'badge'
): AppError {
  const w = printedWords(what)
  if (status && (cannotPrintNow(status) || reasonWords(status.reasons))) {
    const refused = printerNotReady(
      printer,
      { ...status, state: cannotPrintNow(status) ? status.state : 'stopped' },
      what
    )
    return new AppError({ ...refused.toData(), details: { ...refused.details, statusText } })
  }
  return new AppError({
    kind: 'conflict',
    code: 'PRINTER_NOT_ACCEPTING',
    message: `${printerCalled(printer)} is busy with another job and did not take ${w.the}. ${w.notPrinted}`,
    hint: `Wait until it has finished, or cancel the job waiting on it (on the printer or in this computer’s printer settings); then ${w.again}.`,
    retryable: true,
    details: { printer: printer.url, statusText, ...printerFacts(printer, what) }
  })
}

/** A job the printer ended without printing it (aborted, cancelled): the printer's reason when it gives one. */
export function jobEnded(
  printer: NamedPrinter,
  jobId: number,
  state: string,
  reasons: string[],
  printerReasons: string[],
  what: Printed = 'badge'
): AppError {
  const w = printedWords(what)
  const words = reasonWords(reasons, what)
  const called = printerCalled(printer)
  return new AppError({
    kind: 'conflict',
    code: state === 'canceled' ? 'PRINT_JOB_CANCELLED' : 'PRINT_JOB_ABORTED',
    message: words
      ? `${aboutThisPrinter(words.message, printer)} ${w.notPrinted}`
      : `${called} ${state === 'canceled' ? 'cancelled' : 'stopped'} ${w.the}. ${w.notPrinted}`,
    hint: words?.hint ?? `Check the printer, then ${w.again}.`,
    retryable: true,
    details: {
      printer: printer.url,
      jobId,
      jobState: state,
      reasons: printerReasons,
      ...(words ? reasonFacts(printer, what, words.keyword) : printerFacts(printer, what))
    }
  })
}

/** The job did not finish in time and was cancelled; `reasons`: the printer's, asked after. */
export function jobNotFinished(
  printer: NamedPrinter,
  jobId: number,
  state: string,
  timeoutMs: number,
  reasons: string[] | null,
  what: Printed = 'badge'
): AppError {
  const w = printedWords(what)
  const words = reasons ? reasonWords(reasons, what) : null
  return new AppError({
    kind: 'network',
    code: 'PRINT_NOT_FINISHED',
    message: `${printerCalled(printer)} took ${w.the} but did not finish it in ${Math.round(timeoutMs / 1000)} s. ${
      words ? `${aboutThisPrinter(words.message, printer)} ` : ''
    }${w.cancelled}`,
    hint: words?.hint ?? `Check the printer (labels, cover, display), then ${w.again}.`,
    retryable: true,
    details: {
      printer: printer.url,
      jobId,
      jobState: state,
      ...printerFacts(printer, what),
      seconds: Math.round(timeoutMs / 1000),
      ...(words && reasonFacts(printer, what, words.keyword))
    }
  })
}

/**
 * A failure's words for the two who read them: the desk (Today's kiosk list, the print history) gets
 * what happened and what to do; the visitor at the kiosk gets what happened only — the kiosk's own
 * words send them to the desk. Those are main's English (the CLI's, the logs'); `facts` (the error's
 * code and details, and its hint on its own) let the desk and the kiosk say the same in their own
 * language, each part from its own fact.
 */
export function printFailureWords(err: unknown): { desk: string; visitor: string; facts: PrintFailureFacts } {
  const e = AppError.from(err)
  return {
    desk: e.hint ? `${e.message} ${e.hint}` : e.message,
    visitor: e.message,
    facts: {
      code: e.code ?? 'PRINT_FAILED',
      ...(e.hint ? { hint: e.hint } : {}),
      ...(e.details ? { details: e.details } : {})
    }
  }
}
