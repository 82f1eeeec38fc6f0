import type { ApiOf, BridgeApi } from '../../../preload/api'
import { AppError } from '../../../shared/errors'
import type { Envelope } from '../../../shared/ipc/define'

declare global {
  interface Window {
    api?: BridgeApi
  }
}

/** `window.api` with envelopes unwrapped: a failure is thrown as an AppError with kind and hint. */
export type Api = ApiOf<'value'> & { on: BridgeApi['on'] }

function unwrap(bridge: BridgeApi): Api {
  const api: Record<string, unknown> = { on: bridge.on }
  for (const [ns, methods] of Object.entries(bridge)) {
    if (ns === 'on' || typeof methods !== 'object') continue
    const wrapped: Record<string, (input?: unknown) => Promise<unknown>> = {}
    for (const [method, fn] of Object.entries(methods as Record<string, (i?: unknown) => Promise<Envelope>>)) {
      wrapped[method] = async (input?: unknown) => {
        const envelope = await fn(input)
        if (envelope.ok) return envelope.result
        throw AppError.fromData(envelope.error)
      }
    }
    api[ns] = wrapped
  }
  return api as Api
}

let cached: Api | undefined

export function getApi(): Api {
  if (cached) return cached
  if (!window.api) {
    throw new AppError({
      kind: 'server',
      message: 'The app bridge is missing.',
      hint: 'Open Access Desk from the app or from the address `npm run web` printed.'
    })
  }
  cached = unwrap(window.api)
  return cached
}

/** For component tests: install a bridge built over a test transport. */
export function setApiForTests(bridge: BridgeApi): void {
  cached = unwrap(bridge)
}
