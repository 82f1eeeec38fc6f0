// Build out/ only when the sources changed since the last build (scripts/build-stamp.mjs), and say
// which it was in one line: `npm start`, `npm run web` and `npm run cli` start at once when nothing
// changed.
import { spawnSync } from 'node:child_process'
import { mkdirSync, rmdirSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { buildNeeded, stampPath } from './build-stamp.mjs'

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/**
 * One build at a time for this folder (two `npm run cli` calls at once would both empty out/): a
 * directory made atomically; one left by a build that died is taken after 10 minutes.
 */
function withBuildLock(root, work) {
  const lock = join(dirname(stampPath(root)), 'build.lock')
  mkdirSync(dirname(lock), { recursive: true })
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 600_000) rmdirSync(lock)
      } catch {
        // Released meanwhile: try again.
      }
      sleep(250)
    }
  }
  try {
    return work()
  } finally {
    rmdirSync(lock)
  }
}

/**
 * `say` prints the one line (stdout for `npm start`; stderr for the CLI, whose stdout is its answer
 * and which says nothing when it did not build). Returns the build's exit status (0: none needed).
 */
export function ensureBuilt(root, say, { quietWhenUnchanged = false } = {}) {
  const reason = buildNeeded(root)
  if (!reason) {
    if (!quietWhenUnchanged) say('Sources unchanged since the last build: starting without building.')
    return 0
  }
  return withBuildLock(root, () => {
    // Another call built it while this one waited for the lock.
    const still = buildNeeded(root)
    if (!still) return 0
    say(`Building first (${still}).`)
    const build = spawnSync(
      process.execPath,
      [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit']
      }
    )
    return build.status ?? 1
  })
}
