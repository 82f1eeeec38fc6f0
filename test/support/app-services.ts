import { afterAll, beforeAll } from 'vitest'
import { startDemoConsole } from '../../src/demo-console/server'
import { createHandlers } from '../../src/main/handlers'
import type { AppServices } from '../../src/main/services/app-services'
import { createDispatch, type Dispatch } from '../../src/main/services/ipc/dispatch'
import { createNodeServices } from '../../src/main/services/node-app'
import { tempDir } from './temp'

export interface AppHarness {
  /** The services graph of one process on a fresh data dir, with the built-in demo console. */
  readonly services: AppServices
  /** Every event main sent, in order. */
  readonly events: { event: string; payload: unknown }[]
  /** A channel through the real dispatch (zod on the input); a refused call throws the error model. */
  call(channel: string, input?: unknown): Promise<any> // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Registers, in the calling describe, one app on a fresh data dir for the file, closed after it. */
export function useAppServices(): AppHarness {
  let data: Awaited<ReturnType<typeof tempDir>> | undefined
  let services: AppServices | undefined
  let dispatch: Dispatch | undefined
  const events: AppHarness['events'] = []

  beforeAll(async () => {
    data = await tempDir()
    services = await createNodeServices({ dataDir: data.path, transport: 'test', startDemoConsole })
    services.events.subscribe((event, payload) => events.push({ event, payload }))
    dispatch = createDispatch(createHandlers(services))
  })
  afterAll(async () => {
    await services?.close()
    await data?.remove()
  })

  return {
    get services() {
      if (!services) throw new Error('useAppServices: the app starts in beforeAll')
      return services
    },
    events,
    async call(channel, input) {
      const envelope = await dispatch!(channel, input)
      if (!envelope.ok) throw Object.assign(new Error(envelope.error.message), envelope.error)
      return envelope.result
    }
  }
}
