import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConsoleReachCheck } from '../../../src/main/services/connections/console-reach'
import { checkToken } from '../../../src/main/services/connections/token-check'
import type { AccessClient } from '../../../src/main/services/access/client'
import type { ConsoleReach } from '../../../src/shared/connections'
import { keyProbes } from '../../../src/shared/access/permissions'
import { keysNow } from '../../../src/renderer/src/screens/settings/keys-now'
import { startDemo, type Demo } from '../access/support'

/**
 * Settings' key table and the connection state come from one truth (main's clock and main's missing
 * keys): a test's check carries when it was made, the state said after the token lost keys on the
 * console is later, and the table shown from both names the lost keys missing (keys-now.ts).
 */
describe('the token check and the connection state, one truth', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo?.stop())

  it('a check, then keys taken from the token on the console, then Check again: the table says them missing now', async () => {
    const said: ConsoleReach[] = []
    let client: AccessClient | undefined
    const reach: ConsoleReachCheck = new ConsoleReachCheck({
      active: async () => ({
        id: 'site',
        client: async () =>
          (client ??= demo.client('full', { onOutcome: reach.observe('site'), retry: { attempts: 1 } }))
      }),
      emit: (r) => said.push(r)
    })
    const before = Date.now()
    const tested = await checkToken(
      {
        url: demo.console.url,
        token: demo.console.tokens.full,
        pin: { fingerprint256: demo.console.fingerprint256, pems: [demo.console.certificatePem] }
      },
      'saved'
    )
    expect(tested.checkedAt).toBeGreaterThanOrEqual(before)
    expect(tested.checkedAt).toBeLessThanOrEqual(Date.now())
    expect(tested.permissions.find((p) => p.key === 'edit:credential')?.status).toBe('allowed')

    const viewKeys = Object.keys(keyProbes).filter((k) => k.startsWith('view:'))
    const put = await demo.control('PUT', '/__demo/scopes', { token: 'full', keys: viewKeys })
    expect(put.status).toBeLessThan(300)
    const now = await reach.check()
    expect(now).toMatchObject({ state: 'permissions' })
    expect(now?.missing).toContain('edit:credential')
    expect(now!.checkedAt).toBeGreaterThan(tested.checkedAt)

    const shown = keysNow(tested, now)
    expect(shown.differs).toBe(true)
    expect(shown.check.permissions.find((p) => p.key === 'edit:credential')).toMatchObject({
      status: 'missing',
      since: true
    })
    expect(shown.check.permissions.filter((p) => p.status === 'allowed').map((p) => p.key)).toEqual(
      expect.arrayContaining(viewKeys)
    )
  })
})
