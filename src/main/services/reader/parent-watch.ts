import { Worker } from 'node:worker_threads'

/**
 * The reader host ends when the process that started it is gone, even while its own thread is stuck.
 *
 * Main's normal end stops the host (a `stop` message), and Node's fork closes the IPC channel when main
 * dies, which the host hears as `disconnect`. But `new NFC()` blocks the host's only thread in a native
 * retry loop while there is no PC/SC service (and no socket to probe first: macOS, Windows, `--no-probe`):
 * a host stuck there when main was killed (SIGKILL, a crash) hears nothing and stays, busy, for ever,
 * holding the reader once the service is back. A worker thread keeps its own loop while the main thread is
 * blocked: it looks at the parent every `everyMs` and kills the whole host when the parent is gone — on
 * POSIX the orphan is handed to another parent (its ppid changes), on Windows the old pid no longer answers.
 * `unref`: the watch never keeps a host alive that would otherwise end.
 */
export function endWithParent(everyMs = 500): Worker {
  const worker = new Worker(
    `
    const { workerData } = require('node:worker_threads')
    const parent = workerData.parent
    const alive = () => {
      if (process.ppid !== parent) return false
      try { process.kill(parent, 0); return true } catch (err) { return err.code === 'EPERM' }
    }
    setInterval(() => { if (!alive()) process.kill(workerData.self, 'SIGKILL') }, workerData.everyMs)
    `,
    { eval: true, workerData: { parent: process.ppid, self: process.pid, everyMs } }
  )
  worker.unref()
  return worker
}
