import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, within } from '@testing-library/svelte'
import { z } from 'zod'
import { AccessHttp, type WriteAnswer } from '../../../src/main/services/access/http'
import { outcomeOf } from '../../../src/main/services/audit/write-outcome'
import { endpoints } from '../../../src/shared/access/endpoints'
import { AppError } from '../../../src/shared/errors'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { errorWords } from '../../../src/renderer/src/lib/i18n/error-words.svelte'
import { auditRow, renderAudit } from './audit-screen-fixture'

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

/**
 * A call this desk's own check refused before sending it (a path without the id it needs): main keeps
 * the reason as facts, and the desk says it in its language, on the Audit row and on the screen that
 * asked — never main's English sentence.
 */
async function refusedHere(): Promise<{ error: AppError; answer: WriteAnswer }> {
  const answers: WriteAnswer[] = []
  const http = new AccessHttp({
    baseUrl: 'https://127.0.0.1:9',
    token: 'token',
    pin: { fingerprint256: 'AA', pems: [] },
    onWrite: { before: () => Promise.resolve((answer) => Promise.resolve(void answers.push(answer))) }
  })
  const error = await http
    .request({ endpoint: endpoints.E8, params: {}, body: { alias: 'Lobby' }, data: z.unknown() })
    .then(
      () => undefined,
      (e: unknown) => AppError.from(e)
    )
  expect(error?.code).toBe('MISSING_PARAM')
  return { error: error!, answer: answers[0]! }
}

const ENGLISH = /Missing|for \/credentials/

describe('a call the desk refused before sending it, in the desk’s language', () => {
  it('German Audit row: Not sent, with the reason in German from its facts', async () => {
    const { answer } = await refusedHere()
    const end = outcomeOf(answer)
    deskLanguage.choose('de')
    renderAudit([
      auditRow('h-1', {
        action: 'update',
        endpoint: { id: 'E8', title: 'Update NFC card' },
        target: { kind: 'NFC card' },
        outcome: 'notSent',
        ...(end.code ? { code: end.code } : {}),
        ...(end.said ? { said: end.said } : {}),
        message: 'Not sent: this desk refused it before sending it.'
      })
    ])
    const table = await screen.findByTestId('audit-table')
    await expect.poll(() => within(table).queryByText('Nicht gesendet')).not.toBeNull()
    const message = within(table).getByTestId('audit-message')
    await expect.poll(() => message.textContent).toContain('token')
    expect(message.textContent).toContain('Nicht gesendet: Dieser Empfang hat es vor dem Senden abgelehnt')
    expect(message.textContent).not.toMatch(ENGLISH)
    expect(message.textContent).not.toContain('auf Englisch aufgezeichnet')
  })

  it('the screen that asked: the error in French, Spanish and German, not main’s English', async () => {
    const { error } = await refusedHere()
    for (const language of ['de', 'fr', 'es'] as const) {
      await deskLanguage.choose(language)
      await expect.poll(() => errorWords(error.toData()).english).toBeUndefined()
      const words = errorWords(error.toData())
      expect(words.message, language).not.toMatch(ENGLISH)
      expect(words.message, language).toContain('token')
    }
  })
})
