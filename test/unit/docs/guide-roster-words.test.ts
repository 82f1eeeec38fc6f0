import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { yesNoLanguages } from '../../../src/shared/roster/yes-no-words'

/**
 * The installer's guide lists the words a roster's PIN and Touch Pass cells may hold; the table in
 * src/shared/roster/yes-no-words.ts is the one the app reads them by. The guide must list each of them,
 * as yes or as no, so what it promises is what the app does.
 */
describe("the installer's guide and the roster's yes/no words", () => {
  const guide = readFileSync('docs/guide/installer.md', 'utf8')
  const pinRow = guide.split('\n').find((line) => /^\|\s*PIN\s*\|/.test(line))
  const [yesPart, noPart] = (pinRow ?? '').split(/;\s*none for/)

  const listed = (part: string | undefined) =>
    new Set(
      (part ?? '')
        .replace(/\([^)]*\)/g, ' ')
        .split(/[\s,|]+/)
        .map((w) => w.toLowerCase())
    )

  it('has the PIN row, with its yes words and its no words', () => {
    expect(pinRow).toBeDefined()
    expect(noPart).toBeDefined()
  })

  it('lists every yes word of the table as yes and every no word as no', () => {
    const yes = listed(yesPart)
    const no = listed(noPart)
    const missing = yesNoLanguages.flatMap((l) => [
      ...l.yes.filter((w) => !yes.has(w)).map((w) => `yes: ${w}`),
      ...l.no.filter((w) => !no.has(w)).map((w) => `no: ${w}`)
    ])
    expect(missing).toEqual([])
  })
})
