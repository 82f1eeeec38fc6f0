import { describe, expect, it, onTestFinished } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { rosterKeys } from '../../../src/shared/roster/step-keys'
import { startDemo } from '../access/support'

/** The keys a roster run may need that the token lacks, probed on the console (Run and Retry turn off for them). */
describe('roster.capabilities', () => {
  const app = useAppServices()

  it('names nothing with a full token, and every edit key with a view token', async () => {
    expect(rosterKeys).toEqual(['edit:credential', 'edit:user', 'edit:visitor'])
    expect(await app.call('roster.capabilities')).toEqual({ missingPermissions: [] })

    // Another console (the built-in one saved again would be itself), with a view-only token.
    const other = await startDemo()
    onTestFinished(() => other.stop())
    const demo = other.console
    const cert = await app.services.connections.probe(demo.url)
    const view = await app.services.connections.save({
      name: 'Lobby view',
      url: demo.url,
      token: demo.tokens.view,
      fingerprint256: cert.fingerprint256
    })
    await app.services.connections.select(view.id)
    expect(await app.call('roster.capabilities')).toEqual({
      missingPermissions: ['edit:credential', 'edit:user', 'edit:visitor']
    })
  })
})
