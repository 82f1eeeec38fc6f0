import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { control, startDemo } from '../access/support'
import { RosterJournal } from '../../../src/main/services/roster/roster-journal'

/**
 * A roster belongs to the console it was planned on (its people were matched there), as an import
 * batch belongs to the console it was uploaded to (shared/console-owner.ts). A fresh walk planned a
 * roster on one console, switched to another, and "Run" sent it there. Here the second console is
 * another demo console with a full token: only main's refusal keeps the write away.
 */
describe('a roster planned on one console, on another', () => {
  const app = useAppServices()

  it('remembers its console from the plan; run, retry, line and plan changes are refused on another; nothing is written', async () => {
    const demo = await app.services.connections.demoConsole()
    const { activeId: home } = await app.call('connections.list')
    const pia = (
      await control<{ data: { id: string } }>(demo, 'POST', '/__demo/users', {
        first_name: 'Pia',
        last_name: 'Elsewhere',
        email: 'pia.elsewhere@example.com'
      })
    ).body.data.id
    const csv = 'Name,Email,PIN\r\nPia Elsewhere,pia.elsewhere@example.com,yes\r\n'
    const opened = await app.call('roster.open', {
      fileName: 'roster-de.csv',
      data: Buffer.from(csv).toString('base64')
    })
    const id: string = opened.summary.id
    const mapping = { fullName: 0, email: 1, pin: 2 }
    const options = { cards: 'none', batchId: null, pin: 'column', touchPass: 'none' }
    const plan = await app.call('roster.plan', { id, mapping, options })
    expect(plan.totals.ready).toBe(1)

    // The plan bound it: the journal remembers the console, read again from disk.
    const bound = { profileId: home, name: 'Demo console' }
    expect((await app.call('roster.get', { id })).summary.console).toEqual(bound)
    expect((await new RosterJournal(join(app.services.dataDir, 'rosters')).get(id)).model.console).toEqual(bound)

    // Another console becomes active (its own certificate, a full token).
    const other = await startDemo()
    onTestFinished(() => other.stop())
    const annex = other.console
    const cert = await app.services.connections.probe(annex.url)
    const lobby = await app.services.connections.save({
      name: 'Lobby desk',
      url: annex.url,
      token: annex.tokens.full,
      fingerprint256: cert.fingerprint256
    })
    await app.services.connections.select(lobby.id)
    const before = await control<unknown>(demo, 'GET', '/__demo/state/users')
    const beforeThere = await control<unknown>(annex, 'GET', '/__demo/state/users')

    for (const [channel, input] of [
      ['roster.run', { id }],
      ['roster.retryFailed', { id }],
      ['roster.lineStart', { id, deviceId: 'any-reader' }],
      ['roster.lineSkip', { id }],
      ['roster.lineUndo', { id }],
      ['roster.plan', { id, mapping, options }],
      ['roster.decide', { id, rowId: 'r2', kind: 'has-pin', decision: 'go-ahead' }],
      ['roster.resolve', { id, rowId: 'r2', person: null }]
    ] as const) {
      await expect(app.call(channel, input), channel).rejects.toMatchObject({
        code: 'ROSTER_OF_OTHER_CONSOLE',
        message: 'This roster was planned on Demo console, not on Lobby desk.',
        hint: 'Switch to Demo console to continue it. For Lobby desk, open the roster file again.'
      })
    }
    // Read there, it is still the first console's, with its plan as made there.
    const seen = await app.call('roster.get', { id })
    expect(seen.summary.console).toEqual(bound)
    expect(seen.summary.phase).toBe('planned')
    // Neither console received a write.
    expect((await control<unknown>(demo, 'GET', '/__demo/state/users')).body).toEqual(before.body)
    expect((await control<unknown>(annex, 'GET', '/__demo/state/users')).body).toEqual(beforeThere.body)

    // Back on its console, it runs there.
    await app.services.connections.select(home)
    expect(await app.call('roster.run', { id })).toEqual({ started: true })
    await app.services.rosters.idle(id)
    await expect((await app.services.connections.client()).users.get(pia)).resolves.toMatchObject({
      pin_code: expect.anything()
    })
    const after = await app.call('roster.get', { id })
    expect(after.outcomes).toMatchObject([{ rowId: 'r2', state: 'done', pinAssigned: true }])
  })
})
