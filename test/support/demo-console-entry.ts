import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = process.cwd()
// Under node_modules: the bundle's bare imports (fastify, selfsigned, zod…) resolve from the project's packages.
const cacheDir = join(root, 'node_modules/.cache/access-desk-tests')
let entry: string | undefined

/**
 * The demo console's command (src/demo-console/cli.ts) as plain JavaScript, for tests that start it as a process.
 * Through the tsx loader each start transformed its sources again (~1.5 s more per start on a loaded 2-core machine,
 * and the suite starts it dozens of times). It is bundled from the sources as they are now, once per test file's
 * module graph (esbuild, ~0.2 s), so a test never runs an older demo console than the tree it tests; the file is
 * named by its content, written beside and renamed, so two workers bundling at once never read a half-written one.
 */
export function demoConsoleEntry(): string {
  if (entry && existsSync(entry)) return entry
  // esbuild's command, not its API: the API refuses to run in the renderer project's jsdom (its TextEncoder and
  // Uint8Array are not Node's), and those files start the demo console too.
  const code = execFileSync(
    join(root, 'node_modules/.bin/esbuild'),
    [
      'src/demo-console/cli.ts',
      '--bundle',
      '--platform=node',
      '--format=esm',
      '--target=node20',
      '--packages=external',
      '--log-level=warning'
    ],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 }
  )
  const file = join(cacheDir, `demo-console-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`)
  if (!existsSync(file)) {
    mkdirSync(cacheDir, { recursive: true })
    const written = `${file}.${process.pid}.tmp`
    writeFileSync(written, code)
    renameSync(written, file)
  }
  return (entry = file)
}
