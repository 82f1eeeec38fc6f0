import type { AppHarness } from './app-services'
import { control } from '../unit/access/support'

/**
 * The demo console behind an app harness, through its control API: faults on and off, and what the
 * console holds (`GET /__demo/state/<resource>`), for tests that assert a write's effect there.
 */
export function demoControl(app: AppHarness) {
  const demo = () => app.services.connections.demoConsole()
  const call = async <T>(method: string, path: string, body?: unknown) =>
    (await control<{ data: T }>(await demo(), method, path, body)).body.data
  return {
    faults: (faults: unknown) => call('PUT', '/__demo/faults', faults),
    clearFaults: () => call('DELETE', '/__demo/faults'),
    variants: (variants: Record<string, string>) => call('PUT', '/__demo/variants', variants),
    held: <T = Record<string, unknown>>(resource: 'users' | 'visitors' | 'cards' | 'touchPasses') =>
      call<T[]>('GET', `/__demo/state/${resource}`),
    /** Time passing: a visit's window set as given (an end already past included), its status left alone. */
    visitWindow: (id: string, window: { start_time?: number; end_time?: number }) =>
      call('PUT', `/__demo/visitors/${id}/window`, window),
    addUser: (user: { first_name: string; last_name?: string; email?: string }) =>
      call<{ id: string }>('POST', '/__demo/users', user)
  }
}
