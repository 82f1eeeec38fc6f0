import { describe, expect, it } from 'vitest'
import type { Demo } from '../access/support'
import { uniqueHex, useUploadHarness, type UploadHarness } from './upload-harness'
import { Translator } from '../../../src/shared/i18n/translator'
import type { RowReason } from '../../../src/shared/batches/row-reason'
import en from '../../../src/shared/i18n/messages/import/en.json'
import de from '../../../src/shared/i18n/messages/import/de.json'
import fr from '../../../src/shared/i18n/messages/import/fr.json'
import es from '../../../src/shared/i18n/messages/import/es.json'

const IMPORT = 'POST /credentials/nfc_cards/import'

/**
 * An import part whose answer was lost after the console imported it, each kind of loss over real
 * HTTPS (the demo console's faults): the row says what happened in one sentence of its kind — no
 * answer in time, the connection cut after the cards were sent, a server error answered — in each
 * of the desk's four languages, never the same thing twice, never "the answer was lost" for an answer
 * that came. The console holds the cards (it imported them); the rows are "to check".
 */
describe("an upload part's lost answer, said once by its kind", () => {
  let demo: Demo
  let h: UploadHarness

  useUploadHarness((started, harness) => {
    demo = started
    h = harness
  })

  const kinds = [
    ['the connection is cut after sending', { afterCommit: { reset: 1, paths: [IMPORT] } }, 'lostCut', /cut/],
    [
      'the console answers a 500',
      { afterCommit: { status500: 1, paths: [IMPORT] } },
      'lostServerError',
      /server error/
    ],
    [
      "a proxy's 502 replaces the answer",
      { afterCommit: { status502: 1, paths: [IMPORT] } },
      'lostServerError',
      /server error/
    ],
    ['no answer in time', { latencyMs: 400 }, 'lostNoAnswer', /did not answer in time/]
  ] as const

  for (const [how, faults, key, english] of kinds) {
    it(`${how}: "${key}", one sentence, in four languages`, async () => {
      const hex = uniqueHex()
      const id = `0E${hex}000001`
      const batch = await h.service.create({ name: 'Lost' })
      await h.service.addScan(batch.id, id, `L${hex}`)
      await demo.control('PUT', '/__demo/faults', faults)
      if ('latencyMs' in faults) h.importTimeoutMs = 100
      try {
        await h.service.upload(batch.id).catch(() => undefined)
      } finally {
        h.importTimeoutMs = undefined
        if ('latencyMs' in faults) await new Promise((resolve) => setTimeout(resolve, 450))
        await demo.control('DELETE', '/__demo/faults')
      }
      const row = (await h.service.get(batch.id)).rows[0]!
      expect(row.status).toBe('unknown')
      // After a commit the console did import it: the row is "to check", the card held once.
      if ('afterCommit' in faults) expect(await h.onConsole(id)).toHaveLength(1)
      const said = row.reasonSaid as Exclude<RowReason, { key: 'error' }>
      expect(said.key).toMatch(new RegExp(`^${key}(Said)?$`))
      expect(row.reason).toMatch(english)
      for (const [locale, catalogue] of [
        ['en', en],
        ['de', de],
        ['fr', fr],
        ['es', es]
      ] as const) {
        const words = new Translator(locale, catalogue).t(`rowReason.${said.key}`, said.values)
        expect(words).not.toBe(`rowReason.${said.key}`)
        expect(words).not.toMatch(/\{|\}/)
        // One sentence of what happened, then what to do: no cause repeating it.
        expect(words.split(/[.:!]\s/).length).toBeLessThanOrEqual(3)
      }
      expect(row.reason).not.toMatch(/answered.*answered|answer was lost/)
    })
  }
})
