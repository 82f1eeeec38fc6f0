import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { channels, type ChannelName, type ChannelOutput, type ChannelParsedInput } from '../../../shared/ipc/contract'
import type { Envelope } from '../../../shared/ipc/define'
import { checkChannelOutput, contractCheckOn } from './contract-check'
import { inspectPeerInput, peerInputError } from './peer-input'

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

/**
 * The transport-independent half of the IPC binding: look the channel up, parse the input with
 * zod (main never trusts the renderer), run the handler, and turn any failure into an error
 * envelope. Electron IPC, the web bridge and the CLI all go through here.
 */
export function createDispatch(handlers: Handlers, options: { checkOutputs?: boolean } = {}): Dispatch {
  // Answers are parsed against the contract in test runs (contract-check.ts).
  const checkOutputs = options.checkOutputs ?? contractCheckOn()
  return async (channel, rawInput) => {
    try {
      if (!Object.hasOwn(channels, channel)) {
        throw new AppError({ kind: 'validation', code: 'UNKNOWN_CHANNEL', message: `Unknown channel "${channel}".` })
      }
      const name = channel as ChannelName
      // Bounded (depth, values) before zod or anything else walks what the peer sent.
      const { problem } = inspectPeerInput(rawInput)
      if (problem) throw peerInputError(name, problem)
      const parsed = channels[name].input.safeParse(rawInput)
      if (!parsed.success) {
        throw new AppError({
          kind: 'validation',
          code: 'INVALID_INPUT',
          message: `Invalid input for ${name}: ${describeIssues(parsed.error)}`,
          // At most 100: a long list of wrong items must not make an answer as large as the input.
          details: {
            issues: parsed.error.issues.slice(0, 100).map((i) => ({ path: i.path.map(String), message: i.message }))
          }
        })
      }
      const handler = handlers[name] as (input: unknown) => Promise<unknown>
      const result = await handler(parsed.data)
      if (checkOutputs) checkChannelOutput(name, result)
      return { ok: true, result }
    } catch (err) {
      return { ok: false, error: AppError.from(err).toData() }
    }
  }
}
