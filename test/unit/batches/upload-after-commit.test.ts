import { describe, expect, it } from 'vitest'
import type { Demo } from '../access/support'
import { uniqueHex, useUploadHarness, type UploadHarness } from './upload-harness'

const IMPORT = 'POST /credentials/nfc_cards/import'

/**
 * An import (E16) the console carried out whose answer was lost: the connection cut after the
 * cards were saved, or a proxy's 502 in place of the answer (the demo console's afterCommit fault,
 * over real HTTPS). The rows are "to check", never re-sent blindly; "Check with the console" finds
 * them imported; the console holds each card once.
 */
describe('upload when the console imported the cards and the answer was lost', () => {
  let demo: Demo
  let h: UploadHarness

  useUploadHarness((started, harness) => {
    demo = started
    h = harness
  })

  for (const [fault, afterCommit, kind] of [
    ['the connection is cut', { reset: 1 }, 'network'],
    ["a proxy's 502 replaces the answer", { status502: 1 }, 'server']
  ] as const) {
    it(`${fault}: the sent rows are "to check", not re-sent; checking finds them; each card is held once`, async () => {
      const hex = uniqueHex()
      const ids = ['01', '02', '03'].map((n) => `0D${hex}0000${n}`)
      const batch = await h.service.create({ name: 'After commit' })
      for (const [i, id] of ids.entries()) await h.service.addScan(batch.id, id, `C${hex}-${i}`)

      await demo.control('PUT', '/__demo/faults', { afterCommit: { ...afterCommit, paths: [IMPORT] } })
      const error = await h.service.upload(batch.id).catch((err: unknown) => err)
      expect(error).toMatchObject({
        kind,
        message: expect.stringMatching(/^The upload stopped at part 1 of 2: /),
        hint: expect.stringMatching(/^2 rows may or may not be on the console: they are marked "to check"/),
        details: { sent: 2, imported: 0, failed: 0, unknown: 2 }
      })
      // The console did import the first part, though the app could not know.
      for (const id of ids.slice(0, 2)) expect(await h.onConsole(id)).toHaveLength(1)
      expect(await h.onConsole(ids[2]!)).toEqual([])
      expect((await h.service.get(batch.id)).rows.map((r) => r.status)).toEqual(['unknown', 'unknown', 'pending'])

      // The console answers again. Neither "Retry failed" nor an upload sends the rows to check.
      await demo.control('DELETE', '/__demo/faults')
      h.requests.length = 0
      expect(await h.service.upload(batch.id, { onlyFailed: true })).toMatchObject({ sent: 0 })
      expect(await h.service.upload(batch.id)).toMatchObject({ sent: 1, imported: 1 })
      expect(h.requests).toEqual([[ids[2]]])

      // "Check with the console" finds both: imported, with the console's tokens; nothing left to send.
      expect(await h.service.check(batch.id)).toEqual({ found: 2, absent: 0 })
      h.requests.length = 0
      expect(await h.service.upload(batch.id)).toMatchObject({ sent: 0 })
      expect(h.requests).toEqual([])
      const detail = await h.service.get(batch.id)
      expect(detail.state).toBe('imported')
      for (const [i, id] of ids.entries()) {
        const held = await h.onConsole(id)
        expect(held.map((c) => c.alias)).toEqual([`C${hex}-${i}`])
        expect(detail.rows[i]!.token).toBe(held[0]!.token)
      }
    })
  }
})
