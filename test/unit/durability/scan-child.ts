import { BatchService } from '../../../src/main/services/batches/batch-service'

/**
 * Adds `count` scans to one batch and prints "saved <uid>" after each addScan resolved, as the
 * screen would show it saved. Run under strace by the durability test.
 */
const [dir, batchId, count] = process.argv.slice(2) as [string, string, string]
const service = new BatchService({ dir })
for (let n = 0; n < Number(count); n++) {
  const uid = (0x04a00000 + n).toString(16).toUpperCase().padStart(8, '0')
  await service.addScan(batchId, uid)
  process.stdout.write(`saved ${uid}\n`)
}
await service.close()
