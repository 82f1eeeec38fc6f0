import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { channels, type ChannelName, type ChannelOutput, type ChannelParsedInput } from '../../../shared/ipc/contract'
import type { Envelope } from '../../../shared/ipc/define'

/** One implementation per channel; the type makes a missing handler a compile error. */
export type Handlers = {
  [K in ChannelName]: (input: ChannelParsedInput<K>) => Promise<ChannelOutput<K>>
}

export type Dispatch = (channel: string, rawInput: unknown) => Promise<Envelope>

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ')
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const wellFormed = (s: string) => !LONE_SURROGATE.test(s)

/**
 * The path of the first string (value or key) in the input that is not well-formed Unicode: a lone
 * surrogate such as "\uD800" cannot be sent to a console (encodeURIComponent throws "URI malformed",
 * JSON would carry a replacement character), so it is refused here, once, for every channel.
 * Iterative: a deeply nested input must not exhaust the stack.
 */
function malformedStringPath(input: unknown): string[] | undefined {
  const stack: [unknown, string[]][] = [[input, []]]
  while (stack.length) {
    const [value, path] = stack.pop()!
    if (typeof value === 'string') {
      if (!wellFormed(value)) return path
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push([item, [...path, String(i)]]))
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (!wellFormed(key)) return [...path, key.replace(LONE_SURROGATE, '\uFFFD')]
        stack.push([item, [...path, key]])
      }
    }
  }
  return undefined
}

/**
 * The transport-independent half of the IPC binding: look the channel up, parse the input with
 * zod (main never trusts the renderer), run the handler, and turn any failure into an error
 * envelope. Electron IPC, the web bridge and the CLI all go through here.
 */
export function createDispatch(handlers: Handlers): Dispatch {
  return async (channel, rawInput) => {
    try {
      if (!Object.hasOwn(channels, channel)) {
        throw new AppError({ kind: 'validation', code: 'UNKNOWN_CHANNEL', message: `Unknown channel "${channel}".` })
      }
      const name = channel as ChannelName
      const malformed = malformedStringPath(rawInput)
      if (malformed) {
        const field = malformed.length ? malformed.join('.') : 'the input'
        throw new AppError({
          kind: 'validation',
          code: 'INVALID_INPUT',
          message: `Invalid input for ${name}: ${field} holds a broken character (half of a character pair).`,
          hint: 'Type or paste that value again; if it came from a file, save the file as UTF-8 and try again.',
          details: { issues: [{ path: malformed, message: 'not well-formed Unicode' }] }
        })
      }
      const parsed = channels[name].input.safeParse(rawInput)
      if (!parsed.success) {
        throw new AppError({
          kind: 'validation',
          code: 'INVALID_INPUT',
          message: `Invalid input for ${name}: ${describeIssues(parsed.error)}`,
          details: { issues: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })) }
        })
      }
      const handler = handlers[name] as (input: unknown) => Promise<unknown>
      return { ok: true, result: await handler(parsed.data) }
    } catch (err) {
      return { ok: false, error: AppError.from(err).toData() }
    }
  }
}
