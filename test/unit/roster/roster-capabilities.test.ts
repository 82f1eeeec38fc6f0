import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { rosterKeys } from '../../../src/shared/roster/step-keys'

/** The keys a roster run may need that the token lacks, probed on the console (Run and Retry turn off for them). */
describe('roster.capabilities', () => {
  const app = useAppServices()

  it('names nothing with a full token, and every edit key with a view token', async () => {
    expect(rosterKeys).toEqual(['edit:credential', 'edit:user', 'edit:visitor'])
    expect(await app.call('roster.capabilities')).toEqual({ missingPermissions: [] })

    const demo = await app.services.connections.demoConsole()
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
