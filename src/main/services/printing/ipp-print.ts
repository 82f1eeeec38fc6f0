import { AppError } from '../../../shared/errors'
import { printerStatusOf, reasonWords, type PrinterStatus } from '../../../shared/badges/printer-state'
import type { PageSizeMm } from '../badges/printer'
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
}

export interface IppPrintResult {
  jobId: number
  state: 'completed'
}

const DEFAULT_TIMEOUT_MS = 45_000
const DEFAULT_POLL_MS = 500

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The printer's name as a person reads it in a message: its host and queue. */
function printerName(url: string): string {
  try {
    const u = new URL(url)
    return `${u.host}${u.pathname}`
  } catch {
    return url
  }
}

/** A printer: its address, with the certificate trusted for it when it is ipps:// (ipp-client.ts). */
export type Printer = string | IppTarget
const addressOf = (printer: Printer) => (typeof printer === 'string' ? printer : printer.url)

/** Where a printer's certificate is compared and trusted again, for the refusal (tls-pinning.ts). */
const PRINTER_PEER = {
  what: 'the printer',
  where:
    'compare the fingerprint Badges shows for it with the one on the printer’s own page (its web page or its ' +
    'display), then choose Trust again on the printer in Badges',
  outcome: 'No badge was printed.'
}

/** No IPP answer at all: unreachable, refused, silent, or not the printer whose certificate was trusted. */
function transportError(url: string, err: unknown): AppError {
  const name = printerName(url)
  if (err instanceof IppTransportError && err.reason === 'certificate') {
    const refused = certificateChanged(`the printer ${name}`, PRINTER_PEER)
    // A printer's: trusted again in Badges, not in Settings → Connections (which a console's refusal offers).
    return new AppError({ ...refused.toData(), details: { ...refused.details, printer: url } })
  }
  if (err instanceof IppTransportError && err.reason === 'untrusted') {
    return new AppError({
      kind: 'tls',
      code: 'PRINTER_NOT_TRUSTED',
      message: `No certificate is trusted for the printer ${name} yet: nothing was sent to it. No badge was printed.`,
      hint:
        'In Badges, choose Trust again on the printer: compare the fingerprint shown with the one on the printer’s ' +
        'own page, then trust it.'
    })
  }
  if (err instanceof IppTransportError && err.reason === 'timeout') {
    return new AppError({
      kind: 'network',
      code: 'PRINTER_NOT_ANSWERING',
      message: `The printer ${name} did not answer (${err.message}). No badge was printed.`,
      hint: 'Check that the printer is on and connected to the network, then print the badge again.',
      retryable: true
    })
  }
  const detail = err instanceof IppTransportError ? (err.detail ?? err.message) : String(err)
  return new AppError({
    kind: 'network',
    code: 'PRINTER_UNREACHABLE',
    message: `The printer ${name} cannot be reached (${detail}). No badge was printed.`,
    hint: 'Check that the printer is on, connected, and that its address in Badges is right; then print again.',
    retryable: true
  })
}

async function call(printer: Printer, ...args: Parameters<typeof ippCall> extends [Printer, ...infer R] ? R : never) {
  try {
    return await ippCall(printer, ...args)
  } catch (err) {
    throw transportError(addressOf(printer), err)
  }
}

/** The printer's state and reasons (Get-Printer-Attributes), in words. */
export async function ippPrinterStatus(printer: Printer, options: { timeoutMs?: number } = {}): Promise<PrinterStatus> {
  const answer = await call(
    printer,
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
    values(p, 'printer-is-accepting-jobs')[0] as boolean | undefined
  )
}

/** The width × height of a PWG media name ("oe_dk-11202_62x100mm", "na_index-4x6_4x6in"), in mm. */
export function mediaSizeMm(name: string): { w: number; h: number } | null {
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

function refusedState(url: string, status: PrinterStatus, reasons: string[]): AppError {
  const words = reasonWords(reasons)
  return new AppError({
    kind: 'conflict',
    code: 'PRINTER_NOT_READY',
    message: `${words?.message ?? `The printer ${printerName(url)} is stopped.`} No badge was printed.`,
    hint: status.hint ?? words?.hint ?? 'Check the printer, then print the badge again.',
    retryable: true,
    details: { printerState: status.state, reasons }
  })
}

/** Reasons that stop a print before it is sent: said by the printer as an error, not a warning or report. */
function blocking(rawReasons: readonly string[]): string[] {
  return rawReasons.filter((r) => r !== 'none' && !/-(warning|report)$/.test(r))
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
  const url = addressOf(printer)
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const deadline = Date.now() + timeoutMs
  const callTimeout = () => Math.max(1000, Math.min(options.callTimeoutMs ?? 10_000, deadline - Date.now()))

  // 1. Can it print now, and does it take this label?
  const attrs = await call(
    printer,
    'Get-Printer-Attributes',
    {
      operation: {
        'requested-attributes': [
          'printer-state',
          'printer-state-reasons',
          'media-supported',
          'document-format-supported'
        ]
      }
    },
    undefined,
    { timeoutMs: callTimeout() }
  )
  const p = attrs['printer-attributes-tag']
  const rawReasons = values(p, 'printer-state-reasons').map(String)
  const status = printerStatusOf(values(p, 'printer-state')[0] as string | undefined, rawReasons)
  if (status.state === 'stopped' || blocking(rawReasons).length > 0) {
    if (status.state === 'stopped' || reasonWords(blocking(rawReasons))) throw refusedState(url, status, status.reasons)
  }
  const formats = values(p, 'document-format-supported').map(String)
  if (formats.length > 0 && !formats.includes('application/pdf') && !formats.includes('application/octet-stream')) {
    throw new AppError({
      kind: 'unsupported',
      code: 'PRINTER_NO_PDF',
      message: `The printer ${printerName(url)} does not take PDF documents. No badge was printed.`,
      hint: 'Add the printer to this computer (a system queue with its driver) and choose that queue in Badges.'
    })
  }
  const supported = values(p, 'media-supported').map(String)
  const media = matchingMedia(supported, page)
  if (supported.length > 0 && !media) {
    throw new AppError({
      kind: 'validation',
      code: 'PRINTER_MEDIA_UNSUPPORTED',
      message: `The printer ${printerName(url)} does not take ${sizeWords(page)} labels. No badge was printed.`,
      hint: `Choose the label stock the printer has in Badges, or load ${sizeWords(page)} labels. It takes: ${supported
        .slice(0, 6)
        .join(', ')}.`,
      details: { supported }
    })
  }

  // 2. The job.
  const answer = await call(
    printer,
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
  if (!status0.startsWith('successful')) throw jobRefused(url, answer, page)
  const jobId = Number(values(jobGroup(answer), 'job-id')[0])
  if (!Number.isInteger(jobId)) {
    throw new AppError({
      kind: 'server',
      code: 'PRINTER_NO_JOB',
      message: 'The printer accepted the badge but gave no job number.'
    })
  }

  // 3. Its end: completed, aborted or canceled — or the time is up.
  let lastState = String(values(jobGroup(answer), 'job-state')[0] ?? 'pending')
  let jobReasons: string[] = values(jobGroup(answer), 'job-state-reasons').map(String)
  for (;;) {
    if (lastState === 'completed') return { jobId, state: 'completed' }
    if (lastState === 'aborted' || lastState === 'canceled') {
      throw await jobFailed(printer, jobId, lastState, jobReasons)
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
  await ippCall(printer, 'Cancel-Job', { operation: { 'job-id': jobId } }, undefined, { timeoutMs: 3000 }).catch(
    () => undefined
  )
  const why = await ippPrinterStatus(printer, { timeoutMs: 3000 }).catch(() => null)
  const words = why ? reasonWords(why.reasons) : null
  return Promise.reject(
    new AppError({
      kind: 'network',
      code: 'PRINT_NOT_FINISHED',
      message: `The printer took the badge but did not finish it in ${Math.round(timeoutMs / 1000)} s${
        words ? ` (${words.message.replace(/\.$/, '').toLowerCase()})` : ''
      }. The job was cancelled and the badge is not recorded as printed.`,
      hint: words?.hint ?? 'Check the printer (labels, cover, display), then print the badge again.',
      retryable: true,
      details: { jobId, jobState: lastState }
    })
  )
}

/** Print-Job refused by the printer: its status code, in words. */
function jobRefused(url: string, answer: IppMessage, page: PageSizeMm): AppError {
  const code = String(answer.statusCode ?? 'unknown')
  const message = String(values(answer['operation-attributes-tag'], 'status-message')[0] ?? '')
  if (
    code === 'client-error-attributes-or-values-not-supported' ||
    code === 'client-error-document-format-not-supported'
  ) {
    return new AppError({
      kind: 'validation',
      code: 'PRINTER_REFUSED_JOB',
      message: `The printer ${printerName(url)} refused the ${sizeWords(page)} badge (${message || code}). No badge was printed.`,
      hint: 'Choose the label stock the printer has in Badges, or load labels of this size.'
    })
  }
  if (code === 'server-error-not-accepting-jobs' || code === 'server-error-busy') {
    return new AppError({
      kind: 'conflict',
      code: 'PRINTER_NOT_ACCEPTING',
      message: `The printer ${printerName(url)} is not taking jobs now (${message || code}). No badge was printed.`,
      hint: 'Resume the printer (or its queue), then print the badge again.',
      retryable: true
    })
  }
  return new AppError({
    kind: 'server',
    code: 'PRINTER_REFUSED_JOB',
    message: `The printer ${printerName(url)} refused the badge (${message || code}). No badge was printed.`,
    hint: 'Check the printer, then print the badge again.'
  })
}

/** The job ended without printing: why, from the job's and the printer's reasons. */
async function jobFailed(target: Printer, jobId: number, state: string, jobReasons: string[]): Promise<AppError> {
  const printer = await ippPrinterStatus(target, { timeoutMs: 3000 }).catch(() => null)
  const words = reasonWords([...(printer?.reasons ?? []), ...jobReasons.filter((r) => !/^job-/.test(r))])
  const ended = state === 'canceled' ? 'was cancelled' : 'stopped'
  return new AppError({
    kind: 'conflict',
    code: state === 'canceled' ? 'PRINT_JOB_CANCELLED' : 'PRINT_JOB_ABORTED',
    message: words
      ? `${words.message} The badge was not printed (job ${jobId} ${ended}).`
      : `The printer ${ended === 'stopped' ? 'stopped' : 'cancelled'} the badge (job ${jobId}): it was not printed.`,
    hint: words?.hint ?? 'Check the printer, then print the badge again.',
    retryable: true,
    details: { jobId, jobState: state, reasons: printer?.reasons ?? [] }
  })
}
