import { printedWords, type Printed, type PrintedWords } from './printed-words'
import type { AppErrorData } from '../errors'

/**
 * A badge printer's state as the desk reads it, from its IPP attributes (printer-state and
 * printer-state-reasons, RFC 8011 §5.4.11–12): main words it once here, and Settings, Badges, the
 * kiosk's log and Today all show these words.
 */
export const printerStateKinds = ['idle', 'printing', 'stopped', 'out-of-media', 'offline', 'unknown'] as const
export type PrinterStateKind = (typeof printerStateKinds)[number]

/**
 * A printer's status as main sends it. Written out here, plain (no zod): the renderer's first paint
 * imports this module through errors-wording.ts, and zod there would load before the desk's first
 * paint (test/packaging/renderer-first-paint.test.ts). Its schema, for the IPC channel, is
 * printerStatusSchema in ./schemas.ts, checked against this shape.
 */
export interface PrinterStatus {
  state: PrinterStateKind
  /** The printer's reasons, suffix (-error, -warning, -report) removed; "none" left out. */
  reasons: string[]
  /** The state in words ("Ready", "Out of labels"). */
  words: string
  /** What to do, when the printer cannot print now. */
  hint?: string
  /** Ready by its state and reasons, yet taking no jobs (a CUPS queue that rejects them): `words` says so. */
  notTaking?: boolean
  /**
   * Asked about a label stock: the printer takes no label of its size (an office printer offered for a
   * badge), in plain words (media-words.ts): the stock's `size` and what it `takes`. Absent when it takes
   * it, or when no stock was asked about or the printer could not be asked.
   */
  media?: { size: string; takes: string }
  /**
   * The printer could not be asked (offline): the failure that said so, its code and facts, so its hint is
   * worded in the desk's language as the print's own failure is (not main's English).
   */
  failure?: AppErrorData
}

/** A reason without its severity suffix: "media-empty-error" → "media-empty". */
export function baseReason(reason: string): string {
  return reason.replace(/-(error|warning|report)$/, '')
}

interface ReasonWords {
  /** What happened, as a sentence. */
  message: string
  /** What to do. */
  hint: string
  state?: PrinterStateKind
}

/**
 * The printer's reasons a desk meets, in words, their hints ending with what to print again (`w`: a
 * badge's or a test label's words); any other is named as the printer says it.
 */
const REASONS = (w: PrintedWords): Record<string, ReasonWords> => ({
  'media-empty': {
    message: 'The printer is out of labels.',
    hint: `Load a new roll of labels, then ${w.againFromBadges}.`,
    state: 'out-of-media'
  },
  'media-needed': {
    message: 'The printer is out of labels.',
    hint: `Load a new roll of labels, then ${w.againFromBadges}.`,
    state: 'out-of-media'
  },
  'media-jam': {
    message: 'Labels are jammed in the printer.',
    hint: `Open the printer, clear the jammed label, then ${w.again}.`
  },
  'cover-open': {
    message: 'The cover of the printer is open.',
    hint: `Close the cover, then ${w.again}.`
  },
  'door-open': {
    message: 'The door of the printer is open.',
    hint: `Close it, then ${w.again}.`
  },
  'marker-supply-empty': {
    message: 'The printer is out of ink or ribbon.',
    hint: `Replace the ink or ribbon, then ${w.again}.`
  },
  'toner-empty': {
    message: 'The printer is out of toner.',
    hint: `Replace the toner, then ${w.again}.`
  },
  offline: {
    message: 'The printer is offline.',
    hint: `Turn the printer on and check its cable or network, then ${w.again}.`,
    state: 'offline'
  },
  shutdown: {
    message: 'The printer is switched off.',
    hint: `Turn the printer on, then ${w.again}.`,
    state: 'offline'
  },
  paused: {
    message: 'The printer is paused.',
    hint: `Resume the printer (on the printer or in this computer’s printer settings), then ${w.again}.`,
    state: 'stopped'
  },
  // The job-state-reasons (RFC 8011 §5.3.8) a printer gives for a job it ended without printing it.
  'printer-stopped': {
    message: 'The printer is stopped.',
    hint: `Resume the printer (on the printer or in this computer’s printer settings), then ${w.again}.`,
    state: 'stopped'
  },
  'aborted-by-system': {
    message: `The printer stopped ${w.the} itself.`,
    hint: `Look at the printer’s display or lights for what it needs (labels, ribbon, cover), then ${w.again}.`
  },
  'job-canceled-at-device': {
    message: `Someone cancelled ${w.the} on the printer.`,
    hint: `If it is still needed, ${w.again}.`
  },
  'job-canceled-by-user': {
    message: `Someone cancelled ${w.the} in this computer’s print queue.`,
    hint: `If it is still needed, ${w.again}.`
  },
  'job-canceled-by-operator': {
    message: `The print queue’s operator cancelled ${w.the}.`,
    hint: `If it is still needed, ${w.again}.`
  },
  'document-format': {
    message: `The printer could not read ${w.the}.`,
    hint: `Add the printer to this computer (a system queue with its driver) and choose that queue in Badges, then ${w.again}.`
  },
  'document-unprintable': {
    message: `The printer could not print ${w.the}.`,
    hint: `Print a test label from Badges to check the printer, then ${w.again}.`
  },
  'media-size-not-supported': {
    message: 'The printer does not take this label size.',
    hint: 'Load the labels chosen in Badges, or choose the label stock the printer has.'
  }
})

/** Reasons that are only news, never why a badge did not print. */
const HARMLESS = new Set([
  'none',
  'media-low',
  'marker-supply-low',
  'toner-low',
  'other',
  // A job's news of where it is, given beside the reason it ended (job-state-reasons, RFC 8011 §5.3.8).
  'job-incoming',
  'job-data-insufficient',
  'job-fetchable',
  'job-interpreting',
  'job-outgoing',
  'job-printing',
  'job-queued',
  'job-queued-for-marker',
  'job-transforming',
  'job-spooling',
  'job-completed-successfully',
  'job-completed-with-warnings',
  'job-completed-with-errors',
  'processing-to-stop-point',
  'queued-in-device'
])

/** The reason keywords worded here; the renderer's catalogue words each (errors area, `printer.reason.<keyword>`). */
export const knownPrinterReasons: readonly string[] = Object.keys(REASONS(printedWords('badge')))

/**
 * The one reason of a printer's the desk must act on: the first known one, else the first other (said as
 * the printer gives it); null when every reason is only news. Main's English (reasonWords) and the
 * renderer's words in the desk's language both say this reason, so they never name different ones.
 */
export function actingReason(reasons: readonly string[]): { keyword: string; known: boolean } | null {
  const acting = reasons.map(baseReason).filter((r) => !HARMLESS.has(r))
  const known = acting.find((r) => knownPrinterReasons.includes(r))
  if (known) return { keyword: known, known: true }
  return acting[0] ? { keyword: acting[0], known: false } : null
}

/**
 * The printer's reasons in words: the first one the desk must act on (null: none of them); `what`: the
 * print the hint says to print again (a badge when not said). `keyword`: the reason said, for the desk to
 * say it in its language.
 */
export function reasonWords(
  reasons: readonly string[],
  what: Printed = 'badge'
): (ReasonWords & { keyword: string }) | null {
  const w = printedWords(what)
  const acting = actingReason(reasons)
  if (!acting) return null
  if (acting.known) return { ...REASONS(w)[acting.keyword]!, keyword: acting.keyword }
  return {
    message: `The printer reports “${acting.keyword}”.`,
    hint: `Check the printer’s display or lights, then ${w.again}.`,
    keyword: acting.keyword
  }
}

const STATE_WORDS: Record<PrinterStateKind, string> = {
  idle: 'Ready',
  printing: 'Printing',
  stopped: 'Stopped',
  'out-of-media': 'Out of labels',
  offline: 'Offline',
  unknown: 'Not known'
}

/**
 * printer-state (idle, processing, stopped), its reasons and printer-is-accepting-jobs → what Settings
 * shows. A CUPS queue that refuses jobs (cupsreject) says it is idle with no reason: only `accepting`
 * tells that it cannot print. `what`: the print its hint says to print again (a badge when not said).
 */
export function printerStatusOf(
  state: string | undefined,
  rawReasons: readonly string[],
  accepting?: boolean,
  what: Printed = 'badge'
): PrinterStatus {
  const reasons = rawReasons.map(baseReason).filter((r) => r !== 'none')
  const words = reasonWords(reasons, what)
  let kind: PrinterStateKind =
    state === 'idle' ? 'idle' : state === 'processing' ? 'printing' : state === 'stopped' ? 'stopped' : 'unknown'
  // A reason that names the trouble says more than "stopped" (out of labels, offline).
  if (words?.state && (kind === 'stopped' || words.state !== 'stopped')) kind = words.state
  // Ready by its state and reasons, yet taking no jobs.
  if (accepting === false && (kind === 'idle' || kind === 'printing')) {
    return {
      state: 'stopped',
      reasons,
      words: 'Not taking jobs',
      notTaking: true,
      hint: `Let the printer take jobs again (in this computer’s printer settings, or with cupsaccept), then ${printedWords(what).again}.`
    }
  }
  const status: PrinterStatus = { state: kind, reasons, words: STATE_WORDS[kind] }
  if (kind === 'stopped' && !words) {
    return { ...status, hint: 'Resume the printer (on the printer or in this computer’s printer settings).' }
  }
  if (!words || kind === 'idle' || kind === 'printing') return status
  // A reason the desk has no words for is named, as the printer says it, before what to do.
  return { ...status, hint: actingReason(reasons)?.known ? words.hint : `${words.message} ${words.hint}` }
}

/**
 * A printer main could not ask (no IPP answer): offline, or — a TLS failure — not the printer whose
 * certificate was trusted, which is no printer to print to. What to do is the failure's own hint when it
 * has one. Main's English; the desk says it in its language from these facts (printer-state-wording.ts).
 */
export function unaskedPrinterStatus(failure: AppErrorData): PrinterStatus {
  return {
    state: 'offline',
    reasons: [],
    words: failure.kind === 'tls' ? 'Certificate not trusted' : 'Offline',
    hint: failure.hint ?? 'Check that the printer is on and connected.',
    failure
  }
}
