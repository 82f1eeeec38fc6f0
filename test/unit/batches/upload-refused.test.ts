import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { endpoints } from '../../../src/shared/access/endpoints'
import { errorFromResponse } from '../../../src/main/services/access/errors'
import type { AccessClient } from '../../../src/main/services/access/client'
import { startDemo, type Demo } from '../access/support'
import { uniqueHex, uploadHarness, type UploadHarness } from './upload-harness'
import type { AppError } from '../../../src/shared/errors'
import type { RowReason } from '../../../src/shared/batches/row-reason'
import { sayError } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'
import errorsDe from '../../../src/shared/i18n/messages/errors/de.json'

/**
 * A request the console refused whole (token, permission, version, rate limit, invalid request)
 * imported nothing: its rows are not sent (pending) and failed rows stay failed, with the console's
 * reason, and a later upload sends them. Against the demo console over real HTTPS.
 */
describe('upload refused whole by the console', () => {
  let demo: Demo
  let old: Demo
  let h: UploadHarness

  beforeAll(async () => {
    ;[demo, old] = await Promise.all([startDemo(), startDemo({ version: '3.3.9' })])
  })
  afterAll(async () => {
    await Promise.all([demo?.stop(), old?.stop()])
  })
  beforeEach(async () => {
    h = await uploadHarness(demo)
  })
  afterEach(async () => {
    await h.close()
  })

  /** A client whose import the console answers 400 CODE_PARAMS_INVALID (the demo console never does). */
  const invalidRequest = (): AccessClient => {
    const client = demo.client()
    client.nfcCards.importCsv = async () => {
      throw errorFromResponse(endpoints.E16, 400, { code: 'CODE_PARAMS_INVALID', msg: 'file: bad encoding' })
    }
    return client
  }

  const cases: {
    kind: string
    refuse: () => Promise<AccessClient | undefined>
    message: string
    hint: string
    /** The error's code, where the case is about it (a 429 is RATE_LIMITED whatever the body says). */
    code?: string
    /** The new row's reason, where it is not the error's message: the console's own words, as the console's. */
    rowReason?: string
  }[] = [
    {
      kind: 'auth',
      refuse: async () => demo.client('not-a-token'),
      message: 'The console refused the API token (Import third-party NFC cards (E16)).',
      hint: 'Check the token in Settings → Connections.'
    },
    {
      kind: 'permission',
      refuse: async () => demo.client('view'),
      message: 'The API token lacks the permission `edit:credential` needed for Import third-party NFC cards (E16).',
      hint: 'Add `edit:credential` to the token'
    },
    {
      kind: 'unsupported',
      refuse: async () => old.client(),
      message: 'This console does not offer Import third-party NFC cards (E16). It needs UniFi Access 3.3.10 or newer.',
      hint: 'Update the Access application on the console.'
    },
    {
      kind: 'rate-limited',
      refuse: async () => {
        await demo.control('PUT', '/__demo/faults', { rateLimit: { requests: 0, retryAfterSeconds: 60 } })
        return undefined
      },
      message: 'The console is busy (too many requests): try again in a minute.',
      hint: 'Wait 60 s and try again.',
      code: 'RATE_LIMITED'
    },
    {
      kind: 'validation',
      refuse: async () => invalidRequest(),
      message: 'The console rejected the request as invalid. The console says: “file: bad encoding”.',
      hint: 'Fix the cause and upload again; imported rows will not be sent again.',
      rowReason:
        'The console refused this part of the upload, so this card was not imported. The console said: “file: bad encoding”. Fix the cause and upload again.'
    }
  ]

  for (const c of cases) {
    it(`${c.kind}: nothing imported, the new row not sent with the reason, the failed row untouched (Retry's)`, async () => {
      const hex = uniqueHex()
      await h.client.nfcCards.importCsv(`5A${hex}000000,Taken-${hex}\n`)
      const batch = await h.service.create({ name: c.kind })
      // A row refused for what the console holds of it (its card is there already): Retry leaves it too.
      const failed = `5A${hex}000000`
      const fresh = `5B${hex}000002`
      await h.service.addScan(batch.id, failed, `Again-${hex}`)
      expect(await h.service.upload(batch.id)).toMatchObject({ failed: 1 })
      await h.service.addScan(batch.id, fresh, `N${hex}`)

      h.activeClient = (await c.refuse()) ?? h.client
      const error = await h.service.upload(batch.id).catch((err: unknown) => err)
      expect(error).toMatchObject({
        kind: c.kind,
        ...(c.code !== undefined && { code: c.code }),
        message: `The upload stopped at part 1 of 1: ${c.message}`,
        hint: expect.stringContaining(c.hint),
        details: { sent: 1, imported: 0, failed: 0, unknown: 0 }
      })
      const detail = await h.service.get(batch.id)
      // The failed row is not Upload's (issue 31): it keeps its own reason, the new row gets the refusal's.
      // A refusal known by its status says what to do: the reason is the error's message and hint.
      const said = c.rowReason ?? `${c.message} ${(error as AppError).hint}`
      expect(detail.rows.map((r) => [r.status, r.reason])).toEqual([
        ['failed', expect.stringContaining('Already on the console as card')],
        ['pending', said]
      ])
      // Kept as the error's code and facts (shared/batches/row-reason.ts), so a desk in another language
      // words it as it words any error (errors-wording.ts), its wait, permission and version included.
      if (!c.rowReason) {
        expect(detail.rows[1]!.reasonSaid).toEqual({
          key: 'error',
          error: expect.objectContaining({ kind: c.kind, code: c.code ?? expect.any(String), message: c.message })
        })
        const kept = detail.rows[1]!.reasonSaid as Extract<RowReason, { key: 'error' }>
        const german = sayError({ ...kept.error, retryable: false }, new Translator('de', errorsDe))
        expect(german.english).toBeUndefined()
      }
      expect(detail.counts).toMatchObject({ failed: 1, pending: 1, unknown: 0 })
      expect(await h.onConsole(fresh)).toEqual([])
      expect(await h.onConsole(failed)).toMatchObject([{ alias: `Taken-${hex}` }])

      await demo.control('DELETE', '/__demo/faults')
      h.activeClient = h.client
      h.requests.length = 0
      // Once the console accepts requests again, Upload sends the new row; Retry does not send the failed
      // one again as it is: its card is on the console already, the console would refuse it alike (row-way-on).
      expect(await h.service.upload(batch.id)).toMatchObject({ sent: 1, imported: 1, failed: 0 })
      expect(await h.service.upload(batch.id, { onlyFailed: true })).toMatchObject({ sent: 0 })
      expect(h.requests).toEqual([[fresh]])
      expect(await h.onConsole(fresh)).toHaveLength(1)
    })
  }
})
