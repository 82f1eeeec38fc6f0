import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { control } from '../access/support'

interface HeldPass {
  id: string
  card_name: string
  status: string
  bundles: unknown[]
}

/**
 * A Touch Pass renamed on its details while the console's own API (another desk) writes the same
 * pass: the console's pass afterwards, and the audit line of the rename.
 */
describe('Touch Pass name: sent only when changed, a clash with the console is a conflict', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const otherDesk = async (id: string, body: unknown) =>
    control(
      await app.services.connections.demoConsole(),
      'PUT',
      `/api/v1/developer/credentials/touch_passes/${id}`,
      body
    )
  const held = async (id: string) => (await demo.held<HeldPass>('touchPasses')).find((p) => p.id === id)!

  let used = 0
  /** An active pass, and its details opened on it. */
  async function opened(): Promise<HeldPass> {
    const pass = (await demo.held<HeldPass>('touchPasses')).filter((p) => p.status === 'ACTIVE')[used++]!
    return app.call('touchPasses.get', { id: pass.id })
  }

  it('the name written here keeps the suspension another desk made meanwhile; the audit line is the name', async () => {
    const pass = await opened()
    await otherDesk(pass.id, { status: 'SUSPENDED' })

    const answer = await app.call('touchPasses.rename', {
      id: pass.id,
      edit: { base: { card_name: pass.card_name }, changes: { card_name: 'Front desk spare' } }
    })
    expect(answer).toMatchObject({ outcome: 'saved', sent: ['card_name'], record: { card_name: 'Front desk spare' } })
    expect(await held(pass.id)).toMatchObject({ card_name: 'Front desk spare', status: 'SUSPENDED' })
    const rows = (await app.services.audit.all()).filter((r) => r.endpoint?.id === 'E12' && r.target.id === pass.id)
    // The name read just before the write, then the new one.
    const old = pass.card_name ? `"${pass.card_name}"` : '(none)'
    expect(rows.map((r) => r.detail)).toEqual([`renamed ${old} → "Front desk spare"`])
  })

  it('a name changed on the console since the details opened is a conflict: nothing is written until chosen', async () => {
    const pass = await opened()
    await otherDesk(pass.id, { card_name: 'Reception iPad' })
    const before = (await app.services.audit.all()).length

    const mine = { base: { card_name: pass.card_name }, changes: { card_name: 'Front desk spare 2' } }
    expect(await app.call('touchPasses.rename', { id: pass.id, edit: mine })).toEqual({
      outcome: 'conflicts',
      conflicts: [{ field: 'card_name', yours: 'Front desk spare 2', theirs: 'Reception iPad' }]
    })
    expect((await held(pass.id)).card_name).toBe('Reception iPad')
    expect(await app.services.audit.all()).toHaveLength(before)

    // "Keep the console's": the field is kept as read (never written), and nothing at all is sent.
    const kept = {
      base: { card_name: 'Reception iPad' },
      changes: { card_name: 'Front desk spare 2' },
      keep: ['card_name']
    }
    expect(await app.call('touchPasses.rename', { id: pass.id, edit: kept })).toMatchObject({
      outcome: 'saved',
      sent: []
    })
    expect((await held(pass.id)).card_name).toBe('Reception iPad')
    expect(await app.services.audit.all()).toHaveLength(before)
  })
})
