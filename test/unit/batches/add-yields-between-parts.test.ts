import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { ADD_PART_ROWS } from '../../../src/main/services/batches/in-parts'
import { tempDir } from '../../support/temp'

/** 10,000 lines in the console's own format, each a different 7-byte NFC ID. */
const file = Array.from(
  { length: 10_000 },
  (_, i) => `04${(0x5000000000 + i * 7919).toString(16).toUpperCase().padStart(12, '0')},Ten ${i}`
).join('\n')

/**
 * Adding a large file never holds main's event loop for seconds on one call: the reader host's
 * heartbeat, the tab's other calls and events wait while it does. The rows go in parts, main's loop
 * running between them.
 */
describe('adding 10,000 lines to a batch', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let service: BatchService
  const changes: { rows: number; turns: number }[] = []
  let turns = 0

  beforeEach(async () => {
    dir = await tempDir()
    changes.length = 0
    service = new BatchService({
      dir: join(dir.path, 'batches'),
      emit: (event, payload) => {
        if (event === 'batches.changed')
          changes.push({ rows: (payload as { rows: { added: unknown[] } }).rows.added.length, turns })
      }
    })
  })
  afterEach(async () => {
    await service.close()
    await dir.remove()
  })

  it('goes in parts with main’s loop free between them, and its longest block stays below the reader heartbeat’s 2 s', async () => {
    const batch = await service.create({ name: 'Ten thousand' })
    changes.length = 0
    // A turn of main's loop: counted each time the loop gets to run anything else.
    let ticking = true
    const tick = () => {
      turns++
      if (ticking) setImmediate(tick)
    }
    setImmediate(tick)
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const { added } = await service.importFile(batch.id, file, 50)
    delay.disable()
    ticking = false
    const longestMs = delay.max / 1e6
    console.info(`longest block of main's loop while adding 10,000 lines: ${longestMs.toFixed(0)} ms`)

    expect(added).toBe(10_000)
    // The batch holds every line, once.
    const rows = (await service.get(batch.id)).rows
    expect(rows).toHaveLength(10_000)
    expect(new Set(rows.map((r) => r.nfcId)).size).toBe(10_000)
    // In parts, each said to the renderer as it lands, with main's loop having run between two parts.
    expect(changes.length).toBe(10_000 / ADD_PART_ROWS)
    expect(changes.map((c) => c.rows)).toEqual(changes.map(() => ADD_PART_ROWS))
    for (let i = 1; i < changes.length; i++) expect(changes[i]!.turns).toBeGreaterThan(changes[i - 1]!.turns)
    expect(longestMs).toBeLessThan(2000)
  }, 60_000)
})
