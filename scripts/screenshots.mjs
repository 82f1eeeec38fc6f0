// `npm run screenshots`: builds the app and runs the end-to-end tests that take the README's and the
// guides' pictures, writing them to docs/screens/ (a plain `npm test` writes them to the ignored
// test-results/screens/, leaving the tracked tree as it was: test/support/screenshots.ts).
import { execFileSync, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

const files = readdirSync('test/e2e')
  .filter((f) => f.endsWith('.e2e.test.ts'))
  .filter((f) => readFileSync(`test/e2e/${f}`, 'utf8').includes('screenshotPath('))
  .map((f) => `test/e2e/${f}`)
execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], { stdio: 'inherit' })
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'e2e', ...files], {
  stdio: 'inherit',
  env: { ...process.env, ACCESS_DESK_SCREENSHOTS: 'docs' }
})
process.exit(run.status ?? 1)
