import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * A button shown as "Print a test label" and named for a screen reader "Print a test label on Front desk"
 * (a key and its `…Name` sibling) must keep the visible words inside the name, in every language: speech users
 * say what they see, and axe's label-content-name-mismatch (serious) fails a name that does not hold them.
 * Compared as axe does: lower case, punctuation and ellipses dropped, the placeholders filled.
 */
const messages = join(__dirname, '../../../src/shared/i18n/messages')
const curated = (text: string) =>
  text
    .replace(/\{[^{}]*\}/g, 'x')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()

describe('an accessible name holds the label shown', () => {
  for (const area of readdirSync(messages)) {
    for (const file of readdirSync(join(messages, area)).filter((f) => f.endsWith('.json'))) {
      it(`${area}/${file}`, () => {
        const words = JSON.parse(readFileSync(join(messages, area, file), 'utf8')) as Record<string, string>
        for (const [key, name] of Object.entries(words)) {
          const shown = key.endsWith('Name') ? words[key.slice(0, -'Name'.length)] : undefined
          // A label with a placeholder or a plural is compared where it is used (the e2e tests' axe runs).
          if (shown === undefined || shown.includes('{')) continue
          expect(curated(name), `${key}: "${name}" does not hold "${shown}"`).toContain(curated(shown))
        }
      })
    }
  }
})
