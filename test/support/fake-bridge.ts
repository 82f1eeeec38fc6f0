import { buildApi, type BridgeApi } from '../../src/preload/api'
import type { Envelope } from '../../src/shared/ipc/define'
import type { ChannelName } from '../../src/shared/ipc/contract'

/**
 * A bridge for component tests: the main process is outside the renderer under test, so its
 * answers are scripted here, per channel, in the exact envelope shape the real transports carry.
 */
export function scriptedBridge(
  answers: Partial<Record<ChannelName, (input: unknown) => Envelope | Promise<Envelope>>>
) {
  const calls: [ChannelName, unknown][] = []
  const bridge: BridgeApi = buildApi(
    async (channel, input) => {
      calls.push([channel, input])
      const answer = answers[channel]
      if (!answer) return { ok: false, error: { kind: 'server', message: `unscripted ${channel}`, retryable: false } }
      return answer(input)
    },
    () => () => undefined
  )
  return { bridge, calls }
}
