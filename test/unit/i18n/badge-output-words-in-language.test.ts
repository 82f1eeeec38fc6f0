import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Where a badge went is a fact main records (`output`, the printer's name); the words for it on a screen
 * are the desk's language: lib/i18n/badge-output-words.svelte.ts. shared/badges/output-words.ts keeps the
 * English twin for what main writes (the audit file); a screen that took its words from there said
 * "Sent to the print dialog" on a German desk (Today's kiosk check-ins).
 */
describe('a badge’s output is worded in the desk’s language on every screen', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|svelte)$/.test(e.name) ? [join(dir, e.name)] : []
    )

  it('no renderer file takes badgeOutputWords from main’s English words', () => {
    const english = files('src/renderer/src').filter((f) =>
      /import\s*\{[^}]*\bbadgeOutputWords\b[^}]*\}\s*from\s*'[./]*shared\/badges\/output-words'/.test(
        readFileSync(f, 'utf8')
      )
    )
    expect(english).toEqual([])
  })
})
