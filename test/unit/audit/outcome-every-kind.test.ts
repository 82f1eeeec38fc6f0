import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { endpoints, type EndpointId } from '../../../src/shared/access/endpoints'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { writeKinds } from '../../../src/main/services/audit/write-kinds'
import { settleWrite } from '../../../src/main/services/audit/settle-write'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'

/**
 * Every kind of write's row follows the one lost-answer rule (access/lost-answer.ts callFate) for each
 * fate of its call: never sent → Not sent; answered with a refusal → Refused; answer lost → To check,
 * then Done or Not done once a read-back settles it. Never Refused for what the console did not refuse: a call the
 * desk itself refused before sending it (its own check of what was typed) never left the desk, and is
 * Not sent with the desk's reason.
 */
describe("an audit row's outcome is its call's fate, for every kind of write", () => {
  let dir: Awaited<ReturnType<typeof tempDir>> | undefined
  afterEach(async () => {
    await dir?.remove()
  })

  const hq = { name: 'HQ', url: 'https://10.1.1.1:12445' }
  const kinds = Object.entries(writeKinds).flatMap(([name, kind]) => (kind ? [name as EndpointId] : []))

  const fates = (endpoint: string) => ({
    refusedHere: new AppError({
      kind: 'validation',
      code: 'MISSING_PARAM',
      message: 'Missing id for /users/:id/nfc_cards.',
      details: { endpoint }
    }),
    notSent: new AppError({
      kind: 'network',
      code: 'ECONNREFUSED',
      message: 'refused',
      details: { requestWritten: false, endpoint }
    }),
    answered: new AppError({
      kind: 'conflict',
      code: 'CODE_CREDS_NFC_HAS_BIND_USER',
      message: 'taken',
      details: { status: 400, endpoint, consoleMsg: 'nfc card already bound' }
    }),
    cancelledAfterSent: new AppError({
      kind: 'cancelled',
      code: 'CANCELLED',
      message: 'answer lost (cancelled)',
      details: { requestWritten: true, endpoint }
    }),
    consoles500: new AppError({
      kind: 'server',
      code: 'CODE_SYSTEM_ERROR',
      message: 'system error',
      details: { status: 500, endpoint }
    })
  })

  it.each(kinds)('%s: not sent, refused, to check; a lost answer read back is done or not done', async (name) => {
    dir = await tempDir()
    const audit = new AuditService({ dir: dir.path, store: memoryStore(), activeConsole: async () => null })
    const endpoint = endpoints[name]
    const errors = fates(endpoint.id)
    const outcomes: Record<string, string> = {}
    for (const [fate, error] of Object.entries(errors)) {
      const answered = await audit.recorder(hq).before({ endpoint, params: {} })
      await answered!({ ok: false, error })
      outcomes[fate] = (await audit.all()).at(-1)!.outcome
    }
    // The console's refusal keeps its own words apart, for the screen to label them as the console's.
    expect((await audit.all()).find((r) => r.outcome === 'refused')?.consoleMsg).toBe('nfc card already bound')
    // The desk's reason is the row's, said as the desk's refusal, not the console's.
    const here = (await audit.all()).find((r) => r.code === 'MISSING_PARAM')
    expect(here).toMatchObject({ said: { key: 'refusedHere', reason: 'Missing id for /users/:id/nfc_cards.' } })
    expect(here?.message).toMatch(/^Not sent: this desk refused it before sending/)
    expect(here?.message).toContain('Missing id for /users/:id/nfc_cards.')
    expect(outcomes).toEqual({
      refusedHere: 'notSent',
      notSent: 'notSent',
      answered: 'refused',
      cancelledAfterSent: 'unknown',
      consoles500: 'unknown'
    })
    // The two lost answers read back: one found done, one not.
    await settleWrite(errors.cancelledAfterSent, { done: false })
    await settleWrite(errors.consoles500, { done: true })
    const rows = await audit.all()
    expect(rows.slice(-2).map((r) => r.outcome)).toEqual(['notDone', 'ok'])
    await audit.close()
  })
})
