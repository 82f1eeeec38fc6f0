import { onTestFinished } from 'vitest'
import type { AppHarness } from './app-services'
import { startDemo } from '../unit/access/support'

/**
 * Console B for a test of what belongs to one console: a demo console of its own (its own certificate),
 * saved as "Lobby desk" and made active; stopped when the test ends. Its profile id, and the console to
 * stop earlier (a B that does not answer).
 */
export async function activeSecondConsole(app: AppHarness): Promise<{ id: string; stop: () => Promise<void> }> {
  const other = await startDemo()
  onTestFinished(() => other.stop())
  const cert = await app.services.connections.probe(other.console.url)
  const lobby = await app.services.connections.save({
    name: 'Lobby desk',
    url: other.console.url,
    token: other.console.tokens.full,
    fingerprint256: cert.fingerprint256
  })
  await app.services.connections.select(lobby.id)
  return { id: lobby.id, stop: () => other.stop() }
}
