// Preloaded into `access-desk … --stream` by bench/cli-stream-memory.bench.ts
// (`node --expose-gc --import ./bench/cli-stream-memory-heap.mjs out/main/access-desk.js …`): after every
// 1,000th line written to standard output (one page of cards streamed), a full garbage collection and
// the heap still in use then. That is what the command holds, not what a lazy collector has not yet
// returned (peak RSS grows with the work done even when nothing is kept). At exit, the samples in
// order go to the file named by ACCESS_DESK_HEAP_FILE, one `<lines> <heapUsed bytes>` a line.
import { writeFileSync } from 'node:fs'

const PAGE = 1000
const file = process.env.ACCESS_DESK_HEAP_FILE
if (!file || typeof globalThis.gc !== 'function') {
  throw new Error('cli-stream-memory-heap.mjs needs ACCESS_DESK_HEAP_FILE and node --expose-gc')
}
const samples = []
let lines = 0
const write = process.stdout.write.bind(process.stdout)
process.stdout.write = (chunk, ...rest) => {
  // --stream writes one NDJSON line per call.
  if (String(chunk).endsWith('\n') && ++lines % PAGE === 0) {
    globalThis.gc()
    samples.push(`${lines} ${process.memoryUsage().heapUsed}`)
  }
  return write(chunk, ...rest)
}
process.on('exit', () => writeFileSync(file, samples.join('\n') + '\n'))
