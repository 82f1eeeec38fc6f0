import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * A shown word never falls back to an English literal (`words.cancel ?? 'Cancel'`): on a German desk
 * that fallback is the one English word on the screen. A word a caller may leave out falls back to the
 * catalogue's word in the desk's language (ConfirmDialog's Cancel is the common words' `cancel`). The
 * renderer's components, screens and their stores are read: a `??` or `||` followed by a capitalised
 * string is such a fallback (a state or a key starts lower case: `?? 'unknown'`).
 */
const renderer = join(__dirname, '../../../src/renderer/src')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sources(path)
    return /\.(svelte|ts)$/.test(entry.name) ? [path] : []
  })
}

const englishFallback = /(\?\?|\|\|)\s*(['"`])[A-Z][a-z]/

describe('no English literal stands in for a shown word', () => {
  it('no component, screen or store falls back to a capitalised string', () => {
    const found = sources(renderer).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          englishFallback.test(line) ? [`${relative(renderer, file)}:${i + 1}: ${line.trim()}`] : []
        )
    )
    expect(sources(renderer).length).toBeGreaterThan(100)
    expect(found).toEqual([])
  })
})
