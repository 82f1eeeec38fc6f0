import { describe, expect, it, vi } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { control } from '../access/support'
import type { Visitor } from '../../../src/shared/access/visitors'

interface Held {
  id: string
  status: string
  pin_hash: string | null
}

/**
 * A PIN given from the Visitors screen: main reads the visitor again first, as an edit does. A PIN
 * another desk gave meanwhile is never replaced without the person saying so, and a visit cancelled
 * meanwhile gets no PIN. The other desk writes through the console's own API.
 */
describe('giving a visitor a PIN reads the visitor again first', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const otherDesk = async (method: string, path: string, body?: unknown) =>
    control(await app.services.connections.demoConsole(), method, path, body)
  const held = async (id: string) => (await demo.held<Held>('visitors')).find((v) => v.id === id)!

  let serial = 0
  async function visitor(): Promise<Visitor> {
    serial++
    const start = Math.floor(Date.now() / 1000) + 3600
    return app.call('visitors.create', {
      first_name: `Kai${serial}`,
      last_name: 'Nguyen',
      visit_reason: 'Business',
      start_time: start,
      end_time: start + 7200,
      week_schedule: null,
      resources: []
    })
  }

  it('another desk gave a PIN meanwhile: refused, naming it; theirs stays until the person chooses to replace it', async () => {
    const v = await visitor()
    await otherDesk('PUT', `/api/v1/developer/visitors/${v.id}/pin_codes`, { pin_code: '55501234' })
    const theirs = (await held(v.id)).pin_hash
    expect(theirs).toBeTruthy()

    await expect(app.call('visitors.assignNewPin', { id: v.id })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'PIN_HELD',
      message: expect.stringContaining('already has a PIN')
    })
    expect((await held(v.id)).pin_hash).toBe(theirs)

    const { pin } = await app.call('visitors.assignNewPin', { id: v.id, replace: true })
    expect((await held(v.id)).pin_hash).not.toBe(theirs)
    expect(pin).toMatch(/^\d+$/)
  })

  it('another desk gives a PIN while the new one is being made: refused too, theirs kept (screen and CLI)', async () => {
    const client = await app.services.connections.client()
    const generate = client.pinCodes.generate.bind(client.pinCodes)
    for (const [seen, theirPin] of [
      [{ hasPin: false, pinDigest: null }, '55507771'],
      // The CLI (no `seen`, no `replace`) read none held: told the same.
      [undefined, '55507772']
    ] as const) {
      const v = await visitor()
      let theirs: string | null = null
      // The other desk writes between main's read of the visitor and the PIN main sends.
      const spy = vi.spyOn(client.pinCodes, 'generate').mockImplementationOnce(async () => {
        await otherDesk('PUT', `/api/v1/developer/visitors/${v.id}/pin_codes`, { pin_code: theirPin })
        theirs = (await held(v.id)).pin_hash
        return generate()
      })
      try {
        await expect(app.call('visitors.assignNewPin', { id: v.id, ...(seen ? { seen } : {}) })).rejects.toMatchObject({
          kind: 'conflict',
          code: 'CHANGED_SINCE_SHOWN'
        })
      } finally {
        spy.mockRestore()
      }
      expect(theirs).toBeTruthy()
      expect((await held(v.id)).pin_hash).toBe(theirs)
    }
  })

  it('a visit cancelled meanwhile gets no PIN', async () => {
    const v = await visitor()
    await otherDesk('DELETE', `/api/v1/developer/visitors/${v.id}`)
    await expect(app.call('visitors.assignNewPin', { id: v.id, replace: true })).rejects.toMatchObject({
      code: 'VISIT_CANCELLED'
    })
    expect(await held(v.id)).toMatchObject({ status: 'CANCELLED', pin_hash: null })
  })
})
