import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Where an end-to-end test writes a screenshot. A test run writes them to the ignored
 * `test-results/screens/` (to look at after a run), so `npm test` leaves the tracked tree as it was;
 * `npm run screenshots` (ACCESS_DESK_SCREENSHOTS=docs) writes the README's and the guides' pictures
 * in `docs/screens/`.
 */
export function screenshotPath(name: string): string {
  const dir = process.env['ACCESS_DESK_SCREENSHOTS'] === 'docs' ? 'docs/screens' : 'test-results/screens'
  mkdirSync(dir, { recursive: true })
  return join(dir, name)
}
