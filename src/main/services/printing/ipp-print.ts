import { AppError } from '../../../shared/errors'
import { baseReason, printerStatusOf, reasonWords, type PrinterStatus } from '../../../shared/badges/printer-state'
import {
  cannotPrintNow,
  jobEnded,
  jobNotFinished,
  printerBusy,
  printerCalled,
  printerNotAnswering,
  printerNotReady,
  printerUnreachable,
  printerFacts,
  type NamedPrinter
} from './printer-failure'
import type { PageSizeMm } from '../badges/printer'
import { printedWords, type Printed } from '../../../shared/badges/printed-words'
import { mediaListWords } from '../../../shared/badges/media-words'
import { certificateChanged } from '../access/tls-pinning'
import { ippCall, IppTransportError, jobGroup, values, type IppMessage, type IppTarget } from './ipp-client'

/**
 * Printing a badge PDF to an IPP printer (ipp:// or ipps://, which every current network and
 * AirPrint label printer speaks; a CUPS queue is one too, at ipp://localhost:631/printers/NAME):
 * the printer's state first (a stopped printer or one out of labels is said before a job is sent),
 * Print-Job with the label's media, then Get-Job-Attributes until the job ends or the time is up.
 * The result is the printer's: only a job it says is completed is printed.
 */
export interface IppPrintOptions {
  /** How long the whole print may take, job included (a visitor is waiting at a kiosk). */
  timeoutMs?: number
  /** Between two Get-Job-Attributes. */
  pollMs?: number
  /** How long one IPP exchange may take. */
  callTimeoutMs?: number
  jobName?: string
  /** What is printed, as its failures name it: a visitor's badge (when not said) or Badges' test label. */
  what?: Printed
}

export interface IppPrintResult {
  jobId: number
  state: 'completed'
}

const DEFAULT_TIMEOUT_MS = 45_000
const DEFAULT_POLL_MS = 500

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * A printer: its address, with the certificate trusted for it when it is ipps:// (ipp-client.ts), and
 * the name it was given in Badges — its failures name it so (printer-failure.ts).
 */
export type Printer = string | (IppTarget & { displayName?: string | undefined })
const addressOf = (printer: Printer) => (typeof printer === 'string' ? printer : printer.url)
const named = (printer: Printer): NamedPrinter =>
  typeof printer === 'string' ? { url: printer } : { url: printer.url, displayName: printer.displayName }

/** Where a printer's certificate is compared and trusted again, for the refusal (tls-pinning.ts). */
const printerPeer = (what: Printed) => ({
  what: 'the printer',
  where:
    'compare the fingerprint Badges shows for it with the one on the printer’s own page (its web page or its ' +
    'display), then choose Trust again on the printer in Badges',
  outcome: printedWords(what).notPrinted
})

/** No IPP answer at all: unreachable, refused, silent, or not the printer whose certificate was trusted. */
function transportError(printer: Printer, err: unknown, what: Printed): AppError {
  const url = addressOf(printer)
  const called = printerCalled(named(printer))
  if (err instanceof IppTransportError && err.reason === 'certificate') {
    const refused = certificateChanged(called.replace(/^The /, 'the '), printerPeer(what))
    // A printer's: trusted again in Badges, not in Settings → Connections (which a console's refusal offers).
    return new AppError({ ...refused.toData(), details: { ...refused.details, printer: url } })
  }
  if (err instanceof IppTransportError && err.reason === 'untrusted') {
    return new AppError({
      kind: 'tls',
      code: 'PRINTER_NOT_TRUSTED',
      message: `No certificate is trusted for ${called.replace(/^The /, 'the ')} yet: nothing was sent to it. ${printedWords(what).notPrinted}`,
      hint:
        'In Badges, choose Trust again on the printer: compare the fingerprint shown with the one on the printer’s ' +
        'own page, then trust it.',
      details: { printer: url, ...printerFacts(named(printer), what) }
    })
  }
  const detail = err instanceof IppTransportError ? (err.detail ?? err.message) : String(err)
  if (err instanceof IppTransportError && err.reason === 'timeout') {
    return printerNotAnswering(named(printer), detail, what)
  }
  return printerUnreachable(named(printer), detail, what)
}

/** One IPP exchange; no answer at all is a failure worded for `what` is printed. */
async function call(
  printer: Printer,
  what: Printed,
  ...args: Parameters<typeof ippCall> extends [Printer, ...infer R] ? R : never
) {
  try {
    return await ippCall(printer, ...args)
  } catch (err) {
    throw transportError(printer, err, what)
  }
}

/**
 * The printer's state and reasons (Get-Printer-Attributes), in words; `what`: the print its hint and
 * failures name (a badge when not said).
 */
export async function ippPrinterStatus(
  printer: Printer,
  options: { timeoutMs?: number; what?: Printed } = {}
): Promise<PrinterStatus> {
  const what = options.what ?? 'badge'
  const answer = await call(
    printer,
    what,
    'Get-Printer-Attributes',
    {
      operation: {
        'requested-attributes': ['printer-state', 'printer-state-reasons', 'printer-is-accepting-jobs']
      }
    },
    undefined,
    { timeoutMs: options.timeoutMs ?? 5000 }
  )
  const p = answer['printer-attributes-tag']
  return printerStatusOf(
    values(p, 'printer-state')[0] as string | undefined,
    values(p, 'printer-state-reasons').map(String),
    values(p, 'printer-is-accepting-jobs')[0] as boolean | undefined,
    what
  )
}

/** The width × height of a PWG media name ("oe_dk-11202_62x100mm", "na_index-4x6_4x6in"), in mm. */
function mediaSizeMm(name: string): { w: number; h: number } | null {
  const m = name.match(/_(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)(mm|in)$/)
  if (!m) return null
  const k = m[3] === 'in' ? 25.4 : 1
  return { w: Number(m[1]) * k, h: Number(m[2]) * k }
}

/**
 * The printer's media that is the label's size (either way round, within 1.5 mm), the nearest when
 * several are: a driver's list holds neighbours within that margin — the Brother QL's 62 mm continuous
 * roll (62.09 × 100.19 mm) is listed before its 62 × 100 mm DK-11202 label (62.09 × 99.84 mm) — and the
 * first of them is not the label loaded.
 */
export function matchingMedia(supported: readonly string[], page: PageSizeMm): string | null {
  const TOLERANCE_MM = 1.5
  let best: { name: string; off: number } | null = null
  for (const name of supported) {
    const s = mediaSizeMm(name)
    if (!s) continue
    const off = Math.min(
      Math.max(Math.abs(s.w - page.widthMm), Math.abs(s.h - page.heightMm)),
      Math.max(Math.abs(s.w - page.heightMm), Math.abs(s.h - page.widthMm))
    )
    if (off <= TOLERANCE_MM && (!best || off < best.off)) best = { name, off }
  }
  return best?.name ?? null
}

const sizeWords = (page: PageSizeMm) => `${Math.round(page.widthMm)} × ${Math.round(page.heightMm)} mm`

/** Reasons that stop a print before it is sent: said by the printer as an error, not a warning or report. */
function blocking(rawReasons: readonly string[]): string[] {
  return rawReasons.filter((r) => r !== 'none' && !/-(warning|report)$/.test(r))
}

/**
 * Whether the printer can print this badge now: ready and taking jobs, PDF, and one of its media the
 * label's size. Every print asks it first — Badges and the kiosk before any QR code is assigned on the
 * console (BadgeService.printerRefusal), and the print itself before its job — so a visitor is never
 * given a code for a badge the printer was always going to refuse. Throws the refusal, in words.
 */
export async function ippCanPrint(
  printer: Printer,
  page: PageSizeMm,
  options: { timeoutMs?: number; what?: Printed } = {}
): Promise<void> {
  await askPrinter(printer, page, options.what ?? 'badge', options.timeoutMs ?? 5000)
}

async function askPrinter(
  printer: Printer,
  page: PageSizeMm,
  what: Printed,
  timeoutMs: number
): Promise<{ formats: string[]; media: string | null }> {
  const w = printedWords(what)
  const attrs = await call(
    printer,
    what,
    'Get-Printer-Attributes',
    {
      operation: {
        'requested-attributes': [
          'printer-state',
          'printer-state-reasons',
          'printer-is-accepting-jobs',
          'media-supported',
          'document-format-supported'
        ]
      }
    },
    undefined,
    { timeoutMs }
  )
  const p = attrs['printer-attributes-tag']
  const rawReasons = values(p, 'printer-state-reasons').map(String)
  const status = printerStatusOf(
    values(p, 'printer-state')[0] as string | undefined,
    rawReasons,
    values(p, 'printer-is-accepting-jobs')[0] as boolean | undefined,
    what
  )
  // The state as Badges shows it decides (a reason is kept as "-report" once a job ended on it:
  // ippeveprinter's media-empty after an aborted job), and so does any error reason said in words.
  if (cannotPrintNow(status) || reasonWords(blocking(rawReasons))) {
    throw printerNotReady(
      named(printer),
      reasonWords(blocking(rawReasons)) && !cannotPrintNow(status)
        ? { ...status, state: 'stopped', reasons: blocking(rawReasons).map(baseReason) }
        : status,
      what
    )
  }
  const formats = values(p, 'document-format-supported').map(String)
  if (formats.length > 0 && !formats.includes('application/pdf') && !formats.includes('application/octet-stream')) {
    throw new AppError({
      kind: 'unsupported',
      code: 'PRINTER_NO_PDF',
      message: `${printerCalled(named(printer))} does not take PDF documents. ${w.notPrinted}`,
      hint: 'Add the printer to this computer (a system queue with its driver) and choose that queue in Badges.',
      details: printerFacts(named(printer), what)
    })
  }
  const supported = values(p, 'media-supported').map(String)
  const media = matchingMedia(supported, page)
  if (supported.length > 0 && !media) {
    throw new AppError({
      kind: 'validation',
      code: 'PRINTER_MEDIA_UNSUPPORTED',
      message: `${printerCalled(named(printer))} does not take ${sizeWords(page)} labels. ${w.notPrinted}`,
      hint: `Choose the label stock the printer has in Badges, or load ${sizeWords(page)} labels. It takes: ${mediaListWords(supported)}.`,
      details: {
        supported,
        ...printerFacts(named(printer), what),
        size: sizeWords(page),
        // Its media in plain words ("Letter (8.5 × 11 in)"), never its raw IPP keywords.
        takes: mediaListWords(supported)
      }
    })
  }
  return { formats, media }
}

/**
 * Print one PDF and wait for the printer's verdict. Resolves only for a job the printer completed;
 * every other end — unreachable, refused, stopped, aborted, cancelled, not finished in time — is an
 * AppError that says why in the printer's words and what to do.
 */
export async function printPdfOverIpp(
  printer: Printer,
  pdf: Uint8Array,
  page: PageSizeMm,
  options: IppPrintOptions = {}
): Promise<IppPrintResult> {
  const what = options.what ?? 'badge'
  const w = printedWords(what)
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const deadline = Date.now() + timeoutMs
  const callTimeout = () => Math.max(1000, Math.min(options.callTimeoutMs ?? 10_000, deadline - Date.now()))

  // 1. Can it print now, and does it take this label? (The same question every print asks first.)
  const { formats, media } = await askPrinter(printer, page, what, callTimeout())

  // 2. The job.
  const answer = await call(
    printer,
    what,
    'Print-Job',
    {
      operation: {
        'requesting-user-name': 'Access Desk',
        'job-name': options.jobName ?? 'Visitor badge',
        'document-format':
          formats.includes('application/pdf') || formats.length === 0 ? 'application/pdf' : 'application/octet-stream'
      },
      ...(media ? { job: { media } } : {})
    },
    pdf,
    { timeoutMs: callTimeout() }
  )
  const status0 = String(answer.statusCode ?? '')
  if (!status0.startsWith('successful')) throw await jobRefused(printer, answer, page, what)
  const jobId = Number(values(jobGroup(answer), 'job-id')[0])
  if (!Number.isInteger(jobId)) {
    throw new AppError({
      kind: 'server',
      code: 'PRINTER_NO_JOB',
      message: `The printer accepted ${w.the} but gave no job number.`,
      details: printerFacts(named(printer), what)
    })
  }

  // 3. Its end: completed, aborted or canceled — or the time is up.
  let lastState = String(values(jobGroup(answer), 'job-state')[0] ?? 'pending')
  let jobReasons: string[] = values(jobGroup(answer), 'job-state-reasons').map(String)
  for (;;) {
    if (lastState === 'completed') return { jobId, state: 'completed' }
    if (lastState === 'aborted' || lastState === 'canceled') {
      throw await jobFailed(printer, jobId, lastState, jobReasons, what)
    }
    // Held by a stopped printer (its queue stopped, unplugged, out of labels): said now, while the visitor
    // is still at the kiosk, not after the whole wait; cancelled so that it cannot come out later, for nobody.
    if (lastState === 'processing-stopped' || jobReasons.includes('printer-stopped')) {
      await cancelJob(printer, jobId)
      // Said as a stopped printer even when it names no reason (CUPS stops a queue whose device is gone).
      throw await jobFailed(printer, jobId, 'processing-stopped', [...jobReasons, 'printer-stopped'], what)
    }
    if (Date.now() >= deadline) break
    await sleep(Math.min(options.pollMs ?? DEFAULT_POLL_MS, Math.max(0, deadline - Date.now())))
    try {
      const job = await ippCall(
        printer,
        'Get-Job-Attributes',
        {
          operation: {
            'job-id': jobId,
            'requested-attributes': ['job-state', 'job-state-reasons']
          }
        },
        undefined,
        { timeoutMs: callTimeout() }
      )
      lastState = String(values(jobGroup(job), 'job-state')[0] ?? lastState)
      jobReasons = values(jobGroup(job), 'job-state-reasons').map(String)
    } catch {
      // One lost answer is asked again until the deadline: the job may still complete.
    }
  }
  // Not finished in time: cancelled so that it cannot come out later, unrecorded, for nobody.
  await cancelJob(printer, jobId)
  const why = await ippPrinterStatus(printer, { timeoutMs: 3000, what }).catch(() => null)
  return Promise.reject(jobNotFinished(named(printer), jobId, lastState, timeoutMs, why?.reasons ?? null, what))
}

/** Print-Job refused by the printer: its status code, in words (the status text kept in `details`). */
async function jobRefused(printer: Printer, answer: IppMessage, page: PageSizeMm, what: Printed): Promise<AppError> {
  const w = printedWords(what)
  const code = String(answer.statusCode ?? 'unknown')
  const statusText = String(values(answer['operation-attributes-tag'], 'status-message')[0] ?? '') || code
  const called = printerCalled(named(printer))
  if (
    code === 'client-error-attributes-or-values-not-supported' ||
    code === 'client-error-document-format-not-supported'
  ) {
    return new AppError({
      kind: 'validation',
      code: 'PRINTER_REFUSED_JOB',
      message: `${called} refused the ${sizeWords(page)} ${w.noun}. ${w.notPrinted}`,
      hint: 'Choose the label stock the printer has in Badges, or load labels of this size.',
      details: {
        printer: addressOf(printer),
        statusText,
        ...printerFacts(named(printer), what),
        said: 'size',
        size: sizeWords(page)
      }
    })
  }
  if (code === 'server-error-not-accepting-jobs' || code === 'server-error-busy') {
    // Why it takes nothing now is the printer's state, not its queue's "another job".
    const status = await ippPrinterStatus(printer, { timeoutMs: 3000, what }).catch(() => null)
    return printerBusy(named(printer), statusText, status, what)
  }
  return new AppError({
    kind: 'server',
    code: 'PRINTER_REFUSED_JOB',
    message: `${called} refused ${w.the}. ${w.notPrinted}`,
    hint: `Check the printer’s display or lights, then ${w.again}.`,
    details: { printer: addressOf(printer), statusText, ...printerFacts(named(printer), what), said: 'plain' }
  })
}

/** The job ended without printing: why, from the job's and the printer's reasons. */
/** Cancel-Job, best effort: a printer that does not answer has nothing more to print of it either way. */
async function cancelJob(printer: Printer, jobId: number): Promise<void> {
  await ippCall(printer, 'Cancel-Job', { operation: { 'job-id': jobId } }, undefined, { timeoutMs: 3000 }).catch(
    () => undefined
  )
}

async function jobFailed(
  target: Printer,
  jobId: number,
  state: string,
  jobReasons: string[],
  what: Printed
): Promise<AppError> {
  const printer = await ippPrinterStatus(target, { timeoutMs: 3000, what }).catch(() => null)
  // The job's own reasons (aborted-by-system, job-canceled-at-device…) are worded in the same table as the
  // printer's; its news (job-printing, job-queued…) is never taken for the reason (printer-state.ts HARMLESS).
  const reasons = [...(printer?.reasons ?? []), ...jobReasons]
  return jobEnded(named(target), jobId, state, reasons, printer?.reasons ?? [], what)
}
