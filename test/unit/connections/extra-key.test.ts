import { afterEach, describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { control } from '../access/support'
import { verdictOf } from '../../../src/main/services/connections/call-verdict'
import { AppError } from '../../../src/shared/errors'
import { extraKeys } from '../../../src/shared/access/permissions'
import type { ConsoleReach } from '../../../src/shared/connections'

const everyKey = [
  'view:credential',
  'edit:credential',
  'view:user',
  'edit:user',
  'view:visitor',
  'edit:visitor'
].concat(['view:space', 'edit:space', 'view:device', 'edit:device'])

/**
 * A token without view:device (a reception desk's token, say). The key turns on an extra — Today's
 * live updates, the console's notifications socket — and a job — listing the readers to enroll cards
 * (Enroll, the roster's enrollment line). Today opening its socket without the key is that extra off:
 * Today reads the list every 15 s and says which key would turn live updates on, and the socket's
 * refusal changes nothing in the sidebar. The key is a job's, so the token check (Check again, as
 * Settings' Test connection) names it missing in the sidebar as Settings' list does: one list of missing
 * keys. A walk found Settings showing view:device Missing while the sidebar left it out.
 */
describe('a key that only turns on an extra is not the connection’s missing permission', () => {
  const app = useAppServices()
  const demo = () => app.services.connections.demoConsole()
  const said = () => app.events.filter((e) => e.event === 'connections.reach').map((e) => e.payload as ConsoleReach)
  afterEach(async () => {
    await app.call('today.unwatch')
    await control(await demo(), 'PUT', '/__demo/scopes', { token: 'full', keys: everyKey })
  })

  it('Today without view:device: polling, says the key for live updates; its socket changes nothing in the sidebar, the jobs work', async () => {
    await control(await demo(), 'PUT', '/__demo/scopes', {
      token: 'full',
      keys: everyKey.filter((k) => k !== 'view:device')
    })
    // Nothing checked yet: a call of a desk's job answers, Connected.
    await app.call('visitors.list', {})
    expect(said().at(-1)).toMatchObject({ state: 'reachable' })

    const source = await app.call('today.watch')
    expect(source).toMatchObject({ kind: 'polling', everySeconds: 15 })
    expect(source.reason).toMatch(/lacks view:device/)
    expect(source.reason).toMatch(/live updates/)

    expect(said().at(-1)).toMatchObject({ state: 'reachable' })
    // The desk's jobs: a visitor list and Today's list answer.
    await app.call('visitors.list', {})
    await app.call('today.list')
    expect(said().at(-1)).toMatchObject({ state: 'reachable' })
  })

  it('a job that needs view:device (the readers to enroll with) refused: Missing permissions naming it', async () => {
    await control(await demo(), 'PUT', '/__demo/scopes', {
      token: 'full',
      keys: everyKey.filter((k) => k !== 'view:device')
    })
    await expect(app.call('sites.devices')).rejects.toMatchObject({ kind: 'permission' })
    expect(said().at(-1)).toMatchObject({ state: 'permissions', missing: ['view:device'] })
  })

  it('the token check names view:device missing in the sidebar as Settings’ Test connection lists it: one list', async () => {
    // From Connected with every key (nothing refused before).
    expect(await app.call('connections.reach', { recheck: true })).toMatchObject({ state: 'reachable' })
    await control(await demo(), 'PUT', '/__demo/scopes', {
      token: 'full',
      keys: everyKey.filter((k) => k !== 'view:device')
    })
    // Settings' Test connection lists view:device missing; the sidebar names the same list (Enroll
    // cannot list its readers without it), and so does the state any screen asks for.
    const { activeId } = await app.call('connections.list')
    const tested = await app.call('connections.test', { id: activeId })
    const settingsMissing = tested.permissions.filter((p: { status: string }) => p.status === 'missing')
    expect(settingsMissing.map((p: { key: string }) => p.key)).toEqual(['view:device'])
    expect(said().at(-1)).toMatchObject({ state: 'permissions', missing: ['view:device'] })
    expect(await app.call('connections.reach')).toMatchObject({ state: 'permissions', missing: ['view:device'] })
  })

  it('the socket is declared an extra in the permission module, and classified by that', () => {
    expect(extraKeys.today.liveUpdates).toBe('view:device')
    const refused = new AppError({
      kind: 'permission',
      code: 'HTTP_403',
      message: 'The console refused the notifications socket.',
      details: { status: 403, permission: 'view:device' }
    })
    // The console answered and took the token: an answer, proving no key.
    expect(verdictOf({ permission: 'view:device', extra: true, error: refused })).toEqual({ kind: 'answered' })
    expect(verdictOf({ permission: 'view:device', error: refused })).toMatchObject({
      kind: 'missing',
      key: 'view:device'
    })
  })
})
