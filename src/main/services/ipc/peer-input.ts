import { AppError } from '../../../shared/errors'
import { formats } from '../../../shared/format/formats'

/**
 * Bounds on what a peer (a renderer tab, a WebSocket peer, a CLI argument) may send, checked before
 * anything else walks it. Finding: a 40 KB call of nested empty arrays kept main busy for 26–159 s
 * (the walk copied the path at every level: quadratic), every other tab waited, and a 400 KB one
 * ignored SIGTERM for minutes. Every walk over peer input is therefore bounded in depth and in the
 * number of values it visits, and refuses in at most MAX_INPUT_VALUES steps.
 *
 * No channel's input is nested more than a few levels, nor holds a million values (the largest is a
 * list of 100,000 row ids; a CSV file travels as one string): the limits refuse only what no screen sends.
 */
export const MAX_INPUT_DEPTH = 32
export const MAX_INPUT_VALUES = 1_000_000

export type InputProblem =
  /** A container nested deeper than MAX_INPUT_DEPTH; `path` leads to it (empty when not known). */
  | { kind: 'too-deep'; path: string[] }
  /** More than MAX_INPUT_VALUES values in all. */
  | { kind: 'too-many' }
  /** A string (value or key) that is not well-formed Unicode. */
  | { kind: 'malformed'; path: string[] }

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const wellFormed = (s: string) => !LONE_SURROGATE.test(s)

/** One value to visit; the path is kept as a link to the parent and spelt out only for a message. */
interface Frame {
  value: unknown
  depth: number
  key: string | number | undefined
  parent: Frame | undefined
}

function pathOf(frame: Frame | undefined): string[] {
  const path: string[] = []
  for (let f = frame; f && f.key !== undefined; f = f.parent) path.push(String(f.key))
  return path.reverse()
}

/**
 * The first problem of `input`, and how many values were visited to find it (at most
 * MAX_INPUT_VALUES + 1, whatever the input). Iterative: a deep input must not exhaust the stack.
 * A lone surrogate such as "\uD800" cannot be sent to a console (encodeURIComponent throws "URI
 * malformed", JSON would carry a replacement character), so it is refused here, for every channel.
 */
export function inspectPeerInput(input: unknown): { problem?: InputProblem; visited: number } {
  const root: Frame = { value: input, depth: 0, key: undefined, parent: undefined }
  if (typeof input === 'string') {
    return wellFormed(input) ? { visited: 1 } : { problem: { kind: 'malformed', path: [] }, visited: 1 }
  }
  const stack: Frame[] = [root]
  let visited = 1
  /** One child: a string checked here, a container queued; false to stop (a problem was found). */
  let problem: InputProblem | undefined
  const visit = (child: unknown, key: string | number, parent: Frame): boolean => {
    if (++visited > MAX_INPUT_VALUES) {
      problem = { kind: 'too-many' }
      return false
    }
    if (typeof child === 'string') {
      if (wellFormed(child)) return true
      problem = { kind: 'malformed', path: [...pathOf(parent), String(key)] }
      return false
    }
    if (child !== null && typeof child === 'object') {
      stack.push({ value: child, depth: parent.depth + 1, key, parent })
    }
    return true
  }
  while (stack.length) {
    const frame = stack.pop()!
    const value = frame.value as object
    if (value === null || typeof value !== 'object') continue
    if (frame.depth >= MAX_INPUT_DEPTH) return { problem: { kind: 'too-deep', path: pathOf(frame) }, visited }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) if (!visit(value[i], i, frame)) return { problem, visited }
      continue
    }
    for (const key of Object.keys(value)) {
      if (!wellFormed(key)) {
        const path = [...pathOf(frame), key.replace(LONE_SURROGATE, '\uFFFD')]
        return { problem: { kind: 'malformed', path }, visited }
      }
      if (!visit((value as Record<string, unknown>)[key], key, frame)) return { problem, visited }
    }
  }
  return { visited }
}

const CHANNELS_HINT = 'Send the input the channel describes (`npm run -s cli -- channels` lists each channel’s input).'

/** The error every transport answers for a problem of `inspectPeerInput` (INVALID_INPUT). */
export function peerInputError(channel: string, problem: InputProblem): AppError {
  if (problem.kind === 'malformed') {
    const field = problem.path.length ? problem.path.join('.') : 'the input'
    return new AppError({
      kind: 'validation',
      code: 'INVALID_INPUT',
      message: `Invalid input for ${channel}: ${field} holds a broken character (half of a character pair).`,
      hint: 'Type or paste that value again; if it came from a file, save the file as UTF-8 and try again.',
      details: { issues: [{ path: problem.path, message: 'not well-formed Unicode' }] }
    })
  }
  if (problem.kind === 'too-deep') {
    const at = problem.path.length ? ` (at ${problem.path.join('.')})` : ''
    return new AppError({
      kind: 'validation',
      code: 'INVALID_INPUT',
      message: `Invalid input for ${channel}: it is nested more than ${MAX_INPUT_DEPTH} levels deep${at}; no channel takes input nested that deep.`,
      hint: CHANNELS_HINT,
      details: {
        limit: 'depth',
        max: MAX_INPUT_DEPTH,
        issues: [{ path: problem.path, message: `nested more than ${MAX_INPUT_DEPTH} levels` }]
      }
    })
  }
  return new AppError({
    kind: 'validation',
    code: 'INVALID_INPUT',
    message: `Invalid input for ${channel}: it holds more than ${formats('en').count(MAX_INPUT_VALUES)} values; no channel takes that many.`,
    hint: `${CHANNELS_HINT} Split a long list into smaller calls.`,
    details: {
      limit: 'values',
      max: MAX_INPUT_VALUES,
      issues: [{ path: [], message: `more than ${MAX_INPUT_VALUES} values` }]
    }
  })
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN = [0x5b, 0x7b] // [ {
const CLOSE = [0x5d, 0x7d] // ] }

/**
 * Is this JSON text nested deeper than `max` levels? One pass over the bytes, stopping as soon as it
 * is, so a message can be refused before JSON.parse, which takes tens of seconds over a few MB of
 * `[[[[`. Brackets inside strings do not count (UTF-8 never has these bytes inside a character).
 */
export function jsonNestedDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!
    if (inString) {
      if (b === BACKSLASH) i++
      else if (b === QUOTE) inString = false
    } else if (b === QUOTE) inString = true
    else if (b === OPEN[0] || b === OPEN[1]) {
      if (++depth > max) return true
    } else if (b === CLOSE[0] || b === CLOSE[1]) depth--
  }
  return false
}
