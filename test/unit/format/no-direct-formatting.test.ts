import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * Dates, times and numbers are written by shared/format alone (one formatter per locale, one look
 * per kind of value): a direct `toLocale…String`, a `new Intl.…` or `Intl.DateTimeFormat()` anywhere
 * else in src/ fails here. Sorting text goes through it too (`collator`).
 */
const root = join(process.cwd(), 'src')
const allowed = join(root, 'shared/format')
const DIRECT = /\.toLocale(?:Date|Time)?String\s*\(|\bnew\s+Intl\.|\bIntl\.[A-Za-z]+\s*\(/

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return path === allowed ? [] : sources(path)
    return /\.(ts|svelte|mjs|js)$/.test(e.name) ? [path] : []
  })
}

export function directFormatting(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && DIRECT.test(line))
    .map(({ line, n }) => `${n}: ${line}`)
}

describe('formatting in one place', () => {
  it('finds the direct calls it is there to refuse', () => {
    expect(directFormatting('x = new Date(at).toLocaleTimeString()')).toHaveLength(1)
    expect(directFormatting('{count.value.toLocaleString()}')).toHaveLength(1)
    expect(directFormatting("const f = new Intl.NumberFormat('de')")).toHaveLength(1)
    expect(directFormatting('const z = Intl.DateTimeFormat().resolvedOptions().timeZone')).toHaveLength(1)
    expect(directFormatting('let f: Intl.DateTimeFormatOptions = {}')).toHaveLength(0)
  })

  it('src/ formats dates and numbers only through shared/format', () => {
    const found = sources(root).flatMap((file) =>
      directFormatting(readFileSync(file, 'utf8')).map((hit) => `${relative(process.cwd(), file)}:${hit}`)
    )
    expect(found, 'use src/shared/format (formats, deskFormats in the renderer) instead').toEqual([])
  })
})
