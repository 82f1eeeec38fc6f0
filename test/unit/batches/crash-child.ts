import { BatchService } from '../../../src/main/services/batches/batch-service'

/**
 * Scans continuously into one batch and prints each uid only after addScan resolved ("saved").
 * The crash test kills this process with SIGKILL at a random moment.
 */
const [dir, batchId] = process.argv.slice(2) as [string, string]
const service = new BatchService({ dir })
let n = 0
for (;;) {
  const uid = (0x04000000 + n++).toString(16).toUpperCase().padStart(8, '0')
  await service.addScan(batchId, uid)
  process.stdout.write(`saved ${uid}\n`)
}
