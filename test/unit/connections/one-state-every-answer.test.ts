import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConsoleReachCheck } from '../../../src/main/services/connections/console-reach'
import { probeEditPermission } from '../../../src/main/services/access/permission-probe'
import { checkToken } from '../../../src/main/services/connections/token-check'
import type { AccessClient } from '../../../src/main/services/access/client'
import type { ConsoleReach } from '../../../src/shared/connections'
import { extraOnlyKeys, keyProbes } from '../../../src/shared/access/permissions'
import { startDemo, type Demo } from '../access/support'

const everyKey = Object.keys(keyProbes).sort()
/** The keys the sidebar names when all are missing: an extra's key (Today's live updates) is said where the extra is. */
const extras: readonly string[] = extraOnlyKeys
const jobKeys = everyKey.filter((k) => !extras.includes(k))

/**
 * The connection state of one console (issue 31, mechanism 2) driven by the demo console's faults and
 * scopes: the sidebar's words follow the latest classified answer of every call, and Check again
 * probes and classifies as Settings' Test connection does.
 */
describe('one connection state, fed by every answer', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo?.stop())

  /** A check whose client is observed like the app's (every call of it feeds the state). */
  function watched(token: 'full' | 'view' | 'none' = 'full') {
    const said: ConsoleReach[] = []
    let client: AccessClient | undefined
    const check: ConsoleReachCheck = new ConsoleReachCheck({
      active: async () => ({
        id: 'site',
        client: async () =>
          (client ??= demo.client(token, { onOutcome: check.observe('site'), retry: { attempts: 1 } }))
      }),
      emit: (reach) => said.push(reach)
    })
    const words = () => said.map((r) => (r.missing ? `${r.state}:${r.missing.join('+')}` : r.state))
    const last = () => said[said.length - 1]
    return { check, said, words, last, client: async () => await (await check['deps'].active())!.client() }
  }

  async function scopes(token: 'full' | 'view' | 'none', keys: string[]): Promise<void> {
    expect((await demo.control('PUT', '/__demo/scopes', { token, keys })).status).toBeLessThan(300)
  }

  it('Check again under a token with no keys names every missing key, as Test connection does', async () => {
    const { check, last } = watched('none')
    const reach = await check.check()
    const tested = await checkToken(
      {
        url: demo.console.url,
        token: demo.console.tokens.none,
        pin: { fingerprint256: demo.console.fingerprint256, pems: [demo.console.certificatePem] }
      },
      'saved'
    )
    const testedMissing = tested.permissions.filter((p) => p.status === 'missing').map((p) => p.key)
    expect(testedMissing.sort()).toEqual(everyKey)
    expect(reach).toMatchObject({ state: 'permissions', missing: jobKeys })
    expect(last()?.message).toContain(jobKeys.join(', '))
  })

  it('403 to everything, then keys back with 500 to everything, then faults cleared: Connected at the first answer', async () => {
    await scopes('view', [])
    try {
      const { check, client, words, last } = watched('view')
      const c = await client()
      // 403 phase: a screen's calls, then Check again.
      await expect(c.users.list({ page: 1, pageSize: 1 })).rejects.toThrow()
      await check.check()
      expect(last()).toMatchObject({ state: 'permissions', missing: jobKeys })

      // Keys restored, but the console answers 500 to everything: Answering with errors; Check again can tell no key.
      await scopes('view', everyKey)
      await demo.control('PUT', '/__demo/faults', { errorRate: { '*': 1 } })
      await check.check()
      await expect(c.users.list({ page: 1, pageSize: 1 })).rejects.toThrow()
      expect(last()?.state).toBe('trouble')

      // Faults cleared: the first successful call says Connected, not the keys the 500s could not tell.
      await demo.control('DELETE', '/__demo/faults')
      await c.nfcCards.list({ page: 1, pageSize: 1 })
      expect(last()).toMatchObject({ state: 'reachable' })
      expect(words().at(-1)).toBe('reachable')
    } finally {
      await demo.control('DELETE', '/__demo/faults')
      await scopes('view', everyKey)
    }
  })

  it('a 403 of one key, then the key added on the console: the next answer of a call needing it forgets the 403', async () => {
    await scopes(
      'view',
      everyKey.filter((k) => k !== 'view:user')
    )
    try {
      const { check, client, last } = watched('view')
      const c = await client()
      await expect(c.users.list({ page: 1, pageSize: 1 })).rejects.toThrow()
      expect(last()).toMatchObject({ state: 'permissions', missing: ['view:user'] })
      // The refusal started a check of every key (shared here): view:user is the only one gone.
      await check.check()
      expect(last()).toMatchObject({ state: 'permissions', missing: ['view:user'] })
      await scopes('view', everyKey)
      await c.users.list({ page: 1, pageSize: 1 })
      expect(last()?.state).toBe('reachable')
    } finally {
      await scopes('view', everyKey)
    }
  })

  it('a 403 says the token changed: the state re-probes every key, not only the one the refusal named', async () => {
    const gone = ['edit:credential', 'edit:user', 'edit:visitor']
    const { check, client, last } = watched('full')
    await check.check()
    expect(last()?.state).toBe('reachable')
    await scopes(
      'full',
      everyKey.filter((k) => !gone.includes(k))
    )
    try {
      const c = await client()
      const [card] = (await c.nfcCards.list({ page: 1, pageSize: 1 })).items
      // The console names one key (the call's); the token lost three.
      await expect(c.nfcCards.update(card!.token, { alias: 'Lobby spare' })).rejects.toThrow(/edit:credential/)
      await expect.poll(() => last()?.missing).toEqual(gone)
      expect(last()?.state).toBe('permissions')
      // Nothing was written: the console holds the card's alias as it was.
      const held = await demo.control<{ data: { token: string; alias?: string }[] }>('GET', '/__demo/state/cards')
      expect(held.body.data.find((h) => h.token === card!.token)?.alias).not.toBe('Lobby spare')
    } finally {
      await scopes('full', everyKey)
    }
  })

  it("a screen's button probe finding a key gone (Cards' Refresh) re-probes every key, as a refused write does", async () => {
    const gone = ['edit:credential', 'edit:user', 'edit:visitor']
    const { check, client, last } = watched('full')
    await check.check()
    expect(last()?.state).toBe('reachable')
    await scopes(
      'full',
      everyKey.filter((k) => !gone.includes(k))
    )
    try {
      const c = await client()
      // What Cards asks for its buttons on Refresh: its two keys only, no write, no refusal of a person's call.
      expect(await probeEditPermission(c, 'edit:credential')).toMatchObject({ canEdit: false })
      expect(await probeEditPermission(c, 'edit:user')).toMatchObject({ canEdit: false })
      // The token lost three keys: the sidebar names all three, not the two Cards asked about.
      await expect.poll(() => last()?.missing).toEqual(gone)
      expect(last()?.message).toContain('edit:visitor')
    } finally {
      await scopes('full', everyKey)
    }
  })

  it('a write carried out whose answer is lost ends alike, cut or 502: main asks again at once, and the answer ends it', async () => {
    const { check, client, words, last } = watched('full')
    await check.check()
    const c = await client()
    try {
      for (const afterCommit of [{ reset: 1 }, { status502: 1 }]) {
        await demo.control('PUT', '/__demo/faults', {
          afterCommit: { ...afterCommit, paths: ['POST /credentials/nfc_cards/import'] }
        })
        const before = words().length
        await expect(c.nfcCards.importCsv('04AABBCCDD1122,,\n')).rejects.toThrow()
        // No other call from the screens: the check that the lost answer started tells it answers.
        await expect.poll(() => last()?.state, { message: JSON.stringify(afterCommit) }).toBe('reachable')
        expect(words().slice(before)).toHaveLength(2)
      }
      // A console truly not answering is Not answering.
      await demo.control('PUT', '/__demo/faults', { resetRate: 1 })
      await expect(c.nfcCards.list({ page: 1, pageSize: 1 })).rejects.toThrow()
      await check.check()
      expect(last()?.state).toBe('unreachable')
      // Back: the first answer ends it at once.
      await demo.control('DELETE', '/__demo/faults')
      await c.nfcCards.list({ page: 1, pageSize: 1 })
      expect(last()?.state).toBe('reachable')
    } finally {
      await demo.control('DELETE', '/__demo/faults')
    }
  })
})
