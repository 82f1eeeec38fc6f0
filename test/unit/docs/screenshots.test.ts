import { readdirSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { screenshotPath } from '../../support/screenshots'

/** `npm test` leaves the tracked tree as it was: only `npm run screenshots` writes docs/screens/. */
describe('screenshots of the end-to-end tests', () => {
  const before = process.env['ACCESS_DESK_SCREENSHOTS']
  afterEach(() => {
    if (before === undefined) delete process.env['ACCESS_DESK_SCREENSHOTS']
    else process.env['ACCESS_DESK_SCREENSHOTS'] = before
  })

  it('go to the ignored test-results/screens/ in a test run, to docs/screens/ for npm run screenshots', () => {
    delete process.env['ACCESS_DESK_SCREENSHOTS']
    expect(screenshotPath('cards.png')).toBe('test-results/screens/cards.png')
    expect(readFileSync('.gitignore', 'utf8').split('\n')).toContain('test-results/')
    process.env['ACCESS_DESK_SCREENSHOTS'] = 'docs'
    expect(screenshotPath('cards.png')).toBe('docs/screens/cards.png')
  })

  it('no end-to-end test writes into docs/ by itself', () => {
    for (const file of readdirSync('test/e2e').filter((f) => f.endsWith('.ts'))) {
      expect(readFileSync(`test/e2e/${file}`, 'utf8'), file).not.toMatch(/['"`]docs\//)
    }
  })
})
