import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { errorFromTransport } from '../../../src/main/services/access/errors'
import { adviseLostWrite } from '../../../src/main/services/access/lost-answer'
import { endpoints } from '../../../src/shared/access/endpoints'
import { AppError } from '../../../src/shared/errors'
import type { Language } from '../../../src/shared/i18n/locales'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'

const hq = { name: 'HQ', url: 'https://10.1.1.1:12445' }

/**
 * A desk finds a failed write by the words its Audit screen shows for it, in the desk's language: the
 * failure's sentence ("nicht erreichbar"), its code in words ("Verbindung abgelehnt", "Antwort verloren"),
 * as well as by the code itself (and by main's English, on every desk).
 */
describe('the Audit search finds a failed write by the words the desk reads on it', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let audit: AuditService

  beforeEach(async () => {
    dir = await tempDir()
    audit = new AuditService({ dir: dir.path, store: memoryStore(), activeConsole: async () => hq })
    const endpoint = endpoints.E7
    const refused = errorFromTransport(endpoint, hq.url, Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))
    const notSent = new AppError({ ...refused.toData(), details: { ...refused.details, requestWritten: false } })
    const timedOut = errorFromTransport(endpoint, hq.url, Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }))
    const lost = adviseLostWrite(
      new AppError({ ...timedOut.toData(), details: { ...timedOut.details, requestWritten: true } }),
      endpoint
    )
    for (const [token, error] of [
      ['tok-refused', notSent],
      ['tok-lost', lost]
    ] as const) {
      const answered = await audit.recorder(hq).before({ endpoint, params: { token } })
      await answered!({ ok: false, error })
    }
  })
  afterEach(async () => {
    await audit.close()
    await dir.remove()
  })

  const found = async (text: string, language: Language) =>
    (await audit.list({ filter: { text, language } })).items.map((row) => row.target.id).sort()

  it.each([
    ['de', 'nicht erreichbar', ['tok-refused']],
    ['de', 'Verbindung abgelehnt', ['tok-refused']],
    ['de', 'Antwort verloren', ['tok-lost']],
    ['fr', 'impossible de joindre', ['tok-refused']],
    ['fr', 'connexion refusée', ['tok-refused']],
    ['es', 'conexión rechazada', ['tok-refused']]
  ] as const)('a %s desk finds “%s”', async (language, text, ids) => {
    expect(await found(text, language)).toEqual(ids)
  })

  it('finds the same rows by their codes in every language', async () => {
    const rows = await audit.all()
    expect(rows.map((row) => row.code)).toEqual([expect.any(String), expect.any(String)])
    for (const language of ['en', 'de', 'fr', 'es'] as const)
      for (const row of rows) expect(await found(row.code!, language)).toEqual([row.target.id])
  })
})
