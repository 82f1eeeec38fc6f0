import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { endpoints } from '../../../src/shared/access/endpoints'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { settleWrite } from '../../../src/main/services/audit/settle-write'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'

/**
 * The Outcome filter's "Not done, refused or failed": one choice that finds every write that did not
 * go through, whatever became of it (Refused, Not sent, To check, Not done), and no write that did or
 * is still waiting for its answer.
 */
describe('the Outcome filter for every write that did not go through', () => {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined
  afterEach(async () => {
    await dir?.remove()
  })

  it('keeps refused, not sent, to check and not done rows; leaves out done and waiting ones', async () => {
    dir = await tempDir()
    const audit = new AuditService({ dir: dir.path, store: memoryStore(), activeConsole: async () => null })
    const hq = { name: 'HQ', url: 'https://10.1.1.1:12445' }
    const endpoint = endpoints.E17
    const lost = (code: string) =>
      new AppError({ kind: 'server', code, message: 'system error', details: { status: 500, endpoint: endpoint.id } })
    const fates: (AppError | 'ok' | 'pending')[] = [
      'ok',
      new AppError({
        kind: 'conflict',
        code: 'CODE_PARAMS_INVALID',
        message: 'refused',
        details: { status: 400, endpoint: endpoint.id, consoleMsg: 'bad params' }
      }),
      new AppError({
        kind: 'network',
        code: 'ECONNREFUSED',
        message: 'refused',
        details: { requestWritten: false, endpoint: endpoint.id }
      }),
      lost('CODE_SYSTEM_ERROR'),
      lost('CODE_SYSTEM_ERROR_2'),
      'pending'
    ]
    for (const [i, fate] of fates.entries()) {
      const answered = await audit.recorder(hq).before({ endpoint, body: { first_name: `V${i}` } })
      if (fate === 'ok') await answered!({ ok: true, result: { data: { id: `v-${i}` } } })
      else if (fate !== 'pending') await answered!({ ok: false, error: fate })
    }
    // The second lost answer read back and not found: Not done.
    await settleWrite(fates[4] as AppError, { done: false })
    const all = await audit.all()
    expect(all.map((r) => r.outcome).sort()).toEqual(['notDone', 'notSent', 'ok', 'pending', 'refused', 'unknown'])

    const kept = await audit.list({ filter: { outcome: 'notThrough' } })
    expect(kept.items.map((r) => r.outcome).sort()).toEqual(['notDone', 'notSent', 'refused', 'unknown'])
    expect(kept.total).toBe(4)
    // Each single outcome still finds only its own rows.
    expect((await audit.list({ filter: { outcome: 'refused' } })).items.map((r) => r.outcome)).toEqual(['refused'])
    await audit.close()
  })
})
